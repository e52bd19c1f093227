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

/**
 * Closes `close` on SIGINT / SIGTERM, then exits; a second signal meanwhile exits at once.
 *
 * The listeners stay (`on`, not `once`): a library in the process (signal-exit, which re-raises a
 * signal on the process when its own listener is the last one left) saw a `once` listener already
 * removed while the signal was being handled, and killed the process with the same signal at once.
 * So no close ever ran: the primary died while its socket processes were closing, and a demo
 * render (ffmpeg) it had started lived on without it.
 */
export function exitOnSignal(log: { info(msg: string): void; error(obj: object, msg: string): void }, close: () => Promise<void>) {
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) {
        log.info(`${signal} again: exiting without waiting`);
        return process.exit(1);
      }
      closing = true;
      log.info(`${signal}: closing`);
      close()
        .then(() => process.exit(0))
        .catch((err) => {
          log.error({ err }, 'close failed');
          process.exit(1);
        });
    });
  }
}
