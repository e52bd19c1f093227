import type { FastifyBaseLogger } from 'fastify';
import { createGroupCommit } from './group-commit.ts';
import type { NewMessage, StoredMessage } from './repo.ts';

/**
 * Numbers a room's messages in memory and stores them behind, for the embedded database, where one
 * process owns the database and so can be the rooms' only counter (socket processes send their
 * messages here: platform/owner.ts).
 *
 * Why: a message used to be published only once its row was stored, and the store took a 30 ms
 * gather (chat/repo.ts) plus a turn on the database's thread behind everything else it ran. In the
 * cluster bench that was 20–25 ms of every message's way (p99 70–90 ms), before the fan-out even
 * began. Now the number is taken at once and the message goes to the bus; the rows of a room are
 * written in the background, all processes' messages together in one statement per gather.
 *
 * What it costs: a message is in the history a moment after its viewers have it (its sender is
 * answered only once it is, so they find it wherever they look next). `settled` lets a history read
 * wait for the rows on their way. If the process dies in that moment, those messages were seen but
 * are not kept, and their numbers are given again after the restart (the whole embedded site
 * restarts with its owner).
 *
 * PostgreSQL is shared by any number of processes and machines: there the database keeps numbering
 * (repo.append), as this counter can be right in one process only.
 */
export function createSequencer(deps: {
  lastSeq: (groupId: number) => Promise<number>;
  store: (groupId: number, msgs: StoredMessage[]) => Promise<void>;
  /** Sends a numbered message on its way; called at once, so the bus has a room's messages in order. */
  publish: (m: StoredMessage) => Promise<unknown>;
  now: () => Date;
  log: FastifyBaseLogger;
  gatherMs: number;
}) {
  /** Each room's last number given (from the database the first time the room speaks here). */
  const counters = new Map<number, Promise<{ last: number }>>();
  /** Each room's latest store on its way: later ones finish after it (group commit keeps order). */
  const writing = new Map<number, Promise<void>>();
  const commit = createGroupCommit<StoredMessage, void>(
    async (groupId, msgs) => {
      await deps.store(groupId, msgs);
      return msgs.map(() => undefined);
    },
    // A refused row fails only its own message (group-commit.ts); already shown, it is logged below.
    { gatherMs: deps.gatherMs, onSplit: (groupId, count, err) => deps.log.warn({ err, groupId, count }, 'chat rows not stored together: stored one by one') },
  );

  function counter(groupId: number) {
    let c = counters.get(groupId);
    if (!c) {
      c = deps.lastSeq(groupId).then((last) => ({ last }));
      counters.set(groupId, c);
      // A failed read is not kept: the next message asks again.
      c.catch(() => counters.get(groupId) === c && counters.delete(groupId));
    }
    return c;
  }

  return {
    /**
     * Gives the message the room's next number, publishes it at once and resolves once its row is
     * written (the sender's answer waits for that, its viewers do not). Messages of one room are
     * numbered in the order they came (they wait for the same counter, first come first served)
     * and published in that order.
     */
    async sequence(msg: NewMessage): Promise<StoredMessage> {
      const c = await counter(msg.groupId);
      const stored: StoredMessage = { ...msg, ext: msg.ext ?? null, seq: ++c.last, createdAt: deps.now() };
      void deps.publish(stored).catch((err: unknown) => deps.log.error({ err, groupId: msg.groupId, seq: stored.seq }, 'chat message not published'));
      const written = commit(msg.groupId, stored);
      const done = written.then(
        () => undefined,
        () => undefined,
      );
      writing.set(msg.groupId, done);
      void done.then(() => writing.get(msg.groupId) === done && writing.delete(msg.groupId));
      // The sender hears back once the row is written: what they were told was sent is kept.
      await written.catch((err: unknown) => {
        deps.log.error({ err, groupId: msg.groupId, seq: stored.seq }, 'chat message not stored');
        throw err;
      });
      return stored;
    },

    /** Resolves once every message of the room numbered so far is stored (or failed to be). */
    settled: (groupId: number) => writing.get(groupId) ?? Promise.resolve(),

    /** Every room's messages on their way stored (on shutdown). */
    async flush() {
      await Promise.all([...writing.values()]);
    },
  };
}
