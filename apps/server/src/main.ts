import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { seedDemo } from './db/seed/demo.ts';

// Entry point: read config, build the app, load demo data into an empty database, listen.
const config = loadConfig();
const app = await buildApp({ config });
if (config.DEMO_DATA) await seedDemo(app);
await app.listen({ host: config.HOST, port: config.PORT });
app.log.info(`site ready at ${config.publicUrl} (database: ${app.database.kind}, bus: ${app.bus.kind})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    app
      .close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  });
}
