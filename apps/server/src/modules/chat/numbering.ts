import type { FastifyBaseLogger } from 'fastify';
import type { ImMessage } from '@livesports/contracts/chat';
import type { Bus } from '../../platform/bus.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import type { Owner } from '../../platform/owner.ts';
import type { ChatRepo, NewMessage, StoredMessage } from './repo.ts';
import { createSequencer } from './sequencer.ts';
import { groupChannel, toImMessage } from './messages.service.ts';
import { unstorable } from './storable.ts';

/** On the embedded database a room's rows are written 30 ms of messages at a time (sequencer.ts). */
const PGLITE_GATHER_MS = 30;
const OWNER_CALL = 'chat.post';
const OWNER_SETTLED = 'chat.settled';

/** The owner's answer to a socket process for a message it refused (the sender is told why). */
type Refused = { refused: { key: AppError['key']; params?: Record<string, string | number> } };

/**
 * How a message gets its number and goes on the bus, by where this process stands:
 *   - PostgreSQL (any number of processes): the database numbers it as it stores it, then it is
 *     published (repo.append);
 *   - the embedded database's owner (a single process, or the primary): this process's counter
 *     numbers it, publishes it and stores it behind (sequencer.ts);
 *   - a socket process on the embedded database: the owner does that (platform/owner.ts).
 */
export function createNumbering(deps: { repo: ChatRepo; bus: Bus; owner: Owner; embedded: boolean; now: () => Date; log: FastifyBaseLogger }) {
  const publish = async (stored: StoredMessage) => {
    const m = toImMessage(stored);
    await deps.bus.publish(groupChannel(m.groupId), JSON.stringify(m));
    return m;
  };
  // What the database would refuse is refused before the message has a number or an audience
  // (storable.ts); the senders' text is checked earlier, this covers every field of every message.
  const check = (msg: NewMessage) => {
    if (unstorable([msg.fromIdentifier, msg.nick, msg.avatar, msg.type, msg.payload, msg.ext])) throw badInput('chat.bad_text');
  };
  if (!deps.embedded)
    return {
      append: async (msg: NewMessage) => {
        check(msg);
        return publish(await deps.repo.append(msg));
      },
      settled: async () => {},
      flush: async () => {},
    };

  const call = deps.owner.call;
  // A history read here waits for the owner's rows on their way too: a process opening a room
  // subscribes, then reads the database, and a message numbered before its subscription reached the
  // owner is neither on its bus nor (for up to a gather) in the database. Without the wait, viewers
  // resuming on a socket process that had just started (the kill test: the restarted process taking
  // its share of the reconnects) lost those messages for good (62 viewers, 377 messages in one run).
  if (call)
    return {
      append: async (msg: NewMessage) => {
        check(msg);
        const answer = (await call(OWNER_CALL, msg)) as ImMessage | Refused;
        if ('refused' in answer) throw badInput(answer.refused.key, answer.refused.params);
        return answer;
      },
      settled: async (groupId: number) => void (await call(OWNER_SETTLED, groupId)),
      flush: async () => {},
    };

  const sequencer = createSequencer({ lastSeq: deps.repo.lastSeq, store: deps.repo.storeNumbered, publish, now: deps.now, log: deps.log, gatherMs: PGLITE_GATHER_MS });
  const append = async (msg: NewMessage) => {
    check(msg);
    return toImMessage(await sequencer.sequence(msg));
  };
  // A refusal goes back to a socket process as its message key, so its sender reads why in their
  // language (across the IPC channel an error arrives as its text only).
  deps.owner.handlers.set(OWNER_CALL, (arg) =>
    append(arg as NewMessage).catch((err: unknown): Refused => {
      if (err instanceof AppError) return { refused: { key: err.key, ...(err.params ? { params: err.params } : {}) } };
      throw err;
    }),
  );
  deps.owner.handlers.set(OWNER_SETTLED, (arg) => sequencer.settled(Number(arg)));
  return { append, settled: sequencer.settled, flush: sequencer.flush };
}
