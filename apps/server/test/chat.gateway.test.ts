import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { imSign, imTouristAccount } from '@livesports/contracts/chat';
import { changePassword, signOut } from '@livesports/contracts/account';
import { consoleUserSanction } from '@livesports/contracts/console-users';
import { users } from '../src/db/schema/account.ts';
import { createChatCredentials } from '../src/modules/chat/credentials.ts';
import { genUserSig } from '../src/modules/chat/usersig.ts';
import { createAccountRepo } from '../src/modules/account/repo.ts';
import { randomToken, sha256 } from '../src/platform/crypto.ts';
import { call, otherApp } from './helpers.ts';
import { liveUser } from './live.helpers.ts';
import { ScoreClient as WsClient } from './score-client.ts';

// /ws/im end to end over real sockets: credential checks, join with history, send and fan-out,
// guests read only, resume after reconnect, and two server processes over Redis.

const SECRET = 'gateway-test-secret';
const APP_ID = 1400000777;
// Bursts from one user are what these tests send; the least gap between messages is tested in chat.slow-mode.test.ts.
const env = { IM_SECRET: SECRET, IM_SDKAPPID: String(APP_ID), CHAT_MIN_GAP_MS: '0' };
let app: FastifyInstance;
let url: string;
const sockets: WsClient[] = [];

