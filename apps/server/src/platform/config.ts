import fs from 'node:fs';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every setting, parsed once from the environment (config.ts). */
    config: Config;
    /**
     * Resolves when the demo data is in. The demo plugin (loaded only with DEMO_DATA on) replaces
     * it with its seed; otherwise it is resolved from the start. Read it in onReady / onListen
     * hooks, not while plugins register.
     */
    demoSeeded: Promise<void>;
  }
}

/** The settings, as the first platform plugin: every other plugin reads `app.config`. */
export const configPlugin = fp<{ config: Config }>(
  async (app, opts) => {
    fs.mkdirSync(opts.config.dataDir, { recursive: true });
    app.decorate('config', opts.config);
    app.decorate('demoSeeded', Promise.resolve());
  },
  { name: 'config', fastify: '5.x' },
);
