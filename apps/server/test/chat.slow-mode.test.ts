import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CHAT_TEXT_MAX, imSign } from '@livesports/contracts/chat';
import { HORN_TEXT_MAX, barrageList, barrageSend, sneHorn } from '@livesports/contracts/chat-barrage';
import * as mod from '@livesports/contracts/chat-moderation';
import { Code } from '@livesports/contracts/envelope';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { call, otherApp, testDatabase } from './helpers.ts';
import { key, quickUser } from './economy.helpers.ts';
import { ScoreClient as WsClient } from './score-client.ts';

// Chat limits that agree (issue #19): the least gap between one user's messages (1 s, every room,
// socket and HTTP together), the room's slow mode (api/tenxun/setSlowMode: anchor and room admins;
// viewers wait, the anchor, room admins and site staff do not) and the text limits of danmaku and
// horns, with the same words as the chat input. Time is moved, not waited for.

let app: FastifyInstance;
let url: string;
let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };
const later = (ms: number) => void (offset += ms);
const sockets: WsClient[] = [];

async function inRoom(room: number, token: string) {
  const cred = await call(app, imSign, {}, { token });
  const c = await WsClient.connect(url);
  sockets.push(c);
  c.send({ type: 'login', identifier: cred.data.identifier, userSig: cred.data.userSig });
  await c.next((f) => f.type === 'login');
  c.send({ type: 'join', groupId: room });
  await c.next((f) => f.type === 'joined');
  return c;
}
const viaSocket = (c: WsClient, room: number, text: string) => {
  const since = c.frames.length;
  c.send({ type: 'send', groupId: room, text });
  return c.next((f) => f.type === 'sent' || (f.type === 'error' && f.request === 'send'), 5000, since);
};
const viaHttp = (room: number, token: string, text: string, lang = 'en') => call(app, barrageSend, { room_id: room, text }, { token, lang });

/** A room with its anchor, an admin and a viewer. */
async function room() {
  const anchor = await quickUser(app, { anchor: true });
  const admin = await quickUser(app);
  const viewer = await quickUser(app);
  expect((await call(app, mod.setRoomAdmin, { user_id: admin.id, status: 1 }, { token: anchor.token })).code).toBe(200);
  return { anchor, admin, viewer, id: anchor.id };
}

