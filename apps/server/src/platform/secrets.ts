import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { randomToken } from './crypto.ts';

/**
 * A secret from the environment, or one generated on first start and kept in DATA_DIR, so a
 * self-hoster needs to configure nothing and signatures survive restarts.
 */
export function loadSecret(dataDir: string, name: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'secrets', `${name}.key`);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const secret = randomToken(48);
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    secrets: {
      /** APP_SECRET (or the generated one): upload tokens, play URLs and other signatures. */
      app: string;
      /** A named secret from the environment value given, else generated once into DATA_DIR/secrets. */
      named(name: string, fromEnv?: string): string;
    };
  }
}

export const secretsPlugin = fp(
  async (app) => {
    const dataDir = app.config.dataDir;
    app.decorate('secrets', { app: loadSecret(dataDir, 'app', app.config.APP_SECRET), named: (name: string, fromEnv?: string) => loadSecret(dataDir, name, fromEnv) });
  },
  { name: 'secrets', fastify: '5.x', dependencies: ['config'] },
);
