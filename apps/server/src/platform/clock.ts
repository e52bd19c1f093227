/** Time source for services, so tests can move time instead of waiting for it. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
