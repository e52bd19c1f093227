import fp from 'fastify-plugin';

/** A call the database owner answers for the socket processes (cluster/ipc.ts carries it). */
export type OwnerCall = (name: string, arg: unknown) => Promise<unknown>;

/**
 * Work that must happen in the one process that owns the embedded database, reached from the
 * others (WORKERS > 1 without DATABASE_URL). Why: some of it keeps its state in that process's
 * memory, such as each room's next chat sequence number (chat/sequencer.ts), and is only right
 * when a single process does it.
 *   - In a socket process, `call` sends the work to the owner (cluster/edge.ts gives it).
 *   - In the owner (and in a single process), `call` is null. Modules put their handlers in
 *     `handlers`, and the primary answers the socket processes with them (cluster/primary.ts).
 */
export interface Owner {
  call: OwnerCall | null;
  handlers: Map<string, (arg: unknown) => Promise<unknown>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    owner: Owner;
  }
}

export const ownerPlugin = fp<{ call?: OwnerCall }>(
  async (app, opts) => {
    app.decorate('owner', { call: opts.call ?? null, handlers: new Map() } satisfies Owner);
  },
  { name: 'owner', fastify: '5.x' },
);
