import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as rooms from '@livesports/contracts/live';
import { searchLive } from '@livesports/contracts/search';
import { attention } from '@livesports/contracts/social';
import { giftSends } from '../src/db/schema/economy.ts';
import { createRoomRepo } from '../src/modules/live/room.repo.ts';
import { call, testApp } from './helpers.ts';
import { approvedAnchor, liveUser, revokeAnchor, srsHook } from './live.helpers.ts';

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof liveUser>>;
let a: Awaited<ReturnType<typeof approvedAnchor>>;
let viewer: Awaited<ReturnType<typeof liveUser>>;
beforeAll(async () => {
  app = await testApp();
  admin = await liveUser(app, { admin: true });
  a = await approvedAnchor(app, admin);
  viewer = await liveUser(app);
});

describe('the anchor manages the room', () => {
  it('every anchor call needs login, and a non-anchor is turned away', async () => {
    const anchorOnly = [rooms.getMyRoom, rooms.startRoom, rooms.endRoom, rooms.resetStreamKey, rooms.getLiveRecord] as const;
    for (const c of anchorOnly) {
      expect((await call(app, c, {})).code, c.path).toBe(700);
      expect(await call(app, c, {}, { token: viewer.token }), c.path).toMatchObject({ status: 403, code: 1, msg: 'Only anchors can do this. Apply to become an anchor first' });
    }
    expect((await call(app, rooms.createRoom, { title: 'Mine' }, { token: viewer.token })).status).toBe(403);
    expect((await call(app, rooms.setTitle, { title: 'Mine' }, { token: viewer.token })).status).toBe(403);
    expect((await call(app, rooms.updateLive, { title: 'Mine' }, { token: viewer.token })).status).toBe(403);
    expect((await call(app, rooms.setPlacard, { placard: 'Hi' }, { token: viewer.token })).status).toBe(403);
  });

  it('getMyRoom shows the key and push address to the anchor (no RTMP server in inject tests)', async () => {
    const res = await call(app, rooms.getMyRoom, {}, { token: a.token });
    expect(res.data).toMatchObject({ room_id: a.id, stream_key: a.key, ingest: false, ladder: false, rtmp_url: '', push_url: '', level: 1, exp: 0 });
  });

  it('createRoom and setTitle check the title; updateLive the category and cover', async () => {
    const t = { token: a.token };
    expect((await call(app, rooms.createRoom, { title: '' }, t)).msg).toBe('Please enter a room title');
    expect((await call(app, rooms.createRoom, { title: 'x'.repeat(41) }, t)).msg).toBe('The room title cannot exceed 40 characters');
    expect((await call(app, rooms.createRoom, { title: 'Ok', type: 5 }, t)).msg).toBe('Unknown live room category');
    const created = await call(app, rooms.createRoom, { title: '  Derby day  ', type: 1 }, t);
    expect(created).toMatchObject({ code: 200, msg: 'Saved', data: { title: 'Derby day', type: 1, stream_key: a.key } });
    expect((await call(app, rooms.setTitle, { title: '' }, t)).msg).toBe('Please enter a room title');
    expect((await call(app, rooms.setTitle, { title: 'Second half' }, t)).data.title).toBe('Second half');
    expect((await call(app, rooms.updateLive, { cover: 'javascript:alert(1)' }, t)).msg).toBe('Please upload a valid cover image');
    expect((await call(app, rooms.updateLive, { type: 0 }, t)).msg).toBe('Unknown live room category');
    const updated = await call(app, rooms.updateLive, { type: 2, cover: '/uploads/covers/a.jpg' }, t);
    expect(updated.data).toMatchObject({ title: 'Second half', type: 2, cover: '/uploads/covers/a.jpg' });
  });

  it('the announcement is at most 200 characters and anyone can read it', async () => {
    expect(await call(app, rooms.setPlacard, { placard: 'x'.repeat(201) }, { token: a.token, lang: 'es' })).toMatchObject({ status: 400, msg: 'El anuncio no puede superar los 200 caracteres' });
    expect((await call(app, rooms.setPlacard, { placard: 'y'.repeat(200) }, { token: a.token })).code).toBe(200);
    expect((await call(app, rooms.getPlacard, { room_id: a.id })).data.placard).toBe('y'.repeat(200));
    await call(app, rooms.setPlacard, { placard: 'Kick-off at 21:00' }, { token: a.token });
    expect((await call(app, rooms.getPlacard, { room_id: a.id })).data.placard).toBe('Kick-off at 21:00');
    expect(await call(app, rooms.getPlacard, { room_id: 99_999_999 })).toMatchObject({ status: 404, msg: 'Live room not found' });
    expect((await call(app, rooms.getPlacard, { room_id: 'abc' })).msg).toBe('Unknown live room');
  });

  it('startRoom opens the room, endRoom closes it', async () => {
    const started = await call(app, rooms.startRoom, {}, { token: a.token });
    expect(started).toMatchObject({ code: 200, msg: 'Room opened: start pushing your stream', data: { status: 1, is_live: 0 } });
    const ended = await call(app, rooms.endRoom, {}, { token: a.token });
    expect(ended).toMatchObject({ code: 200, msg: 'Broadcast ended', data: { status: 0 } });
  });
});

