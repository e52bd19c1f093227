import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROOM_ADMIN_MAX } from '@livesports/contracts/chat-moderation';
import { authUser, fakeBus, fakeClock, fakeRepo } from '../../../test/fast.ts';
import { MOD_CHANNEL, createModerationService } from './moderation.service.ts';
import type { ModerationRepo } from './moderation.repo.ts';

// Room moderation rules on a fake repository: who may mute whom, what is written and announced.

const anchor = authUser({ isAnchor: true });
const roomAdmin = authUser();
const viewer = authUser();
const siteAdmin = authUser({ isAdmin: true, isModerator: true });
const siteModerator = authUser({ isModerator: true });
const people: Record<number, { id: number; isAnchor: number; isAdmin: number; isModerator: number; user_nickname: string }> = Object.fromEntries(
  [anchor, roomAdmin, viewer, siteAdmin, siteModerator].map((u) => [
    u.id,
    { id: u.id, isAnchor: u.isAnchor ? 1 : 0, isAdmin: u.isAdmin ? 1 : 0, isModerator: u.isModerator ? 1 : 0, user_nickname: `user${u.id}` },
  ]),
);

function setup() {
  const repo = fakeRepo<ModerationRepo>({
    user: async (id: number) => (people[id] as never) ?? null,
    admins: async () => [{ id: roomAdmin.id } as never],
    sanctions: async () => [],
    keywords: async () => [],
    slowMode: async () => 0,
    setSanction: async () => {},
    liftSanction: async () => true,
    log: async () => {},
  });
  const bus = fakeBus();
  const clock = fakeClock();
  const notice = vi.fn(async () => {});
  const sut = createModerationService({ repo, bus, clock, notice });
  return { sut, repo, bus, clock, notice };
}

describe('mute and kick', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => (t = setup()));

  it('a room admin mutes a viewer: the sanction is stored until the end, logged, published and announced', async () => {
    const r = await t.sut.mute(roomAdmin, anchor.id, viewer.id, 10);
    const until = new Date(t.clock.now().getTime() + 10 * 60_000);
    expect(r).toEqual({ until: until.toISOString() });
    expect(t.repo.setSanction).toHaveBeenCalledWith(anchor.id, viewer.id, 'mute', until, roomAdmin.id);
    expect(t.repo.log).toHaveBeenCalledWith({ roomId: anchor.id, actorId: roomAdmin.id, targetId: viewer.id, action: 'mute', detail: { minutes: 10, until: until.toISOString() } });
    expect(t.bus.published).toEqual([[MOD_CHANNEL, { roomId: anchor.id, userId: viewer.id, kind: 'mute', until: until.toISOString() }]]);
    expect(t.notice).toHaveBeenCalledWith(anchor.id, roomAdmin.id, expect.objectContaining({ type: 103, action: 'mute', minutes: 10 }));
  });

  it('0 minutes lifts the sanction instead', async () => {
    expect(await t.sut.kick(anchor, anchor.id, viewer.id, 0)).toEqual({ until: null });
    expect(t.repo.liftSanction).toHaveBeenCalledWith(anchor.id, viewer.id, 'kick');
    expect(t.repo.setSanction).not.toHaveBeenCalled();
    // An unkick is not announced in the room (the kicked viewer is not there to see it).
    expect(t.notice).not.toHaveBeenCalled();
  });

  it('a viewer may not moderate; nobody moderates themself', async () => {
    await expect(t.sut.mute(viewer, anchor.id, roomAdmin.id, 10)).rejects.toMatchObject({ key: 'chat.not_moderator', status: 403 });
    await expect(t.sut.mute(roomAdmin, anchor.id, roomAdmin.id, 10)).rejects.toMatchObject({ key: 'chat.self' });
    expect(t.repo.setSanction).not.toHaveBeenCalled();
  });

  it("no room admin touches the anchor, another admin or the site's staff (administrator or moderator: issue #51 item 6)", async () => {
    await expect(t.sut.mute(roomAdmin, anchor.id, anchor.id, 10)).rejects.toMatchObject({ key: 'chat.cannot_moderate' });
    await expect(t.sut.kick(roomAdmin, anchor.id, siteAdmin.id, 10)).rejects.toMatchObject({ key: 'chat.cannot_moderate_staff', status: 403 });
    await expect(t.sut.kick(anchor, anchor.id, siteAdmin.id, 10)).rejects.toMatchObject({ key: 'chat.cannot_moderate_staff' });
    await expect(t.sut.mute(roomAdmin, anchor.id, siteModerator.id, 10)).rejects.toMatchObject({ key: 'chat.cannot_moderate_staff', status: 403 });
    await expect(t.sut.kick(roomAdmin, anchor.id, siteModerator.id, 10)).rejects.toMatchObject({ key: 'chat.cannot_moderate_staff' });
    await expect(t.sut.mute(anchor, anchor.id, siteModerator.id, 10)).rejects.toMatchObject({ key: 'chat.cannot_moderate_staff' });
    expect(t.repo.setSanction).not.toHaveBeenCalled();
    expect(t.bus.published).toEqual([]);
  });

  it('an unknown target or a room that is no anchor room is a clear 400', async () => {
    await expect(t.sut.mute(anchor, anchor.id, 424242, 10)).rejects.toMatchObject({ key: 'chat.user_unknown' });
    await expect(t.sut.mute(anchor, viewer.id, anchor.id, 10)).rejects.toMatchObject({ key: 'chat.no_room' });
  });
});

describe('room admins', () => {
  it('only an anchor names admins, and a full list is refused with the maximum', async () => {
    const t = setup();
    await expect(t.sut.setAdmin(viewer, roomAdmin.id, 1)).rejects.toMatchObject({ key: 'chat.only_anchor' });
    const repo = fakeRepo<ModerationRepo>({ user: async (id: number) => (people[id] as never) ?? null, addAdmin: async () => false, isAdmin: async () => false });
    const sut = createModerationService({ repo, bus: fakeBus(), clock: fakeClock(), notice: async () => {} });
    await expect(sut.setAdmin(anchor, viewer.id, 1)).rejects.toMatchObject({ key: 'chat.admins_full', params: { max: ROOM_ADMIN_MAX } });
    expect(repo.addAdmin).toHaveBeenCalledWith(anchor.id, viewer.id, ROOM_ADMIN_MAX);
  });
});
