import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CHAT_TEXT_MAX, imSign, imTouristAccount } from '@livesports/contracts/chat';
import { HORN_PRICE, barrageList, barrageSend, hornList, sneHorn } from '@livesports/contracts/chat-barrage';
import { setRoomAdmin } from '@livesports/contracts/chat-moderation';
import { getWallet, orderList } from '@livesports/contracts/economy-wallet';
import { nobleMemberships } from '../src/db/schema/economy.ts';
import { call, otherApp } from './helpers.ts';
import { key, quickUser, recharge } from './economy.helpers.ts';
import { ScoreClient as WsClient } from './score-client.ts';

// Danmaku over HTTP (api/Barrage/getList, send), site-wide horns (api/Member/sneHorn, hornList)
// with their payment, one-to-one messages on /ws/im with cloudCustomData types, and the entrance
// of a noble announced to the room.

let app: FastifyInstance;
let url: string;
const sockets: WsClient[] = [];

async function online(token?: string) {
  const cred = token ? await call(app, imSign, {}, { token }) : await call(app, imTouristAccount);
  const c = await WsClient.connect(url);
  sockets.push(c);
  c.send({ type: 'login', identifier: cred.data.identifier, userSig: cred.data.userSig });
  await c.next((f) => f.type === 'login');
  return c;
}
async function inRoom(room: number, token?: string) {
  const c = await online(token);
  c.send({ type: 'join', groupId: room });
  await c.next((f) => f.type === 'joined');
  return c;
}
async function emperor(userId: number) {
  await app.database.db.insert(nobleMemberships).values({ userId, tier: 'emperor', expiresAt: new Date(Date.now() + 30 * 86_400_000) });
}