async function listen(a: FastifyInstance) {
  await a.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(a.server.address() as { port: number }).port}/ws/im`;
}
async function connect(u = url) {
  const c = await WsClient.connect(u);
  sockets.push(c);
  return c;
}
/** A socket logged in with the credential `token`'s user gets from imSign (or a tourist's). */
async function loggedIn(a: FastifyInstance, u: string, token?: string) {
  const cred = token ? await call(a, imSign, {}, { token }) : await call(a, imTouristAccount);
  const c = await connect(u);
  c.send({ type: 'login', identifier: cred.data.identifier, userSig: cred.data.userSig });
  await c.next((f) => f.type === 'login');
  return c;
}
async function anchorRoom(a: FastifyInstance) {
  const u = await liveUser(a);
  await a.database.db.update(users).set({ isAnchor: 1 }).where(eq(users.id, u.id));
  return u.id;
}
const texts = (frames: any[], groupId: number) =>
  frames.filter((f) => (f.type === 'messages' || f.type === 'joined') && f.groupId === groupId).flatMap((f) => f.messages.map((m: any) => m.payload.text));

beforeAll(async () => {
  app = await otherApp(env);
  url = await listen(app);
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await app.close();
});

describe('login', () => {
  it('accepts a member and a tourist credential', async () => {
    const u = await liveUser(app);
    const member = await loggedIn(app, url, u.token);
    expect(member.frames.find((f) => f.type === 'login')).toEqual({ type: 'login', identifier: String(u.id), guest: false });
    const guest = await loggedIn(app, url);
    expect(guest.frames.find((f) => f.type === 'login')).toMatchObject({ guest: true, identifier: expect.stringMatching(/^tourist_/) });
  });

  it.each([
    ['expired', () => genUserSig(APP_ID, SECRET, '12345', 60, null, { now: () => new Date(Date.now() - 3_600_000) })],
    ['forged (other secret)', () => genUserSig(APP_ID, 'not-the-secret', '12345', 600)],
    ['other app id', () => genUserSig(APP_ID + 1, SECRET, '12345', 600)],
    ['garbage', () => 'eJyr***'],
  ])('refuses an %s credential and closes', async (_name, sig) => {
    const c = await connect();
    const closed = c.closed();
    c.send({ type: 'login', identifier: '12345', userSig: sig() });
    expect(await c.next((f) => f.type === 'error')).toEqual({ type: 'error', request: 'login', msg: 'Chat login failed, please refresh the page' });
    expect(await closed).toBe(4001);
  });

  it('refuses a good credential presented for another identifier', async () => {
    const c = await connect();
    c.send({ type: 'login', identifier: '999', userSig: genUserSig(APP_ID, SECRET, '12345', 600) });
    expect((await c.next((f) => f.type === 'error')).request).toBe('login');
  });

  it('a member credential ends with its session: sign-out closes its open socket and it cannot log in again', async () => {
    const u = await liveUser(app);
    const cred = (await call(app, imSign, {}, { token: u.token })).data;
    const c = await loggedIn(app, url, u.token);
    const guest = await loggedIn(app, url);
    const closed = c.closed();
    expect((await call(app, signOut, {}, { token: u.token })).code).toBe(200);
    expect(await c.next((f) => f.type === 'error')).toEqual({ type: 'error', request: 'login', msg: 'You have been logged out, please log in again to chat' });
    expect(await closed).toBe(4003);
    // The same credential, presented again after sign-out, is refused.
    const again = await connect();
    const refused = again.closed();
    again.send({ type: 'login', identifier: cred.identifier, userSig: cred.userSig });
    expect((await again.next((f) => f.type === 'error')).request).toBe('login');
    expect(await refused).toBe(4001);
    // Tourists are not affected.
    guest.send({ type: 'ping' });
    expect(await guest.next((f) => f.type === 'pong')).toEqual({ type: 'pong' });
  });

  it("a password change ends the other sessions' chat, not the one that changed it", async () => {
    const u = await liveUser(app);
    // A second login of the same user (another device).
    const otherToken = randomToken(32);
    await createAccountRepo(app.database.db).createSession({ userId: u.id, tokenHash: sha256(otherToken), deviceType: 'app', expiresAt: new Date(Date.now() + 86_400_000) });
    const kept = await loggedIn(app, url, u.token);
    const ended = await loggedIn(app, url, otherToken);
    const closed = ended.closed();
    expect((await call(app, changePassword, { password: 'brandnew99', confirm_password: 'brandnew99' }, { token: u.token })).code).toBe(200);
    expect(await closed).toBe(4003);
    kept.send({ type: 'ping' });
    expect(await kept.next((f) => f.type === 'pong')).toEqual({ type: 'pong' });
  });

  it("a ban closes the member's sockets, and the credential its session was just checked with no longer logs in or joins", async () => {
    const room = await anchorRoom(app);
    const admin = await liveUser(app, { admin: true });
    const u = await liveUser(app);
    const cred = (await call(app, imSign, {}, { token: u.token })).data;
    // Two sockets of the same session: the second login is answered from the gateway's memory of the session.
    const first = await loggedIn(app, url, u.token);
    const second = await connect();
    second.send({ type: 'login', identifier: cred.identifier, userSig: cred.userSig });
    await second.next((f) => f.type === 'login');
    second.send({ type: 'join', groupId: room });
    await second.next((f) => f.type === 'joined');
    const closed = [first.closed(), second.closed()];
    const banned = await call(app, consoleUserSanction, { id: u.id, kind: 'ban', unit: 'hours', duration: 1, reason: 'bot' }, { token: admin.token });
    expect(banned.code).toBe(200);
    expect(await Promise.all(closed)).toEqual([4003, 4003]);
    // Within the seconds the session would have been remembered: refused, and never joins the room.
    const again = await connect();
    const refused = again.closed();
    again.send({ type: 'login', identifier: cred.identifier, userSig: cred.userSig });
    again.send({ type: 'join', groupId: room });
    expect(await again.next((f) => f.type === 'error')).toMatchObject({ request: 'login' });
    expect(await refused).toBe(4001);
    expect(again.frames.some((f) => f.type === 'joined')).toBe(false);
  });

  it('a credential minted by this process logs in without being read again, with the identity a fresh reader finds', async () => {
    const clock = { now: () => new Date() };
    const minter = createChatCredentials({ sdkAppId: APP_ID, secret: SECRET, clock });
    const reader = createChatCredentials({ sdkAppId: APP_ID, secret: SECRET, clock });
    const u = await liveUser(app);
    const tourist = minter.tourist();
    const member = minter.member({ id: u.id, sessionId: 77 } as Parameters<typeof minter.member>[0]);
    for (const c of [tourist, member]) expect(minter.verify(c.identifier, c.userSig)).toEqual(reader.verify(c.identifier, c.userSig));
    expect(minter.verify(member.identifier, member.userSig)).toEqual({ identifier: String(u.id), userId: u.id, sessionId: 77 });
    // Remembered claims still expire, and still belong to one identifier only.
    expect(minter.verify('tourist_someone_else', tourist.userSig)).toBeNull();
    const expiring = createChatCredentials({ sdkAppId: APP_ID, secret: SECRET, clock });
    const t = expiring.tourist();
    clock.now = () => new Date(Date.now() + 2 * 86_400_000);
    expect(expiring.verify(t.identifier, t.userSig)).toBeNull();
  });

  it('refuses a member credential that names no session (minted before credentials carried one)', async () => {
    const c = await connect();
    c.send({ type: 'login', identifier: '12345', userSig: genUserSig(APP_ID, SECRET, '12345', 600) });
    expect((await c.next((f) => f.type === 'error')).request).toBe('login');
  });

  it('answers nothing but an error before login', async () => {
    const c = await connect();
    c.send({ type: 'join', groupId: 1 });
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ request: 'join', msg: 'Chat login failed, please refresh the page' });
    c.send('not json');
    expect(await c.next((f) => f.request === 'unknown')).toMatchObject({ msg: 'Unknown request' });
  });
});

describe('rooms', () => {
  it('join, send, fan-out with sequence numbers, history on join, guests read only', async () => {
    const room = await anchorRoom(app);
    const alice = await liveUser(app);
    const a = await loggedIn(app, url, alice.token);
    const guest = await loggedIn(app, url);
    for (const c of [a, guest]) {
      c.send({ type: 'join', groupId: room });
      expect(await c.next((f) => f.type === 'joined')).toEqual({ type: 'joined', groupId: room, messages: [] });
    }
    a.send({ type: 'send', groupId: room, text: '  Goal!  ' });
    expect(await a.next((f) => f.type === 'sent')).toEqual({ type: 'sent', groupId: room, seq: 1 });
    // A request id comes back on the answer, so a client can match it (web shared/realtime).
    a.send({ type: 'send', groupId: room, text: 'What a <b>strike</b>', rid: 41 });
    expect(await a.next((f) => f.type === 'sent' && f.seq === 2)).toEqual({ type: 'sent', groupId: room, seq: 2, rid: 41 });
    guest.send({ type: 'send', groupId: room, text: 'me too', rid: 7 });
    expect(await guest.next((f) => f.type === 'error' && f.request === 'send')).toMatchObject({ rid: 7 });
    const live = await guest.next((f) => f.type === 'messages' && f.messages.some((m: any) => m.seq === 2));
    expect(live.messages.at(-1)).toMatchObject({ groupId: room, seq: 2, from: String(alice.id), nick: alice.nickname, type: 'TIMTextElem', payload: { text: 'What a <b>strike</b>' } });
    await guest.next((f) => f.type === 'messages' && f.messages.some((m: any) => m.seq === 1));
    expect(texts(guest.frames, room)).toEqual(['Goal!', 'What a <b>strike</b>']);

    guest.send({ type: 'send', groupId: room, text: 'hi' });
    expect(await guest.next((f) => f.type === 'error' && f.request === 'send')).toMatchObject({ msg: 'Please log in first' });

    // A newcomer gets the history in order.
    const late = await loggedIn(app, url);
    late.send({ type: 'join', groupId: room });
    const joined = await late.next((f) => f.type === 'joined');
    expect(joined.messages.map((m: any) => [m.seq, m.payload.text])).toEqual([
      [1, 'Goal!'],
      [2, 'What a <b>strike</b>'],
    ]);
  });

  it('checks text and membership', async () => {
    const room = await anchorRoom(app);
    const u = await liveUser(app);
    const c = await loggedIn(app, url, u.token);
    c.send({ type: 'send', groupId: room, text: 'before joining' });
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ msg: 'Join the room first' });
    c.send({ type: 'join', groupId: u.id }); // not an anchor: no room
    expect(await c.next((f) => f.type === 'error' && f.request === 'join')).toMatchObject({ msg: 'This room does not exist' });
    c.send({ type: 'join', groupId: room });
    await c.next((f) => f.type === 'joined');
    const errors = () => c.frames.filter((f) => f.type === 'error').length;
    const before = errors();
    c.send({ type: 'send', groupId: room, text: '   ' });
    c.send({ type: 'send', groupId: room, text: 'x'.repeat(201) });
    c.send({ type: 'send', groupId: room, text: '⚽'.repeat(200) }); // 200 characters is fine
    await c.next((f) => f.type === 'sent');
    expect(
      c.frames
        .filter((f) => f.type === 'error')
        .slice(before)
        .map((f) => f.msg),
    ).toEqual(['Please enter a message', 'Messages can be at most 200 characters']);
    expect(errors()).toBe(before + 2);
    c.send({ type: 'leave', groupId: room });
    await c.next((f) => f.type === 'left');
    c.send({ type: 'send', groupId: room, text: 'after leaving' });
    expect(await c.next((f) => f.type === 'error' && f.msg === 'Join the room first', 5000, c.frames.length)).toBeTruthy();
  });

  it('refuses a flood from one user across connections (10 messages per 10 s)', async () => {
    const room = await anchorRoom(app);
    const u = await liveUser(app);
    const a = await loggedIn(app, url, u.token);
    const b = await loggedIn(app, url, u.token);
    for (const c of [a, b]) {
      c.send({ type: 'join', groupId: room });
      await c.next((f) => f.type === 'joined');
    }
    for (let i = 0; i < 6; i++) a.send({ type: 'send', groupId: room, text: `spam a${i}` });
    await a.next(() => a.frames.filter((f) => f.type === 'sent').length === 6);
    for (let i = 0; i < 5; i++) b.send({ type: 'send', groupId: room, text: `spam b${i}` });
    expect(await b.next((f) => f.type === 'error' && f.request === 'send')).toMatchObject({ msg: 'You are sending too fast, please wait a moment' });
    await a.next((f) => f.type === 'messages' && texts(a.frames, room).length === 10);
    expect(b.frames.filter((f) => f.type === 'sent').map((f) => f.seq)).toEqual([7, 8, 9, 10]);
  });

  it('a message in a quiet room goes out at once; after that, batches leave at most every ~100 ms', async () => {
    const room = await anchorRoom(app);
    const senders = [await liveUser(app), await liveUser(app)];
    const [a, b] = await Promise.all(senders.map((u) => loggedIn(app, url, u.token)));
    const viewer = await loggedIn(app, url);
    for (const c of [a, b, viewer]) {
      c.send({ type: 'join', groupId: room });
      await c.next((f) => f.type === 'joined');
    }
    const arrivals: Array<{ at: number; texts: string[] }> = [];
    viewer.ws.on('message', (raw) => {
      const f = JSON.parse(raw.toString());
      if (f.type === 'messages') arrivals.push({ at: performance.now(), texts: f.messages.map((m: any) => m.payload.text) });
    });
    a.send({ type: 'send', groupId: room, text: 'first' });
    await a.next((f) => f.type === 'sent');
    const ackAt = performance.now();
    await viewer.next((f) => f.type === 'messages');
    // Not held for a batch: it arrives about when the sender's own acknowledgement does.
    expect(arrivals[0].texts).toEqual(['first']);
    expect(arrivals[0].at - ackAt).toBeLessThan(80);
    // A burst from two people right after: each message once, in frames spaced by the batch time.
    for (let i = 0; i < 3; i++)
      for (const [c, n] of [
        [a, 'a'],
        [b, 'b'],
      ] as const)
        c.send({ type: 'send', groupId: room, text: `${n}${i}` });
    await viewer.next(() => texts(viewer.frames, room).length === 7);
    await new Promise((r) => setImmediate(r));
    expect(arrivals.flatMap((x) => x.texts).sort()).toEqual(['a0', 'a1', 'a2', 'b0', 'b1', 'b2', 'first']);
    expect(arrivals.length).toBeLessThan(7);
    for (let i = 1; i < arrivals.length; i++) expect(arrivals[i].at - arrivals[i - 1].at).toBeGreaterThanOrEqual(80);
  });

  it('the history a join gets from memory is what the database holds', async () => {
    const room = await anchorRoom(app);
    // 54 lines from 6 members (each stays under the per-user limit of 10 messages per 10 s).
    let line = 0;
    for (let k = 0; k < 6; k++) {
      const sender = await loggedIn(app, url, (await liveUser(app)).token);
      sender.send({ type: 'join', groupId: room });
      await sender.next((f) => f.type === 'joined');
      for (let i = 0; i < 9; i++) {
        sender.send({ type: 'send', groupId: room, text: `line ${++line}` });
        await sender.next((f) => f.type === 'sent' && f.seq === line);
      }
    }
    // The room's group is open here (the sender is in it): the joins below are answered from memory.
    const fresh = await loggedIn(app, url);
    fresh.send({ type: 'join', groupId: room });
    const joined = await fresh.next((f) => f.type === 'joined');
    const stored = await app.chat.messages.history(room);
    expect(joined.messages).toEqual(JSON.parse(JSON.stringify(stored)));
    expect(joined.messages.map((m: any) => m.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 5));
    const resumed = await loggedIn(app, url);
    resumed.send({ type: 'join', groupId: room, lastSeq: 40 });
    const page = await resumed.next((f) => f.type === 'joined');
    expect(page.messages).toEqual(JSON.parse(JSON.stringify(await app.chat.messages.history(room, 40))));
  });

  it('a reconnecting client resumes from its last sequence without gaps or duplicates', async () => {
    const room = await anchorRoom(app);
    const u = await liveUser(app);
    const sender = await loggedIn(app, url, u.token);
    sender.send({ type: 'join', groupId: room });
    await sender.next((f) => f.type === 'joined');
    const viewer = await loggedIn(app, url);
    viewer.send({ type: 'join', groupId: room });
    await viewer.next((f) => f.type === 'joined');
    for (const t of ['m1', 'm2']) sender.send({ type: 'send', groupId: room, text: t });
    await viewer.next((f) => f.type === 'messages' && f.messages.some((m: any) => m.seq === 2));
    viewer.ws.terminate();
    for (const t of ['m3', 'm4', 'm5']) sender.send({ type: 'send', groupId: room, text: t });
    await sender.next((f) => f.type === 'sent' && f.seq === 5);
    const back = await loggedIn(app, url);
    back.send({ type: 'join', groupId: room, lastSeq: 2 });
    // Messages sent while the history is loading arrive live, once.
    sender.send({ type: 'send', groupId: room, text: 'm6' });
    await back.next((f) => f.type === 'messages' && f.messages.some((m: any) => m.seq === 6));
    const seqs = back.frames.filter((f) => f.type === 'joined' || f.type === 'messages').flatMap((f) => f.messages.map((m: any) => m.seq));
    expect(seqs).toEqual([3, 4, 5, 6]);
  });
});

describe('two processes over Redis', () => {
  /** Two sites over Redis, the second handing its chat numbering to the first (the embedded database's owner, as a socket process does). */
  async function twoProcesses(run: (p: { p1: FastifyInstance; p2: FastifyInstance; u1: string; u2: string }) => Promise<void>) {
    const redisEnv = { ...env, REDIS_URL: 'redis://127.0.0.1:6379' };
    const p1 = await otherApp(redisEnv);
    const p2 = await otherApp(redisEnv, { owner: p1 });
    try {
      await run({ p1, p2, u1: await listen(p1), u2: await listen(p2) });
    } finally {
      await p1.close();
      await p2.close();
    }
  }

  it('a process opening a room gives its first viewer the messages the owner has numbered but not stored yet', () =>
    twoProcesses(async ({ p1, p2, u1, u2 }) => {
      const room = await anchorRoom(p1);
      const a = await liveUser(p1);
      const sender = await loggedIn(p1, u1, a.token);
      const watcher = await loggedIn(p1, u1);
      for (const c of [sender, watcher]) {
        c.send({ type: 'join', groupId: room });
        await c.next((f) => f.type === 'joined');
      }
      // Logged in on the second process before the message, so its join is all that is left.
      const late = await loggedIn(p2, u2);
      sender.send({ type: 'send', groupId: room, text: 'numbered, on its way to the database' });
      // On the bus (numbered and published), its row still in the owner's gather (embedded
      // database: up to 30 ms): the second process opens the room now.
      await watcher.next((f) => f.type === 'messages' && f.messages.some((m: any) => m.seq === 1));
      late.send({ type: 'join', groupId: room });
      const joined = await late.next((f) => f.type === 'joined');
      sender.send({ type: 'send', groupId: room, text: 'after' });
      await late.next((f) => f.type === 'messages' && f.messages.some((m: any) => m.seq === 2));
      const seqs = late.frames.filter((f) => f.type === 'joined' || f.type === 'messages').flatMap((f) => f.messages.map((m: any) => m.seq));
      expect(joined.messages.map((m: any) => m.payload.text)).toEqual(['numbered, on its way to the database']);
      expect(seqs).toEqual([1, 2]);
    }));

  it('a message sent on one process reaches a viewer on the other, sequence numbers shared', () =>
    twoProcesses(async ({ p1, p2, u1, u2 }) => {
      const room = await anchorRoom(p1);
      const a = await liveUser(p1);
      const b = await liveUser(p1);
      const sa = await loggedIn(p1, u1, a.token);
      const sb = await loggedIn(p2, u2, b.token);
      const viewer = await loggedIn(p2, u2);
      for (const c of [sa, sb, viewer]) {
        c.send({ type: 'join', groupId: room });
        await c.next((f) => f.type === 'joined');
      }
      sa.send({ type: 'send', groupId: room, text: 'from p1' });
      sb.send({ type: 'send', groupId: room, text: 'from p2' });
      const got = async (c: WsClient) => {
        await c.next((f) => f.type === 'messages' && texts(c.frames, room).length >= 2);
        return c.frames
          .filter((f) => f.type === 'messages')
          .flatMap((f) => f.messages.map((m: any) => m.seq))
          .sort();
      };
      expect(await got(viewer)).toEqual([1, 2]);
      expect(await got(sa)).toEqual([1, 2]);
      expect(texts(viewer.frames, room).sort()).toEqual(['from p1', 'from p2']);
    }));
});
