import { describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../../platform/bus.ts';
import { createSessionCheck } from './session-check.ts';

const CHANNEL = 'test.sessions_ended';

/** A session check over a fake database (open sessions by id) and a memory bus, with a clock to move. */
async function setup() {
  const bus = createMemoryBus();
  const open = new Map<number, number>([
    [11, 1],
    [12, 1],
    [21, 2],
  ]);
  let queries = 0;
  let hold: Promise<void> | null = null;
  let t = 1_000_000;
  const check = createSessionCheck({
    bus,
    sessionsEndedChannel: CHANNEL,
    ttlMs: 15_000,
    now: () => t,
    async sessionActive(sessionId, userId) {
      queries++;
      const answer = open.get(sessionId) === userId;
      if (hold) await hold;
      return answer;
    },
  });
  // Let the bus subscription settle (nothing is remembered before it).
  await new Promise((r) => setImmediate(r));
  const end = async (ended: object, sessionIds: number[]) => {
    for (const id of sessionIds) open.delete(id);
    await bus.publish(CHANNEL, JSON.stringify(ended));
  };
  return {
    check,
    end,
    queries: () => queries,
    advance: (ms: number) => void (t += ms),
    holdQueries: () => {
      let release!: () => void;
      hold = new Promise((r) => (release = r));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

describe('session check (member logins to /ws/im)', () => {
  it('asks the database once per session within the TTL, again after it', async () => {
    const s = await setup();
    expect(await s.check.active(11, 1)).toBe(true);
    expect(await s.check.active(11, 1)).toBe(true);
    expect(await s.check.active(11, 1)).toBe(true);
    expect(s.queries()).toBe(1);
    s.advance(15_001);
    expect(await s.check.active(11, 1)).toBe(true);
    expect(s.queries()).toBe(2);
  });

  it('never remembers a closed session or a session named with another user', async () => {
    const s = await setup();
    expect(await s.check.active(99, 1)).toBe(false);
    expect(await s.check.active(99, 1)).toBe(false);
    expect(await s.check.active(21, 1)).toBe(false);
    expect(s.queries()).toBe(3);
  });

  it('a ban (every session of the user ended) is believed at once, not after the TTL', async () => {
    const s = await setup();
    expect(await s.check.active(11, 1)).toBe(true);
    expect(await s.check.active(12, 1)).toBe(true);
    expect(await s.check.active(21, 2)).toBe(true);
    await s.end({ userId: 1 }, [11, 12]);
    expect(await s.check.active(11, 1)).toBe(false);
    expect(await s.check.active(12, 1)).toBe(false);
    // Another user's remembered session is untouched.
    const before = s.queries();
    expect(await s.check.active(21, 2)).toBe(true);
    expect(s.queries()).toBe(before);
  });

  it('a sign-out ends that session only; a password change all but the one that changed it', async () => {
    const s = await setup();
    await s.check.active(11, 1);
    await s.check.active(12, 1);
    await s.end({ userId: 1, sessionId: 11 }, [11]);
    expect(await s.check.active(11, 1)).toBe(false);
    const before = s.queries();
    expect(await s.check.active(12, 1)).toBe(true);
    expect(s.queries()).toBe(before);
    await s.end({ userId: 1, except: 12 }, []);
    expect(await s.check.active(12, 1)).toBe(true);
    expect(s.queries()).toBe(before);
  });

  it('an answer read before an end was announced is not remembered', async () => {
    const s = await setup();
    const release = s.holdQueries();
    // The database said "open", but the ban is announced before the answer comes back.
    const pending = s.check.active(11, 1);
    await s.end({ userId: 1 }, [11]);
    release();
    expect(await pending).toBe(true);
    expect(await s.check.active(11, 1)).toBe(false);
  });

  it('sockets of one session logging in at once share one query', async () => {
    const s = await setup();
    const release = s.holdQueries();
    const all = Promise.all([s.check.active(11, 1), s.check.active(11, 1), s.check.active(11, 1)]);
    release();
    expect(await all).toEqual([true, true, true]);
    expect(s.queries()).toBe(1);
  });

  it('an end it cannot read forgets everything', async () => {
    const s = await setup();
    await s.check.active(21, 2);
    await s.end({ not: 'a user' }, []);
    const before = s.queries();
    await s.check.active(21, 2);
    expect(s.queries()).toBe(before + 1);
  });

  it('a session vouched for by the credential it just got is believed at login without a query', async () => {
    const s = await setup();
    s.check.vouch(11, 1);
    expect(await s.check.active(11, 1)).toBe(true);
    expect(s.queries()).toBe(0);
    // For a TTL, like an answer of the database.
    s.advance(15_001);
    expect(await s.check.active(11, 1)).toBe(true);
    expect(s.queries()).toBe(1);
  });

  it('a vouch is not believed after an end was heard for the user within the TTL', async () => {
    const s = await setup();
    // The end may have come between the account's read of the session and the vouch.
    await s.end({ userId: 1, sessionId: 11 }, [11]);
    s.check.vouch(11, 1);
    expect(await s.check.active(11, 1)).toBe(false);
    expect(s.queries()).toBe(1);
    // Other users are vouched for as usual; after the TTL this user is too.
    s.check.vouch(21, 2);
    expect(await s.check.active(21, 2)).toBe(true);
    expect(s.queries()).toBe(1);
    s.advance(15_001);
    s.check.vouch(12, 1);
    expect(await s.check.active(12, 1)).toBe(true);
    expect(s.queries()).toBe(1);
  });

  it('after an end it cannot read, no vouch is believed for a TTL', async () => {
    const s = await setup();
    await s.end({ not: 'a user' }, []);
    s.check.vouch(21, 2);
    await s.check.active(21, 2);
    expect(s.queries()).toBe(1);
  });
});
