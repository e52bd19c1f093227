import fp from 'fastify-plugin';

/** Time source for services, so tests can move time instead of waiting for it. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

export const clockPlugin = fp<{ clock?: Clock }>(
  async (app, opts) => {
    app.decorate('clock', opts.clock ?? systemClock);
  },
  { name: 'clock', fastify: '5.x' },
);
