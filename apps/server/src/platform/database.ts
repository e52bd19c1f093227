import fp from 'fastify-plugin';
import { type Database, openDatabase } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one database (PGlite or PostgreSQL behind one Drizzle type); repos take `database.db`. */
    database: Database;
  }
}

/** Opens the database from the settings, or takes one already open (tests share one); closes only its own. */
export const databasePlugin = fp<{ database?: Database }>(
  async (app, opts) => {
    const { config } = app;
    const database =
      opts.database ??
      (await openDatabase({
        url: config.DATABASE_URL,
        dataDir: config.dataDir,
        poolSize: config.DB_POOL_SIZE,
        // Statements over 20 ms, with their SQL.
        onSlowQuery: ({ ms, sql }) => app.log.warn({ ms, sql }, `slow query (${ms} ms)`),
      }));
    app.decorate('database', database);
    if (!opts.database) app.addHook('onClose', async () => database.close());
  },
  { name: 'database', fastify: '5.x', dependencies: ['config'] },
);
