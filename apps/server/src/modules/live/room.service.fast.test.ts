import { describe, expect, it, vi } from 'vitest';
import { RoomStatus } from '@livesports/contracts/live';
import { authUser, fakeBus, fakeClock, fakeRepo } from '../../../test/fast.ts';
import { createReadCache } from '../../platform/read-cache.ts';
import type { RoomRepo } from './room.repo.ts';
import { type LiveMedia, createRoomService } from './room.service.ts';

// The anchor's own room on a fake repository: who may manage it, what a change writes, and that
// every change drops the room's cached public answers.

const anchor = authUser({ isAnchor: true });
const room = (over: Record<string, unknown> = {}) => ({ id: anchor.id, title: 'Derby night', type: 1, cover: '', placard: '', status: RoomStatus.OFFLINE, streamKey: 'k'.repeat(24), ...over });

function setup(rows: Record<string, unknown> = {}) {
  let current = room(rows);
  const repo = fakeRepo<RoomRepo>({
    find: async () => current as never,
    anchorOf: async () => ({ anchorExp: 120, isAnchor: 1 }) as never,
    update: async (_id: number, values: object) => (current = { ...current, ...values }) as never,
    goOffline: async () => void (current = { ...current, status: RoomStatus.OFFLINE }) as never,
    card: async () => ({ id: current.id, status: current.status }) as never,
  });
  const media: LiveMedia = {
    rtmpUrl: 'rtmp://127.0.0.1:1935/live',
    ingest: true,
    ladder: false,
    levels: () => [],
    playUrls: () => ({ flv: '', hls: null }),
    allowedLevels: () => new Set(),
    online: () => 0,
    endRecording: vi.fn(),
    kick: vi.fn(async () => 'none' as const),
  };
  const cache = createReadCache({ bus: fakeBus() });
  const invalidate = vi.spyOn(cache, 'invalidate');
  const sut = createRoomService({
    repo,
    clock: fakeClock(),
    media,
    cache,
    giftsDuring: async () => 0,
    followerCount: async () => 0,
    isFollowing: async () => false,
    nextReservation: async () => null,
    linkedMatch: async () => null,
  });
  return {
    sut,
    repo,
    media,
    invalidate,
    get current() {
      return current;
    },
  };
}

describe('the anchor manages their own room', () => {
  it('a viewer has no room to manage', async () => {
    const t = setup();
    const viewer = authUser();
    for (const run of [() => t.sut.myRoom(viewer), () => t.sut.startRoom(viewer), () => t.sut.setPlacard(viewer, 'hi'), () => t.sut.resetKey(viewer)]) {
      await expect(run()).rejects.toMatchObject({ key: 'live.not_anchor', status: 403 });
    }
    expect(t.repo.update).not.toHaveBeenCalled();
  });

  it('start: an offline room waits for the encoder; the push URL carries the stream key', async () => {
    const t = setup();
    const mine = await t.sut.startRoom(anchor);
    expect(t.repo.update).toHaveBeenCalledWith(anchor.id, { status: RoomStatus.WAITING });
    expect(mine).toMatchObject({ status: RoomStatus.WAITING, push_url: `rtmp://127.0.0.1:1935/live/${'k'.repeat(24)}`, is_live: 0 });
    expect(t.invalidate).toHaveBeenCalled();
  });

  it('a new stream key replaces the old one and cuts a live stream that used it', async () => {
    const t = setup({ status: RoomStatus.LIVE });
    const mine = await t.sut.resetKey(anchor);
    expect(mine.stream_key).not.toBe('k'.repeat(24));
    expect(mine.stream_key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(t.media.kick).toHaveBeenCalledWith(anchor.id);
  });

  it('end: the recording closes and the room goes offline, with the minutes credited', async () => {
    const t = setup({ status: RoomStatus.WAITING });
    const mine = await t.sut.endRoom(anchor);
    expect(t.media.endRecording).toHaveBeenCalledWith(anchor.id);
    expect(t.repo.goOffline).toHaveBeenCalledWith(anchor.id, expect.any(Date), 0, expect.any(Number));
    expect(mine.status).toBe(RoomStatus.OFFLINE);
  });

  it('update writes only the fields given', async () => {
    const t = setup();
    await t.sut.update(anchor, { title: 'Cup final', type: undefined });
    expect(t.repo.update).toHaveBeenCalledWith(anchor.id, { title: 'Cup final' });
    expect(t.current.title).toBe('Cup final');
  });
});

describe('play levels', () => {
  it('a visitor whose every allowed rung was shed for lack of CPU still gets the smallest one to play (served the nearest level left)', async () => {
    const { sut, media } = setup({ status: RoomStatus.LIVE });
    media.ladder = true;
    // The ladder shed SD and smooth: only the original and its HD alias are listed.
    media.levels = () => [
      { level: 'original', height: 360 },
      { level: 'hd', height: 360 },
    ];
    media.allowedLevels = (loggedIn) => new Set(loggedIn ? ['original', 'hd', 'sd', 'smooth'] : ['sd', 'smooth']);
    media.playUrls = (_room, level) => ({ flv: `/live/${level}.flv`, hls: null });
    const visitor = await sut.liveUrl(anchor.id, null);
    expect(visitor.levels.filter((l) => !l.locked).map((l) => [l.level, l.flv])).toEqual([['smooth', '/live/smooth.flv']]);
    // A signed-in viewer has the original: nothing is added.
    const member = await sut.liveUrl(anchor.id, authUser());
    expect(member.levels.map((l) => l.level)).toEqual(['original', 'hd']);
  });
});
