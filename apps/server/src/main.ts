import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { seedDemo } from './db/seed/demo.ts';

// Entry point: read config, build the app, load demo data into an empty database, listen.
const started = performance.now();
const config = loadConfig();
const app = await buildApp({ config });
const built = performance.now();
if (config.DEMO_DATA) await seedDemo(app);
const seeded = performance.now();
await app.listen({ host: config.HOST, port: config.PORT });
// Start-up time is a promise of the README (first page in under 10 s): log where it goes.
const ms = (a: number, b: number) => Math.round(b - a);
app.log.info(
  { startupMs: { build: ms(started, built), seed: ms(built, seeded), listen: ms(seeded, performance.now()) } },
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
