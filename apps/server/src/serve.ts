import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from './app.ts';
import type { Config } from './config.ts';

/**
 * Builds the site and listens (the demo plugin, when on, loads the demo data once it listens):
 * what `npm start` runs in one process, and what the primary runs when several processes share the sockets
 * (cluster/primary.ts: it owns the database and the work that runs once, and listens only for its
 * socket processes).
 */
export async function serveSite(config: Config, listen: { host: string; port: number }, opts: Omit<BuildOptions, 'config'> = {}): Promise<FastifyInstance> {
  const started = performance.now();
  const app = await buildApp({ config, ...opts });
  const built = performance.now();
  await app.listen(listen);
  // Start-up time is a promise of the README (first page in under 10 s): log where it goes.
  const ms = (a: number, b: number) => Math.round(b - a);
  app.log.info(
    { startupMs: { build: ms(started, built), listen: ms(built, performance.now()) } },
    `site built in ${ms(started, performance.now())} ms (database: ${app.database.kind}, bus: ${app.bus.kind})`,
  );
  return app;
}

/** Closes `close` on SIGINT / SIGTERM, then exits. */
export function exitOnSignal(log: { info(msg: string): void }, close: () => Promise<void>) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log.info(`${signal}: closing`);
      close()
        .then(() => process.exit(0))
        .catch(() => process.exit(1));
    });
  }
}
