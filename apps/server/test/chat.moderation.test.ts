import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { imSign, imTouristAccount } from '@livesports/contracts/chat';
import * as mod from '@livesports/contracts/chat-moderation';
import { economyRoomChannel } from '@livesports/contracts/economy-gifts';
import { call, otherApp } from './helpers.ts';
import { quickUser } from './economy.helpers.ts';
import { ScoreClient as WsClient } from './score-client.ts';

// Room moderation end to end: the HTTP calls (tenxun getRoomAdmin/setRoomAdmin, mute, kick,
// sanctions, log, keywords, my role) with their refusals, and what the gateway then does to the
// people concerned (a muted user's message is refused, a kicked user leaves the room at once and
// cannot come back until the kick ends). Also gift and entrance events relayed into the room.

let app: FastifyInstance;
let url: string;
const sockets: WsClient[] = [];

async function connect() {
  const c = await WsClient.connect(url);
  sockets.push(c);
  return c;
}
async function inRoom(room: number, token?: string) {
  const cred = token ? await call(app, imSign, {}, { token }) : await call(app, imTouristAccount);
  const c = await connect();
  c.send({ type: 'login', identifier: cred.data.identifier, userSig: cred.data.userSig });
  await c.next((f) => f.type === 'login');
  c.send({ type: 'join', groupId: room });
  await c.next((f) => f.type === 'joined' || f.type === 'kicked' || f.type === 'error');
  return c;
}
const sendIn = (c: WsClient, room: number, text: string) => {
  const since = c.frames.length;
  c.send({ type: 'send', groupId: room, text });
  return c.next((f) => f.type === 'sent' || (f.type === 'error' && f.request === 'send'), 5000, since);
};
/** A room with its anchor, an admin and a viewer. */
async function room() {
  const anchor = await quickUser(app, { anchor: true });
  const admin = await quickUser(app);
  const viewer = await quickUser(app);
  expect((await call(app, mod.setRoomAdmin, { user_id: admin.id, status: 1 }, { token: anchor.token })).code).toBe(200);
  return { anchor, admin, viewer, id: anchor.id };
}