describe('the publish hook (SRS-style callbacks)', () => {
  it('only the current key of an approved anchor may publish', async () => {
    expect(await srsHook(app, 'on_publish', 'not-a-key-of-anyone-1234')).toMatchObject({ status: 403 });
    expect(await srsHook(app, 'on_publish', a.key, 'other')).toMatchObject({ status: 403 });
    const b = await approvedAnchor(app, admin);
    await revokeAnchor(app, b.id);
    expect(await srsHook(app, 'on_publish', b.key)).toMatchObject({ status: 403 });
    expect((await call(app, rooms.getRoomInfo, { room_id: b.id })).msg).toBe('Live room not found');
  });

  it('publish puts the room live with a broadcast record; unpublish ends it', async () => {
    expect(await srsHook(app, 'on_publish', a.key)).toEqual({ status: 200, body: { code: 0 } });
    const info = await call(app, rooms.getRoomInfo, { room_id: a.id });
    expect(info.data.live).toMatchObject({ room_id: a.id, is_live: 1, status: 2, online: 0, ladder: false });
    expect(info.data.live.start_time).not.toBeNull();
    expect(info.data.anchor).toMatchObject({ uid: a.id, followers: 0, level: 1 });
    // Without a transcoder there is one level, and visitors watch it too.
    expect(info.data.live.levels).toEqual([{ level: 'original', height: 0, locked: false, flv: expect.stringMatching(new RegExp(`^/live/${a.id}_original\\.flv\\?e=\\d+&s=[\\w-]{22}$`)), hls: null }]);
    const list = await call(app, rooms.getLiveList, { type: 2 });
    expect(list.data.list.map((r: { room_id: number }) => r.room_id)).toContain(a.id);
    expect((await call(app, rooms.getLiveList, { type: 1 })).data.list.map((r: { room_id: number }) => r.room_id)).not.toContain(a.id);
    const records = await call(app, rooms.getLiveRecord, {}, { token: a.token });
    expect(records.data.list[0]).toMatchObject({ title: 'Second half', end_time: null, gifts: 0 });
    // A gift during the session counts in its record (the economy module's gift sends).
    await app.database.db.insert(giftSends).values({ senderId: viewer.id, roomId: a.id, giftId: 1, num: 2, total: 1040, source: 'wallet', combo: 1 });

    expect(await srsHook(app, 'on_unpublish', a.key)).toEqual({ status: 200, body: { code: 0 } });
    expect((await call(app, rooms.getRoomInfo, { room_id: a.id })).data.live).toMatchObject({ is_live: 0, status: 0, levels: [] });
    const after = await call(app, rooms.getLiveRecord, {}, { token: a.token });
    expect(after.data).toMatchObject({ total: 1, page: 1 });
    expect(after.data.list[0].end_time).not.toBeNull();
    expect(after.data.list[0].duration).toBeGreaterThanOrEqual(0);
    expect(after.data.list[0].gifts).toBe(1040);
  });

  it('resetting the key retires the old one', async () => {
    const reset = await call(app, rooms.resetStreamKey, {}, { token: a.token });
    expect(reset).toMatchObject({ code: 200, msg: 'A new stream key was issued; the old one no longer works' });
    expect(reset.data.stream_key).not.toBe(a.key);
    expect(await srsHook(app, 'on_publish', a.key)).toMatchObject({ status: 403 });
    expect(await srsHook(app, 'on_publish', reset.data.stream_key)).toMatchObject({ status: 200 });
    // endRoom closes a live session even when the encoder cannot be reached from here.
    const ended = await call(app, rooms.endRoom, {}, { token: a.token });
    expect(ended.data).toMatchObject({ status: 0, is_live: 0 });
    a.key = reset.data.stream_key;
  });

  it("another anchor's key only ever opens that anchor's own room", async () => {
    const b = await approvedAnchor(app, admin);
    await srsHook(app, 'on_publish', b.key);
    expect((await call(app, rooms.getRoomInfo, { room_id: b.id })).data.live.is_live).toBe(1);
    expect((await call(app, rooms.getRoomInfo, { room_id: a.id })).data.live.is_live).toBe(0);
    // b ending its room does not touch a's.
    await call(app, rooms.endRoom, {}, { token: b.token });
    expect((await call(app, rooms.getRoomInfo, { room_id: b.id })).data.live.is_live).toBe(0);
  });
});

