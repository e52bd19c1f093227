import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { users } from '../src/db/schema/account.ts';
import { liveRooms } from '../src/db/schema/live.ts';
import { RoomStatus } from '@livesports/contracts/live';
import { startDemoChatter } from '../src/demo/chatter.ts';
import { DEMO_FANS, demoFanEmail } from '../src/db/seed/economy.ts';
import { DEMO_ANCHORS } from '../src/db/seed/live.ts';
import { createAccountRepo } from '../src/modules/account/repo.ts';
import { shortCode } from '../src/platform/crypto.ts';
import { testApp } from './helpers.ts';

// The demo fans talk in the demo rooms that are live, through the viewers' own chat path, and
// stop with the app.

let app: FastifyInstance;
const rooms: number[] = [];
const fans = new Set<string>();

beforeAll(async () => {
  app = await testApp();
  const db = app.database.db;
  const accounts = createAccountRepo(db);
  const person = async (email: string, nickname: string, isAnchor: 0 | 1) =>
    (await accounts.findByEmail(email)) ?? (await accounts.createUser({ email, passwordHash: null, nickname, inviteCode: shortCode(), isAnchor }));
  // The football and the basketball demo anchor: one live, one offline.
  for (const [i, a] of DEMO_ANCHORS.slice(0, 2).entries()) {
    const u = await person(a.email, a.nickname, 1);
    await db.update(users).set({ isAnchor: 1 }).where(eq(users.id, u.id));
    await db
      .insert(liveRooms)
      .values({ id: u.id, title: a.title, type: a.type, streamKey: `chatter-${u.id}`, status: i === 0 ? RoomStatus.LIVE : 0 })
      .onConflictDoUpdate({ target: liveRooms.id, set: { status: i === 0 ? RoomStatus.LIVE : 0 } });
    rooms.push(u.id);
  }
  for (const f of DEMO_FANS) fans.add(String((await person(demoFanEmail(f.key), f.nickname, 0)).id));
});

afterAll(async () => {
  await app.database.db.update(liveRooms).set({ status: 0 }).where(eq(liveRooms.id, rooms[0]));
});

describe('demo chatter', () => {
  it('demo fans post lines into the live demo room only, until stopped', async () => {
    const messages = app.chat.messages;
    const before = (await messages.history(rooms[0])).at(-1)?.seq ?? 0;
    const offlineBefore = (await messages.history(rooms[1])).length;
    const stop = startDemoChatter(app, messages, { minMs: 10, maxMs: 20 });
    let lines: Awaited<ReturnType<typeof messages.history>> = [];
    for (let i = 0; i < 100 && lines.length < 3; i++) {
      await new Promise((r) => setTimeout(r, 50));
      lines = await messages.history(rooms[0], before);
    }
    await stop();
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const m of lines) {
      expect(fans.has(m.from)).toBe(true);
      expect(m.type).toBe('TIMTextElem');
      expect(typeof m.payload.text).toBe('string');
    }
    expect((await messages.history(rooms[1])).length).toBe(offlineBefore);
    // The fans are the live demo room's audience: each one counts as a viewer there, none offline.
    expect(await app.live.rooms.online(rooms[0])).toEqual({ num: DEMO_FANS.length });
    expect(await app.live.rooms.online(rooms[1])).toEqual({ num: 0 });
    // Stopped: nothing more arrives.
    const last = (await messages.history(rooms[0])).at(-1)!.seq;
    await new Promise((r) => setTimeout(r, 150));
    expect((await messages.history(rooms[0])).at(-1)!.seq).toBe(last);
  });
});