beforeAll(async () => {
  const config = loadConfig({
    DATA_DIR: process.env.TEST_DATA_DIR,
    REDIS_PREFIX: process.env.REDIS_PREFIX,
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'off',
    DEMO_DATA: 'off',
    IM_SECRET: 'slow-mode-test-secret',
    CHAT_MIN_GAP_MS: '1000',
  });
  app = await buildApp({ config, database: await testDatabase(), clock, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws/im`;
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await app.close();
});

describe('api/tenxun/setSlowMode', () => {
  it('the anchor sets it; viewers see it in their role; the room is told; the log keeps it', async () => {
    const r = await room();
    expect(await call(app, mod.setSlowMode, { room_id: r.id, seconds: 5 }, { token: r.anchor.token })).toMatchObject({ code: 200, data: { seconds: 5 } });
    expect((await call(app, mod.getMyRole, { room_id: r.id }, { token: r.viewer.token })).data).toMatchObject({ role: 'viewer', slow_mode: 5, slow_mode_exempt: false });
    expect((await call(app, mod.getMyRole, { room_id: r.id }, { token: r.anchor.token })).data).toMatchObject({ role: 'anchor', slow_mode: 5, slow_mode_exempt: true });
    expect((await call(app, mod.getMyRole, { room_id: r.id }, { token: r.admin.token })).data).toMatchObject({ role: 'admin', slow_mode: 5, slow_mode_exempt: true });
    const notices = (await call(app, barrageList, { room_id: r.id })).data.filter((m: any) => m.type === 'TIMCustomElem').map((m: any) => JSON.parse(m.payload.data));
    expect(notices.at(-1)).toMatchObject({ type: 103, action: 'slow_mode', seconds: 5, target: { id: r.anchor.id } });
    const log = await call(app, mod.getModLog, { room_id: r.id }, { token: r.anchor.token });
    expect(log.data.list[0]).toMatchObject({ action: 'slow_mode', actor: { id: r.anchor.id }, detail: { seconds: 5 } });
    // The same value again changes nothing and is not announced twice.
    await call(app, mod.setSlowMode, { room_id: r.id, seconds: 5 }, { token: r.anchor.token });
    expect((await call(app, mod.getModLog, { room_id: r.id }, { token: r.anchor.token })).data.total).toBe(log.data.total);
  });

  it('a room admin may set it too, and turn it off', async () => {
    const r = await room();
    expect(await call(app, mod.setSlowMode, { room_id: r.id, seconds: '10' }, { token: r.admin.token })).toMatchObject({ code: 200, data: { seconds: 10 } });
    expect(await call(app, mod.setSlowMode, { room_id: r.id, seconds: 0 }, { token: r.admin.token })).toMatchObject({ code: 200, data: { seconds: 0 } });
    expect((await call(app, mod.getMyRole, { room_id: r.id }, { token: r.viewer.token })).data.slow_mode).toBe(0);
  });

  it('refuses a value that is not off, 3, 5 or 10 s, in the caller’s language; nothing changes', async () => {
    const r = await room();
    await call(app, mod.setSlowMode, { room_id: r.id, seconds: 3 }, { token: r.anchor.token });
    for (const seconds of [7, -1, 3.5, 'fast', '', 60]) {
      expect(await call(app, mod.setSlowMode, { room_id: r.id, seconds }, { token: r.anchor.token })).toMatchObject({ code: Code.ERROR, msg: 'Slow mode can be off, 3, 5 or 10 seconds' });
    }
    expect(await call(app, mod.setSlowMode, { room_id: r.id, seconds: 7 }, { token: r.anchor.token, lang: 'zh' })).toMatchObject({ msg: '慢速模式只能为关闭、3、5 或 10 秒' });
    expect(await call(app, mod.setSlowMode, { room_id: r.id, seconds: 7 }, { token: r.anchor.token, lang: 'es' })).toMatchObject({
      msg: 'El modo lento puede estar desactivado o ser de 3, 5 o 10 segundos',
    });
    expect((await call(app, mod.getMyRole, { room_id: r.id }, { token: r.viewer.token })).data.slow_mode).toBe(3);
  });

  it('refuses guests and viewers (and anchors of other rooms); nothing changes', async () => {
    const r = await room();
    const other = await quickUser(app, { anchor: true });
    expect((await call(app, mod.setSlowMode, { room_id: r.id, seconds: 5 })).code).toBe(Code.NOT_LOGGED_IN);
    for (const who of [r.viewer, other]) {
      expect(await call(app, mod.setSlowMode, { room_id: r.id, seconds: 5 }, { token: who.token })).toMatchObject({ code: Code.ERROR, msg: 'Only the anchor and room admins can do this' });
    }
    expect(await call(app, mod.setSlowMode, { room_id: r.viewer.id, seconds: 5 }, { token: r.viewer.token })).toMatchObject({ msg: 'This room does not exist' });
    expect((await call(app, mod.getMyRole, { room_id: r.id }, { token: r.viewer.token })).data.slow_mode).toBe(0);
  });
});

describe('slow mode is enforced on the socket and on api/Barrage/send', () => {
  it('a viewer waits the room’s seconds between messages, whichever way they are sent', async () => {
    const r = await room();
    await call(app, mod.setSlowMode, { room_id: r.id, seconds: 5 }, { token: r.anchor.token });
    const sock = await inRoom(r.id, r.viewer.token);
    expect(await viaHttp(r.id, r.viewer.token, 'first over HTTP')).toMatchObject({ code: 200 });
    later(1500);
    expect(await viaSocket(sock, r.id, 'too soon')).toMatchObject({ type: 'error', msg: 'Slow mode is on: wait 4 s before your next message' });
    expect(await viaHttp(r.id, r.viewer.token, 'too soon', 'zh')).toMatchObject({ status: 429, msg: '慢速模式已开启：请等待 4 秒后再发言' });
    expect(await viaHttp(r.id, r.viewer.token, 'too soon', 'es')).toMatchObject({ msg: 'El modo lento está activado: espere 4 s antes de su próximo mensaje' });
    later(3600);
    expect(await viaSocket(sock, r.id, 'second over the socket')).toMatchObject({ type: 'sent' });
    later(1100);
    expect(await viaHttp(r.id, r.viewer.token, 'too soon again')).toMatchObject({ msg: 'Slow mode is on: wait 4 s before your next message' });
    const texts = (await call(app, barrageList, { room_id: r.id })).data.filter((m: any) => m.type === 'TIMTextElem').map((m: any) => m.payload.text);
    expect(texts).toEqual(['first over HTTP', 'second over the socket']);
  });

  it('the anchor, room admins and site staff are not slowed (the 1 s gap still holds for them)', async () => {
    const r = await room();
    const staff = await quickUser(app, { admin: true });
    await call(app, mod.setSlowMode, { room_id: r.id, seconds: 10 }, { token: r.anchor.token });
    for (const who of [r.anchor, r.admin, staff]) {
      expect(await viaHttp(r.id, who.token, `one from ${who.id}`)).toMatchObject({ code: 200 });
      expect(await viaHttp(r.id, who.token, 'at once')).toMatchObject({ msg: 'You are sending too fast: wait 1 s' });
    }
    later(1100);
    for (const who of [r.anchor, r.admin, staff]) expect(await viaHttp(r.id, who.token, `two from ${who.id}`)).toMatchObject({ code: 200 });
  });

  it('turning slow mode off lets the viewer send again at once', async () => {
    const r = await room();
    await call(app, mod.setSlowMode, { room_id: r.id, seconds: 10 }, { token: r.anchor.token });
    expect((await viaHttp(r.id, r.viewer.token, 'one')).code).toBe(200);
    later(1100);
    expect((await viaHttp(r.id, r.viewer.token, 'two')).status).toBe(429);
    await call(app, mod.setSlowMode, { room_id: r.id, seconds: 0 }, { token: r.anchor.token });
    expect((await viaHttp(r.id, r.viewer.token, 'two')).code).toBe(200);
  });
});

describe('the least gap between one user’s messages', () => {
  it('holds across rooms, sockets and HTTP, says how long to wait, and lets a message through after it', async () => {
    const a = await room();
    const b = await room();
    const sock = await inRoom(b.id, a.viewer.token);
    expect((await viaHttp(a.id, a.viewer.token, 'hello A')).code).toBe(200);
    expect(await viaSocket(sock, b.id, 'hello B')).toMatchObject({ type: 'error', msg: 'You are sending too fast: wait 1 s' });
    expect(await viaHttp(b.id, a.viewer.token, 'hello B', 'zh')).toMatchObject({ status: 429, msg: '发言太快了，请等待 1 秒' });
    expect(await viaHttp(b.id, a.viewer.token, 'hello B', 'es')).toMatchObject({ msg: 'Envía demasiado rápido: espere 1 s' });
    later(1001);
    expect(await viaSocket(sock, b.id, 'hello B')).toMatchObject({ type: 'sent' });
  });

  it('of ten messages raced in at once by one user, exactly one is stored', async () => {
    const r = await room();
    const sock = await inRoom(r.id, r.viewer.token);
    const since = sock.frames.length;
    for (let i = 0; i < 5; i++) sock.send({ type: 'send', groupId: r.id, text: `socket ${i}` });
    const replies = await Promise.all(Array.from({ length: 5 }, (_, i) => viaHttp(r.id, r.viewer.token, `http ${i}`)));
    const answered = () => sock.frames.slice(since).filter((f) => f.type === 'sent' || (f.type === 'error' && f.request === 'send'));
    await sock.next(() => answered().length === 5);
    const okHttp = replies.filter((x) => x.code === 200).length;
    const okSocket = answered().filter((f) => f.type === 'sent').length;
    expect(okHttp + okSocket).toBe(1);
    expect((await call(app, barrageList, { room_id: r.id })).data.filter((m: any) => m.type === 'TIMTextElem')).toHaveLength(1);
  });
});

describe('two processes over Redis', () => {
  it('the gap and the slow mode are counted once for every process', async () => {
    const env = { IM_SECRET: 'slow-mode-test-secret', REDIS_URL: 'redis://127.0.0.1:6379', CHAT_MIN_GAP_MS: '1000' };
    const p1 = await otherApp(env);
    const p2 = await otherApp(env, { owner: p1 });
    try {
      const anchor = await quickUser(p1, { anchor: true });
      const fan = await quickUser(p1);
      const send = (p: FastifyInstance, text: string) => call(p, barrageSend, { room_id: anchor.id, text }, { token: fan.token });
      expect((await send(p1, 'on p1')).code).toBe(200);
      expect(await send(p2, 'on p2 at once')).toMatchObject({ status: 429, msg: 'You are sending too fast: wait 1 s' });
      await call(p2, mod.setSlowMode, { room_id: anchor.id, seconds: 3 }, { token: anchor.token });
      await new Promise((r) => setTimeout(r, 1100));
      expect((await send(p2, 'on p2 after a second')).code).toBe(200);
      expect(await send(p1, 'on p1 too soon')).toMatchObject({ status: 429, msg: 'Slow mode is on: wait 3 s before your next message' });
    } finally {
      await p1.close();
      await p2.close();
    }
  });
});

describe('text limits agree with the chat input', () => {
  it(`a danmaku is at most ${CHAT_TEXT_MAX} characters over HTTP and the socket, counted as characters`, async () => {
    const r = await room();
    const sock = await inRoom(r.id, r.viewer.token);
    const over = 'x'.repeat(CHAT_TEXT_MAX + 1);
    expect(await viaHttp(r.id, r.viewer.token, over)).toMatchObject({ code: Code.ERROR, msg: `Messages can be at most ${CHAT_TEXT_MAX} characters` });
    expect(await viaHttp(r.id, r.viewer.token, over, 'zh')).toMatchObject({ msg: `消息最多 ${CHAT_TEXT_MAX} 个字符` });
    expect(await viaSocket(sock, r.id, over)).toMatchObject({ type: 'error', msg: `Messages can be at most ${CHAT_TEXT_MAX} characters` });
    // 200 emoji are 400 UTF-16 units but 200 characters, as the input's counter shows.
    expect(await viaHttp(r.id, r.viewer.token, '⚽'.repeat(50) + '😀'.repeat(CHAT_TEXT_MAX - 50))).toMatchObject({ code: 200 });
    expect((await call(app, barrageList, { room_id: r.id })).data.filter((m: any) => m.type === 'TIMTextElem')).toHaveLength(1);
  });

  it(`a horn is at most ${HORN_TEXT_MAX} characters; nothing is paid for a refused one`, async () => {
    const fan = await quickUser(app);
    expect(await call(app, sneHorn, { text: 'h'.repeat(HORN_TEXT_MAX + 1), idempotency_key: key() }, { token: fan.token })).toMatchObject({
      code: Code.ERROR,
      msg: `A horn can be at most ${HORN_TEXT_MAX} characters`,
    });
    expect(await call(app, sneHorn, { text: 'h'.repeat(HORN_TEXT_MAX + 1), idempotency_key: key() }, { token: fan.token, lang: 'es' })).toMatchObject({
      msg: `Una bocina puede tener como máximo ${HORN_TEXT_MAX} caracteres`,
    });
    // Exactly the limit passes the length check (and then needs coins).
    expect(await call(app, sneHorn, { text: '喇'.repeat(HORN_TEXT_MAX), idempotency_key: key() }, { token: fan.token })).toMatchObject({ msg: 'Not enough gold coins, please recharge' });
  });
});
