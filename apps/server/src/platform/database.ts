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
        // Statements over 20 ms, with their SQL on one line (the money statements run to 5 kB: the
        // first 600 characters name the statement; a loaded machine printed megabytes of them).
        onSlowQuery: ({ ms, sql }) => app.log.warn({ ms, sql: oneLine(sql) }, `slow query (${ms} ms)`),
      }));
    app.decorate('database', database);
    // Before each request the server takes, the embedded database's answers already back are
    // handed over (db/pglite-thread.ts): at kick-off a goal's statement otherwise waited behind
    // every ready request of the crowd before it could go out.
    const collect = database.collectReplies;
    if (collect) app.server.prependListener('request', () => collect());
    if (!opts.database) app.addHook('onClose', async () => database.close());
  },
  { name: 'database', fastify: '5.x', dependencies: ['config'] },
);

const SQL_SHOWN = 600;
function oneLine(sql: string) {
  const flat = sql.replace(/\s+/g, ' ').trim();
  return flat.length > SQL_SHOWN ? `${flat.slice(0, SQL_SHOWN)}… (${flat.length} characters)` : flat;
}
