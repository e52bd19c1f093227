import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { seedDemo } from './db/seed/demo.ts';

// Entry point: read config, build the app, listen, then load demo data into an empty database.
const started = performance.now();
const config = loadConfig();
const app = await buildApp({ config });
const built = performance.now();
// Listen first, then load the demo data: the embedded database runs in this process's own thread,
// so bulk demo writes would hold up the first requests. A first start serves its first page within
// seconds; the demo content (and the replay and demo streams, which wait for it) follows right after.
let seedNow: () => void = () => undefined;
if (config.DEMO_DATA) {
  app.demoSeeded = new Promise<void>((resolve) => (seedNow = resolve)).then(() => seedDemo(app));
  app.demoSeeded.then(
    () => app.log.info(`demo data ready after ${Math.round(performance.now() - started)} ms`),
    (err) => app.log.error({ err }, 'demo data could not be loaded'),
  );
}
await app.listen({ host: config.HOST, port: config.PORT });
setTimeout(seedNow, 1000).unref();
// Start-up time is a promise of the README (first page in under 10 s): log where it goes.
const ms = (a: number, b: number) => Math.round(b - a);
app.log.info(
  { startupMs: { build: ms(started, built), listen: ms(built, performance.now()) } },
  `site ready at ${config.publicUrl} in ${ms(started, performance.now())} ms (database: ${app.database.kind}, bus: ${app.bus.kind})`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    app
      .close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  });
}