beforeAll(async () => {
  app = await otherApp({ IM_SECRET: 'moderation-test-secret' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws/im`;
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await app.close();
});

describe('room admins (tenxun getRoomAdmin / setRoomAdmin)', () => {
  it('the anchor names and removes admins; anyone can list them', async () => {
    const r = await room();
    const listed = await call(app, mod.getRoomAdmin, { room_id: r.id });
    expect(listed.code).toBe(200);
    expect(listed.data.map((a: any) => a.id)).toEqual([r.admin.id]);
    const removed = await call(app, mod.setRoomAdmin, { user_id: r.admin.id, status: 0 }, { token: r.anchor.token });
    expect(removed.data).toEqual([]);
    expect((await call(app, mod.getRoomAdmin, { room_id: r.id })).data).toEqual([]);
    const log = await call(app, mod.getModLog, { room_id: r.id }, { token: r.anchor.token });
    expect(log.data.list.map((e: any) => e.action)).toEqual(['admin_remove', 'admin_set']);
  });

  it('refuses bad input, strangers and non-anchors with their messages', async () => {
    const r = await room();
    expect(await call(app, mod.getRoomAdmin, { room_id: r.viewer.id })).toMatchObject({ status: 400, msg: 'This room does not exist' });
    expect((await call(app, mod.setRoomAdmin, { user_id: r.viewer.id, status: 1 })).code).toBe(700);
    expect(await call(app, mod.setRoomAdmin, { user_id: r.anchor.id, status: 1 }, { token: r.viewer.token })).toMatchObject({ msg: 'Only the anchor of this room can do this' });
    expect(await call(app, mod.setRoomAdmin, { user_id: r.viewer.id, status: 2 }, { token: r.anchor.token })).toMatchObject({ msg: 'Status must be 1 (set) or 0 (remove)' });
    expect(await call(app, mod.setRoomAdmin, { user_id: 99_999_999, status: 1 }, { token: r.anchor.token })).toMatchObject({ msg: 'This user does not exist' });
    expect(await call(app, mod.setRoomAdmin, { user_id: r.anchor.id, status: 1 }, { token: r.anchor.token })).toMatchObject({ msg: 'You cannot do this to yourself' });
    expect((await call(app, mod.getRoomAdmin, { room_id: r.id })).data).toHaveLength(1);
  });

  it(`holds at most ${mod.ROOM_ADMIN_MAX} admins per room`, async () => {
    const r = await room();
    for (let i = 1; i < mod.ROOM_ADMIN_MAX; i++) {
      const u = await quickUser(app);
      expect((await call(app, mod.setRoomAdmin, { user_id: u.id, status: 1 }, { token: r.anchor.token })).code).toBe(200);
    }
    const extra = await quickUser(app);
    expect(await call(app, mod.setRoomAdmin, { user_id: extra.id, status: 1 }, { token: r.anchor.token })).toMatchObject({ status: 400, msg: `A room can have at most ${mod.ROOM_ADMIN_MAX} admins` });
    expect((await call(app, mod.getRoomAdmin, { room_id: r.id })).data).toHaveLength(mod.ROOM_ADMIN_MAX);
  });
});

describe('mute', () => {
  it('an admin mutes a viewer: their messages are refused until unmuted, and the room sees a notice', async () => {
    const r = await room();
    const viewer = await inRoom(r.id, r.viewer.token);
    const watcher = await inRoom(r.id);
    const muted = await call(app, mod.muteMember, { room_id: r.id, user_id: r.viewer.id, minutes: 10 }, { token: r.admin.token });
    expect(muted.code).toBe(200);
    expect(Date.parse(muted.data.until) - Date.now()).toBeGreaterThan(9 * 60_000);
    const refused = await sendIn(viewer, r.id, 'can I talk?');
    expect(refused.type).toBe('error');
    expect(refused.msg).toMatch(/^You are muted in this room until \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    const notice = await watcher.next((f) => f.type === 'messages' && f.messages.some((m: any) => m.type === 'TIMCustomElem'));
    expect(JSON.parse(notice.messages.find((m: any) => m.type === 'TIMCustomElem').payload.data)).toMatchObject({ type: 103, action: 'mute', target: { id: r.viewer.id }, minutes: 10 });
    expect((await call(app, mod.getMyRole, { room_id: r.id }, { token: r.viewer.token })).data).toMatchObject({ role: 'viewer', kicked_until: null, muted_until: muted.data.until });

    expect((await call(app, mod.muteMember, { room_id: r.id, user_id: r.viewer.id, minutes: 0 }, { token: r.anchor.token })).data).toEqual({ until: null });
    expect((await sendIn(viewer, r.id, 'thanks!')).type).toBe('sent');
    const log = await call(app, mod.getModLog, { room_id: r.id }, { token: r.admin.token });
    expect(log.data.list.slice(0, 2).map((e: any) => [e.action, e.actor.id, e.target.id])).toEqual([
      ['unmute', r.anchor.id, r.viewer.id],
      ['mute', r.admin.id, r.viewer.id],
    ]);
  });

  it('refuses viewers, bad durations, and admins acting on the anchor or other admins', async () => {
    const r = await room();
    const admin2 = await quickUser(app);
    await call(app, mod.setRoomAdmin, { user_id: admin2.id, status: 1 }, { token: r.anchor.token });
    const other = await quickUser(app);
    expect((await call(app, mod.muteMember, { room_id: r.id, user_id: other.id, minutes: 10 })).code).toBe(700);
    expect(await call(app, mod.muteMember, { room_id: r.id, user_id: other.id, minutes: 10 }, { token: r.viewer.token })).toMatchObject({ msg: 'Only the anchor and room admins can do this' });
    expect(await call(app, mod.muteMember, { room_id: r.id, user_id: other.id, minutes: -1 }, { token: r.anchor.token })).toMatchObject({ msg: 'Choose a duration between 0 and 43200 minutes' });
    expect(await call(app, mod.muteMember, { room_id: r.id, user_id: other.id, minutes: 43_201 }, { token: r.anchor.token })).toMatchObject({ msg: 'Choose a duration between 0 and 43200 minutes' });
    expect(await call(app, mod.muteMember, { room_id: r.id, user_id: r.anchor.id, minutes: 10 }, { token: r.admin.token })).toMatchObject({
      msg: 'The anchor and room admins cannot be muted or kicked by an admin',
    });
    expect(await call(app, mod.muteMember, { room_id: r.id, user_id: admin2.id, minutes: 10 }, { token: r.admin.token })).toMatchObject({
      msg: 'The anchor and room admins cannot be muted or kicked by an admin',
    });
    expect(await call(app, mod.muteMember, { room_id: r.viewer.id, user_id: other.id, minutes: 10 }, { token: r.anchor.token })).toMatchObject({ msg: 'This room does not exist' });
    // The anchor may mute an admin of its own room.
    expect((await call(app, mod.muteMember, { room_id: r.id, user_id: admin2.id, minutes: 10 }, { token: r.anchor.token })).code).toBe(200);
    const sanctions = await call(app, mod.getSanctions, { room_id: r.id }, { token: r.admin.token });
    expect(sanctions.data.map((s: any) => [s.user.id, s.kind])).toEqual([[admin2.id, 'mute']]);
    expect(await call(app, mod.getSanctions, { room_id: r.id }, { token: r.viewer.token })).toMatchObject({ msg: 'Only the anchor and room admins can do this' });
    expect(await call(app, mod.getModLog, { room_id: r.id }, { token: other.token })).toMatchObject({ msg: 'Only the anchor and room admins can do this' });
  });
});

describe('kick', () => {
  it('takes the kicked user out of the room at once and keeps them out until lifted', async () => {
    const r = await room();
    const viewer = await inRoom(r.id, r.viewer.token);
    const anchorSock = await inRoom(r.id, r.anchor.token);
    const kicked = await call(app, mod.kickMember, { room_id: r.id, user_id: r.viewer.id, minutes: 60 }, { token: r.anchor.token });
    expect(kicked.code).toBe(200);
    const frame = await viewer.next((f) => f.type === 'kicked');
    expect(frame).toMatchObject({ groupId: r.id, until: kicked.data.until });
    expect(frame.msg).toMatch(/^You were removed from this room until /);
    // Out of the group: the room's messages no longer reach them, and they cannot send.
    await sendIn(anchorSock, r.id, 'after the kick');
    await anchorSock.next((f) => f.type === 'messages' && f.messages.some((m: any) => m.payload.text === 'after the kick'));
    expect(viewer.frames.some((f) => f.type === 'messages' && f.messages.some((m: any) => m.payload.text === 'after the kick'))).toBe(false);
    expect((await sendIn(viewer, r.id, 'let me back')).msg).toBe('Join the room first');
    // Joining again is refused while the kick lasts, on any new socket.
    const again = await inRoom(r.id, r.viewer.token);
    expect(again.frames.at(-1)).toMatchObject({ type: 'kicked', groupId: r.id });

    expect((await call(app, mod.kickMember, { room_id: r.id, user_id: r.viewer.id, minutes: 0 }, { token: r.admin.token })).data).toEqual({ until: null });
    const back = await inRoom(r.id, r.viewer.token);
    expect(back.frames.at(-1)).toMatchObject({ type: 'joined', groupId: r.id });
    expect((await sendIn(back, r.id, 'back again')).type).toBe('sent');
  });
});

describe('keyword filter', () => {
  it('the anchor sets words; a message with one is refused and logged', async () => {
    const r = await room();
    expect((await call(app, mod.setKeywords, { words: ['Spoiler', 'spoiler', ' cheat '] }, { token: r.anchor.token })).data).toEqual(['cheat', 'spoiler']);
    expect((await call(app, mod.getKeywords, {}, { token: r.anchor.token })).data).toEqual(['cheat', 'spoiler']);
    const viewer = await inRoom(r.id, r.viewer.token);
    expect((await sendIn(viewer, r.id, 'big SPOILER: 2-1')).msg).toBe('Your message contains a word blocked in this room');
    expect((await sendIn(viewer, r.id, 'what a match')).type).toBe('sent');
    const log = await call(app, mod.getModLog, { room_id: r.id }, { token: r.anchor.token });
    expect(log.data.list[0]).toMatchObject({ action: 'blocked_message', actor: { id: r.viewer.id }, detail: { word: 'spoiler', text: 'big SPOILER: 2-1' } });
  });

  it('refuses non-anchors, too many words and bad words', async () => {
    const r = await room();
    expect((await call(app, mod.getKeywords, {})).code).toBe(700);
    expect(await call(app, mod.setKeywords, { words: ['x'] }, { token: r.viewer.token })).toMatchObject({ msg: 'Only the anchor of this room can do this' });
    expect(await call(app, mod.setKeywords, { words: Array.from({ length: 101 }, (_, i) => `w${i}`) }, { token: r.anchor.token })).toMatchObject({ msg: 'At most 100 keywords' });
    expect(await call(app, mod.setKeywords, { words: ['x'.repeat(21)] }, { token: r.anchor.token })).toMatchObject({ msg: 'Each keyword must be 1 to 20 characters' });
    expect((await call(app, mod.getKeywords, {}, { token: r.anchor.token })).data).toEqual([]);
  });
});

describe('room events relayed by the gateway', () => {
  it('gift events published by the economy reach the room in the next batch, not stored', async () => {
    const r = await room();
    const viewer = await inRoom(r.id);
    const event = { type: 100, room_id: r.id, sender: { id: r.viewer.id, user_nickname: 'x', avatar: '', wealth_level: 1, noble: null }, num: 1, combo: 1, total: 1, at: new Date().toISOString() };
    await app.bus.publish(economyRoomChannel(r.id), JSON.stringify(event));
    const f = await viewer.next((x) => x.type === 'messages' && x.events?.length);
    expect(f.events).toEqual([event]);
    expect(f.messages).toEqual([]);
  });
});
