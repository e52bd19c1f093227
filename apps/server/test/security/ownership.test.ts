import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CallDef } from '@livesports/contracts/call';
import { allCalls } from '@livesports/contracts/calls';
import * as content from '@livesports/contracts/content';
import * as mod from '@livesports/contracts/chat-moderation';
import * as reserve from '@livesports/contracts/live-reserve';
import * as wallet from '@livesports/contracts/economy-wallet';
import * as replaysApi from '@livesports/contracts/replays';
import { clips, replays } from '../../src/db/schema/replays.ts';
import { call, seedUser, testApp } from '../helpers.ts';
import { approvedAnchor, liveUser } from '../live.helpers.ts';

// Issue #13 item 10(a), the part the login matrix cannot see: who may act on whose things. Every
// call that needs login (and is not a console call, which the role matrix covers) is in exactly
// one class below, so a call added to the contracts without a rule fails the first test. Then
// each class is tried with the users it must refuse: another user, a viewer, a room admin.

/** Acts only on the caller's own account, wallet, room or lists: no id of anyone else's thing in the input. */
const SELF = [
  'changePassword',
  'getQiniuToken',
  'memberInfo',
  'paymentPassword',
  'signOut',
  'updateInfo',
  'userInfo',
  'imSign',
  'getKeywords',
  'checkIn',
  'userGiftList',
  'inviteClaim',
  'inviteInfo',
  'conversionBalance',
  'getWallet',
  'orderList',
  'payUrl',
  'rechargeOrders',
  'aliPayInfo',
  'applyForWithdrawal',
  'bankCardInfo',
  'bindAliPay',
  'bindBankCard',
  'withdrawalList',
  'getVerifiedInfo',
  'verified',
  'getUserReserveLiveList',
  'getMyReplays',
  'reserveList',
  'buyNoble',
  'getMyRole',
];
/** Any logged-in user may do this to any public thing (a room, a post, a match): chat, like, gift, follow. */
const PUBLIC_TARGET = [
  'barrageSend',
  'sneHorn',
  'commentArticle',
  'commentPost',
  'likeArticle',
  'likeComment',
  'likePost',
  'publishArticle',
  'publishPost',
  'report',
  'buyGuard',
  'handselGift',
  'reserveLive',
  'collect',
  'foresightPublish',
  'reserveMatch',
  'reserveMatch2',
  'sendReplayDanmaku',
  'attention',
  'reportChat',
  'reportRoom',
];
/** The caller's own room: only an anchor; a viewer, and a room admin of someone else's room, are refused. */
const ANCHOR_ONLY: Record<string, Record<string, unknown>> = {
  setKeywords: { words: ['spam'] },
  setRoomAdmin: { user_id: 1, status: 1 },
  setRoomMatch: { match_id: 1 },
  setReserveLiveNew: { title: 'Derby', start_time: Math.floor(Date.now() / 1000) + 86_400, sport: 1, home_name: 'A', away_name: 'B', league_name: 'L' },
  createRoom: { title: 'My room', type: 1 },
  endRoom: {},
  resetStreamKey: {},
  setPlacard: { placard: 'hello' },
  setTitle: { title: 'New title' },
  startRoom: {},
  updateLive: { title: 'New title', type: 1 },
  setRecording: { record: 1 },
  getRecording: {},
  getLiveRecord: {},
  getMyRoom: {},
  streamHealth: {},
};
/** A room's staff (its anchor or a room admin) in that room: a viewer is refused. */
const ROOM_STAFF = ['getModLog', 'getSanctions', 'kickMember', 'muteMember', 'setSlowMode'];
/** An id of something one user owns: every other user is refused and the thing is left as it was. */
const OWNER_OF_ID = ['deleteComment', 'deletePost', 'deleteReserveLive', 'rechargeOrder', 'createClip', 'deleteClip', 'deleteReplay', 'publishClip', 'setReplayHidden'];

const byName = new Map(allCalls().map((c) => [c.name, c.call]));
const get = (name: string) => byName.get(name) as CallDef<any, any>;
const refused = (r: { status: number; code: number }) => ({ status: r.status >= 400 && r.status < 500 && r.status !== 400 ? 'refused' : r.status, code: r.code });

describe('every call that needs login has an ownership rule', () => {
  it('is in exactly one class', () => {
    const classes = [SELF, PUBLIC_TARGET, Object.keys(ANCHOR_ONLY), ROOM_STAFF, OWNER_OF_ID];
    for (const { name, call } of allCalls()) {
      if (!call.auth || call.role) continue;
      expect({ name, classes: classes.filter((c) => c.includes(name)).length }).toEqual({ name, classes: 1 });
    }
    for (const name of classes.flat()) expect({ name, exists: byName.has(name) }).toEqual({ name, exists: true });
  });
});