beforeAll(async () => {
  // Messages here follow each other at once; the least gap between them is tested in chat.slow-mode.test.ts.
  app = await otherApp({ IM_SECRET: 'messaging-test-secret', CHAT_MIN_GAP_MS: '0' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws/im`;
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await app.close();
});

describe('api/Barrage/send and getList', () => {
  it('a danmaku sent over HTTP reaches the room live and is listed', async () => {
    const anchor = await quickUser(app, { anchor: true });
    const fan = await quickUser(app);
    const watcher = await inRoom(anchor.id);
    const sent = await call(app, barrageSend, { room_id: anchor.id, text: '  GOAL!!  ' }, { token: fan.token });
    expect(sent).toMatchObject({ code: 200, data: { seq: 1 } });
    const live = await watcher.next((f) => f.type === 'messages' && f.messages.length);
    expect(live.messages[0]).toMatchObject({ seq: 1, from: String(fan.id), nick: fan.nickname, type: 'TIMTextElem', payload: { text: 'GOAL!!' } });
    const list = await call(app, barrageList, { room_id: anchor.id });
    expect(list.data.map((m: any) => m.payload.text)).toEqual(['GOAL!!']);
    await call(app, barrageSend, { room_id: anchor.id, text: 'second' }, { token: fan.token });
    expect((await call(app, barrageList, { room_id: anchor.id, last_seq: 1 })).data.map((m: any) => m.seq)).toEqual([2]);
  });

  it('refuses guests, empty and long text, and rooms that do not exist; nothing is stored', async () => {
    const anchor = await quickUser(app, { anchor: true });
    const fan = await quickUser(app);
    expect((await call(app, barrageSend, { room_id: anchor.id, text: 'hi' })).code).toBe(700);
    expect(await call(app, barrageSend, { room_id: anchor.id, text: '   ' }, { token: fan.token })).toMatchObject({ msg: 'Please enter a message' });
    expect(await call(app, barrageSend, { room_id: anchor.id, text: 'x'.repeat(CHAT_TEXT_MAX + 1) }, { token: fan.token })).toMatchObject({
      msg: `Messages can be at most ${CHAT_TEXT_MAX} characters`,
    });
    expect(await call(app, barrageSend, { room_id: fan.id, text: 'hi' }, { token: fan.token })).toMatchObject({ msg: 'This room does not exist' });
    expect(await call(app, barrageList, { room_id: fan.id })).toMatchObject({ msg: 'This room does not exist' });
    expect(await call(app, barrageList, { room_id: anchor.id, last_seq: -1 })).toMatchObject({ msg: 'Something in the form is not right. Please check it.' });
    expect((await call(app, barrageList, { room_id: anchor.id })).data).toEqual([]);
  });

  it("a noble's danmaku carries the noble badge and colour", async () => {
    const anchor = await quickUser(app, { anchor: true });
    const fan = await quickUser(app);
    await emperor(fan.id);
    await call(app, barrageSend, { room_id: anchor.id, text: 'emperor here' }, { token: fan.token });
    const [m] = (await call(app, barrageList, { room_id: anchor.id })).data;
    expect(m.ext).toMatchObject({ noble: 'emperor', color: '#ff8a3d' });
  });
});

describe('horns (api/Member/sneHorn, hornList)', () => {
  it('a paid horn costs 100 coins once per key and reaches every socket in every room', async () => {
    const fan = await quickUser(app);
    await recharge(app, fan.token);
    const before = (await call(app, getWallet, {}, { token: fan.token })).data.consumption;
    const roomA = await quickUser(app, { anchor: true });
    const roomB = await quickUser(app, { anchor: true });
    const a = await inRoom(roomA.id);
    const b = await inRoom(roomB.id, (await quickUser(app)).token);
    const k = key();
    const sent = await call(app, sneHorn, { text: 'Final tonight in room A!', room_id: roomA.id, idempotency_key: k }, { token: fan.token });
    expect(sent).toMatchObject({
      code: 200,
      data: { free: false, balance: before - HORN_PRICE, free_horns_left: 0, horn: { text: 'Final tonight in room A!', room_id: roomA.id, user: { id: fan.id } } },
    });
    for (const c of [a, b]) expect((await c.next((f) => f.type === 'horn')).horn.id).toBe(sent.data.horn.id);
    const again = await call(app, sneHorn, { text: 'Final tonight in room A!', room_id: roomA.id, idempotency_key: k }, { token: fan.token });
    expect(again.data.horn.id).toBe(sent.data.horn.id);
    expect((await call(app, getWallet, {}, { token: fan.token })).data.consumption).toBe(before - HORN_PRICE);
    const lines = await call(app, orderList, { type: 'horn' }, { token: fan.token });
    expect(lines.data.list).toHaveLength(1);
    expect(lines.data.list[0]).toMatchObject({ amount: -HORN_PRICE });
    expect((await call(app, hornList)).data.map((h: any) => h.id)).toContain(sent.data.horn.id);
  });

  it("an emperor's first 30 horns of the month are free", async () => {
    const fan = await quickUser(app);
    await emperor(fan.id);
    const r = await call(app, sneHorn, { text: 'free one', idempotency_key: key() }, { token: fan.token });
    expect(r.data).toMatchObject({ free: true, balance: 0, free_horns_left: 29 });
    await app.database.db.update(nobleMemberships).set({ hornsUsed: 30 }).where(eq(nobleMemberships.userId, fan.id));
    expect(await call(app, sneHorn, { text: 'one more', idempotency_key: key() }, { token: fan.token })).toMatchObject({ msg: 'Not enough gold coins, please recharge' });
  });

  it('refuses guests, empty and long text and an empty wallet; nothing is charged or sent', async () => {
    const fan = await quickUser(app);
    expect((await call(app, sneHorn, { text: 'hi', idempotency_key: key() })).code).toBe(700);
    expect(await call(app, sneHorn, { text: ' ', idempotency_key: key() }, { token: fan.token })).toMatchObject({ msg: 'Please enter the horn text' });
    expect(await call(app, sneHorn, { text: 'x'.repeat(51), idempotency_key: key() }, { token: fan.token })).toMatchObject({ msg: 'A horn can be at most 50 characters' });
    expect(await call(app, sneHorn, { text: 'hi', room_id: fan.id, idempotency_key: key() }, { token: fan.token })).toMatchObject({ msg: 'This room does not exist' });
    expect(await call(app, sneHorn, { text: 'hi', idempotency_key: key() }, { token: fan.token })).toMatchObject({ msg: 'Not enough gold coins, please recharge' });
    expect((await call(app, hornList)).data.some((h: any) => h.user.id === fan.id)).toBe(false);
  });
});

describe('one-to-one messages', () => {
  it('delivers to every socket of the recipient with the type set by the server from who sent it', async () => {
    const anchor = await quickUser(app, { anchor: true });
    const assistant = await quickUser(app);
    await call(app, setRoomAdmin, { user_id: assistant.id, status: 1 }, { token: anchor.token });
    const fan = await quickUser(app);
    const other = await quickUser(app);
    const fanA = await online(fan.token);
    const fanB = await online(fan.token);
    for (const [from, type] of [
      [anchor, 0],
      [assistant, 1],
      [other, 2],
    ] as const) {
      const s = await online(from.token);
      s.send({ type: 'c2c', to: fan.id, text: `hello from ${type}` });
      const ack = await s.next((f) => f.type === 'c2c_sent');
      expect(ack.message).toMatchObject({ from: String(from.id), to: String(fan.id), text: `hello from ${type}`, cloudCustomData: { type } });
      for (const c of [fanA, fanB]) expect((await c.next((f) => f.type === 'c2c' && f.message.id === ack.id)).message.cloudCustomData.type).toBe(type);
    }
    fanA.send({ type: 'c2c_history' });
    const h = await fanA.next((f) => f.type === 'c2c_history');
    expect(h.messages.map((m: any) => m.text)).toEqual(['hello from 0', 'hello from 1', 'hello from 2']);
  });

  it('refuses guests, yourself, unknown users and empty text', async () => {
    const fan = await quickUser(app);
    const guest = await online();
    guest.send({ type: 'c2c', to: fan.id, text: 'hi' });
    expect((await guest.next((f) => f.type === 'error')).msg).toBe('Please log in first');
    const me = await online(fan.token);
    for (const [to, text, msg] of [
      [fan.id, 'hi', 'You cannot do this to yourself'],
      [99_999_999, 'hi', 'This user does not exist'],
      [1, '  ', 'Please enter a message'],
    ] as const) {
      const since = me.frames.length;
      me.send({ type: 'c2c', to, text });
      expect((await me.next((f) => f.type === 'error', 5000, since)).msg).toBe(msg);
    }
  });
});

describe('entrance', () => {
  it('a noble joining is announced to the room; an ordinary viewer is not', async () => {
    const anchor = await quickUser(app, { anchor: true });
    const watcher = await inRoom(anchor.id);
    const plain = await quickUser(app);
    await inRoom(anchor.id, plain.token);
    const noble = await quickUser(app);
    await emperor(noble.id);
    await inRoom(anchor.id, noble.token);
    const f = await watcher.next((x) => x.type === 'messages' && x.events?.some((e: any) => e.type === 102));
    expect(f.events.filter((e: any) => e.type === 102)).toEqual([{ type: 102, room_id: anchor.id, user: { id: noble.id, nick: noble.nickname, avatar: '' }, noble: 'emperor', guard_level: 0 }]);
  });
});