describe('lists and room pages', () => {
  it('getRoomList lists anchors by category, live first, and checks its paging', async () => {
    const res = await call(app, rooms.getRoomList, { type: 0, limit: 50 });
    expect(res.code).toBe(200);
    expect(res.data.total).toBeGreaterThanOrEqual(1);
    expect(res.data.list.find((r: { room_id: number }) => r.room_id === a.id)).toMatchObject({ uid: a.id, title: 'Second half', type: 2, is_live: 0 });
    const basketball = await call(app, rooms.getRoomList, { type: 2, limit: 50 });
    expect(basketball.data.list.every((r: { type: number }) => r.type === 2)).toBe(true);
    expect((await call(app, rooms.getRoomList, { type: 9 })).msg).toBe('Unknown live room category');
    expect((await call(app, rooms.getRoomList, { page: 0 })).msg).toBe('Invalid page');
    expect((await call(app, rooms.getRoomList, { limit: 51 })).msg).toBe('Invalid page');
  });

  it('shows followers and whether the caller follows, and lists followed anchors by id', async () => {
    expect((await call(app, attention, { id: a.id, type: 1, attention: 1 }, { token: viewer.token })).code).toBe(200);
    const info = await call(app, rooms.getRoomInfo, { room_id: a.id }, { token: viewer.token });
    expect(info.data.anchor).toMatchObject({ followers: 1, is_followed: 1 });
    expect((await call(app, rooms.getRoomInfo, { room_id: a.id })).data.anchor.is_followed).toBe(0);
    const mine = await call(app, rooms.getRoomList, { uids: `${a.id},99999999` });
    expect(mine.data.list.map((r: { room_id: number }) => r.room_id)).toEqual([a.id]);
    expect((await call(app, rooms.getRoomList, { uids: 'x' })).msg).toBe('Unknown live room');
  });

  it('getOnlineMemberNum and getLiveUrl for an offline room', async () => {
    expect((await call(app, rooms.getOnlineMemberNum, { room_id: a.id })).data).toEqual({ num: 0 });
    expect((await call(app, rooms.getOnlineMemberNum, { room_id: 99_999_999 })).status).toBe(404);
    expect((await call(app, rooms.getLiveUrl, { room_id: a.id })).data).toEqual({ room_id: a.id, is_live: 0, ladder: false, levels: [] });
  });

  it('search finds rooms by title or anchor name (for the search module)', async () => {
    const repo = createRoomRepo(app.database.db);
    // Limited to a's own rooms' words plus its id: the shared test database holds many 'Second half' rooms.
    expect((await repo.searchRooms('second HALF', { limit: 1000 })).rows.map((r) => r.id)).toContain(a.id);
    expect((await repo.searchRooms('%')).rows.map((r) => r.id)).not.toContain(a.id);
    expect(await repo.searchRooms('second half', { liveOnly: true })).toEqual({ rows: [], total: 0 });
    const res = await call(app, searchLive, { name: 'Second half', limit: 50 });
    expect(res.data.list.find((r: { room_id: number }) => r.room_id === a.id)).toMatchObject({ uid: a.id, title: 'Second half', is_live: 0 });
  });
});
