import type { FastifyBaseLogger } from 'fastify';

/**
 * Waits for a shutdown step, but no longer than `ms`: a step that hangs (a child process that does
 * not exit, a connection left in CLOSE-WAIT) is logged by name and left behind, so the site still
 * closes within a bound. What such a step leaves unfinished is picked up at the next start (the
 * recorder's staged segments are recovered then).
 */
export async function bounded(log: FastifyBaseLogger, what: string, ms: number, step: () => Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
    timer.unref();
  });
  try {
    const outcome = await Promise.race([step().then(() => 'done' as const), late]);
    if (outcome === 'late') log.warn({ step: what, ms }, 'shutdown: a step did not finish in time; closing without it');
  } catch (err) {
    log.error({ err, step: what }, 'shutdown: a step failed');
  } finally {
    clearTimeout(timer);
  }
}
