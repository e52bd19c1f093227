/** How long to wait before reconnect attempt `attempt` (0 = the first retry). */
export interface BackoffOptions {
  /** Wait before the first retry, doubled by every failed attempt. */
  baseMs: number;
  /** No wait is ever longer. */
  capMs: number;
  /** Share of the wait that is random (0 none … 1 anywhere from 0 to the full wait). */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1000, capMs: 30_000, jitter: 0.5 };

/**
 * Exponential backoff with jitter and a cap: the wait is base·2^attempt (at most cap), minus a
 * random share of it, so after a server restart thousands of tabs do not all reconnect in the
 * same instant, and none ever waits past the cap.
 */
export function backoffDelay(attempt: number, o: BackoffOptions = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  // 2^30 is far past any cap; the limit keeps the power finite for absurd attempt counts.
  const full = Math.min(o.capMs, o.baseMs * 2 ** Math.min(Math.max(attempt, 0), 30));
  return Math.round(full * (1 - o.jitter * random()));
}