describe('who may act on whose things', () => {
  let app: FastifyInstance;
  let siteAdmin: Awaited<ReturnType<typeof liveUser>>;
  let anchor: Awaited<ReturnType<typeof approvedAnchor>>;
  let roomAdmin: Awaited<ReturnType<typeof liveUser>>;
  let viewer: Awaited<ReturnType<typeof liveUser>>;
  beforeAll(async () => {
    app = await testApp();
    siteAdmin = await liveUser(app, { admin: true });
    anchor = await approvedAnchor(app, siteAdmin);
    roomAdmin = await liveUser(app);
    viewer = await liveUser(app);
    expect((await call(app, mod.setRoomAdmin, { user_id: roomAdmin.id, status: 1 }, { token: anchor.token })).code).toBe(200);
  });

  it("an anchor's own-room calls refuse a viewer and the room's admin (403)", async () => {
    for (const [name, input] of Object.entries(ANCHOR_ONLY)) {
      for (const [who, u] of [
        ['viewer', viewer],
        ['room admin', roomAdmin],
      ] as const) {
        const r = await call(app, get(name), input, { token: u.token });
        expect({ name, who, ...refused(r) }).toEqual({ name, who, status: 'refused', code: 1 });
      }
    }
  });

  it("a room's moderation calls refuse a viewer and answer the room's admin", async () => {
    const target = await liveUser(app);
    const input = { room_id: anchor.id, user_id: target.id, minutes: 10, page: 1, limit: 10, seconds: 0 };
    for (const name of ROOM_STAFF) {
      const r = await call(app, get(name), input, { token: viewer.token });
      expect({ name, ...refused(r) }).toEqual({ name, status: 'refused', code: 1 });
      const ok = await call(app, get(name), input, { token: roomAdmin.token });
      expect({ name, code: ok.code }).toEqual({ name, code: 200 });
    }
  });

  it("another user's post, comment, reservation, order, replay and clip: refused and left as they were", async () => {
    const owner = await seedUser(app);
    const other = await seedUser(app);
    const post = await call(app, content.publishPost, { content: 'Owner post' }, { token: owner.token });
    expect(post.code).toBe(200);
    const comment = await call(app, content.commentPost, { id: post.data.id, content: 'Owner comment' }, { token: owner.token });
    expect(comment.code).toBe(200);
    const reservation = await call(app, reserve.setReserveLiveNew, ANCHOR_ONLY.setReserveLiveNew, { token: anchor.token });
    expect(reservation.code).toBe(200);
    const order = await call(app, wallet.payUrl, { id: 1 }, { token: owner.token });
    expect(order.code).toBe(200);
    const [replay] = await app.database.db
      .insert(replays)
      .values({ roomId: anchor.id, title: 'Final', status: 1, storageKey: `replays/own-${Date.now()}`, duration: 60, startedAt: new Date() })
      .returning({ id: replays.id });
    const [clip] = await app.database.db
      .insert(clips)
      .values({ replayId: replay.id, roomId: anchor.id, userId: anchor.id, title: 'Goal', start: 1, end: 11, storageKey: `clips/own-${Date.now()}` })
      .returning({ id: clips.id });

    const attempts: Array<[string, Record<string, unknown>, { token: string }[]]> = [
      ['deletePost', { id: post.data.id }, [other, viewer, roomAdmin]],
      ['deleteComment', { id: comment.data.id }, [other, viewer]],
      ['deleteReserveLive', { id: reservation.data.id }, [other, roomAdmin]],
      ['rechargeOrder', { order_no: order.data.order_no }, [other]],
      ['createClip', { replay_id: replay.id, start: 0, end: 10, title: 'Mine now' }, [other, roomAdmin]],
      ['deleteClip', { id: clip.id }, [other, roomAdmin]],
      ['publishClip', { id: clip.id }, [other, roomAdmin]],
      ['deleteReplay', { id: replay.id }, [other, roomAdmin]],
      ['setReplayHidden', { id: replay.id, hidden: 1 }, [other, roomAdmin]],
    ];
    for (const [name, input, intruders] of attempts) {
      for (const u of intruders) {
        const r = await call(app, get(name), input, { token: u.token });
        expect({ name, ...refused(r) }).toEqual({ name, status: 'refused', code: 1 });
      }
    }
    expect(attempts.map(([n]) => n).sort()).toEqual([...OWNER_OF_ID].sort());

    // Nothing moved: the owner still finds each of them where they left it.
    const [r] = await app.database.db.select({ hidden: replays.hidden }).from(replays).where(eq(replays.id, replay.id));
    expect(r).toEqual({ hidden: 0 });
    const [c] = await app.database.db.select({ status: clips.status }).from(clips).where(eq(clips.id, clip.id));
    expect(c).toEqual({ status: 0 });
    expect((await call(app, wallet.rechargeOrder, { order_no: order.data.order_no }, { token: owner.token })).code).toBe(200);
    expect((await call(app, content.deleteComment, { id: comment.data.id }, { token: owner.token })).code).toBe(200);
    expect((await call(app, content.deletePost, { id: post.data.id }, { token: owner.token })).code).toBe(200);
    expect((await call(app, reserve.deleteReserveLive, { id: reservation.data.id }, { token: anchor.token })).code).toBe(200);
    expect((await call(app, replaysApi.deleteReplay, { id: replay.id }, { token: anchor.token })).code).toBe(200);
  });
});
