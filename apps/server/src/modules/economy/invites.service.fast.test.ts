import { CHECKIN_GIFT_NUM, INVITEE_BONUS, NOBLE_MONTH_DAYS } from '@livesports/contracts/economy';
import { describe, expect, it } from 'vitest';
import { authUser, fakeBus, fakeClock, fakeRepo } from '../../../test/fast.ts';
import { fakeLedger } from '../../../test/fake-ledger.ts';
import type { EconomyContext } from './context.ts';
import type { GiftRow, GiftsRepo } from './gifts.repo.ts';
import type { InvitesRepo } from './invites.repo.ts';
import { createInvitesService } from './invites.service.ts';
import type { NoblesService } from './nobles.service.ts';
import type { PeopleRepo } from './people.repo.ts';

// Invite rewards and the daily check-in on fake repositories. The rewards table decides races by
// its primary key (`give` answers false for a reward already given); the pool pays out at most what
// is left of its cap; the welcome bonus moves through the ledger (in memory here) once.

const inviter = 1;
const cheer = { id: 7, code: 'cheer' } as GiftRow;
const like = { id: 8, code: 'like' } as GiftRow;

function setup(opts: { friends?: number[]; invitedBy?: number | null; given?: string[]; pool?: number } = {}) {
  const user = authUser();
  const given = new Set(opts.given ?? []);
  let pool = opts.pool ?? 1_000_000;
  const checkIns = new Set<string>();
  const books = fakeLedger();
  const people = fakeRepo<PeopleRepo>({
    find: async () => ({ id: user.id, nickname: 'me', avatar: '', isAnchor: 0, wealthExp: 0, invitedBy: opts.invitedBy === undefined ? inviter : opts.invitedBy, inviteCode: 'ME' }) as never,
    invitedIds: async () => opts.friends ?? [],
  });
  const repo = fakeRepo<InvitesRepo>({
    transaction: async (work) => work({} as never),
    rewards: async () => new Set(given),
    give: async (_tx: unknown, _u: number, reward: string) => !given.has(reward) && !!given.add(reward),
    takeFromPool: async (_tx: unknown, want: number) => {
      const take = Math.min(want, pool);
      pool -= take;
      return take;
    },
    checkIn: async (_tx: unknown, u: number, day: string) => !checkIns.has(`${u}:${day}`) && !!checkIns.add(`${u}:${day}`),
  });
  const gifts = fakeRepo<GiftsRepo>({ byCode: async (code: string) => (code === 'cheer' ? cheer : like), addToBackpack: async () => {} });
  const nobles = fakeRepo<NoblesService>({ grant: async () => ({}) as never });
  const ctx = {
    ledger: books.ledger,
    clock: fakeClock('2030-01-01T12:00:00Z'),
    bus: fakeBus(),
    people,
    publicUrl: 'http://127.0.0.1',
    log: console,
    ranksChanged: () => {},
  } as unknown as EconomyContext;
  return { sut: createInvitesService(ctx, repo, gifts, nobles), user, books, gifts, nobles, repo };
}

describe('claiming invite rewards', () => {
  it('gives the reached tier, one backpack gift per friend and the welcome bonus from the pool', async () => {
    const t = setup({ friends: [11, 12, 13] });
    expect(await t.sut.claim(t.user)).toEqual({ tiers: ['knight', 'viscount'], gifts: 3, bonus: INVITEE_BONUS });
    expect(t.nobles.grant.mock.calls.map((c) => [c[2], c[3], c[4]])).toEqual([
      ['knight', NOBLE_MONTH_DAYS, { refuseLower: false }],
      ['viscount', NOBLE_MONTH_DAYS, { refuseLower: false }],
    ]);
    expect(t.gifts.addToBackpack).toHaveBeenCalledWith(expect.anything(), t.user.id, cheer.id, 3);
    // The bonus is one ledger line out of the invite pool account, under the operation's fixed key.
    expect(t.books.lines).toEqual([{ opId: 1, kind: 'invite_bonus', from: { system: 'invite_pool' }, to: { user: t.user.id, wallet: 'consumption' }, amount: INVITEE_BONUS }]);
    expect(t.books.ops.map((o) => o.key)).toEqual(['invite:bonus']);
    expect(t.books.balance(t.user.id, 'consumption')).toBe(INVITEE_BONUS);
  });

  it('claiming again gives nothing twice', async () => {
    const t = setup({ friends: [11] });
    await t.sut.claim(t.user);
    await expect(t.sut.claim(t.user)).rejects.toMatchObject({ key: 'economy.nothing_to_claim', status: 400 });
    expect(t.nobles.grant).toHaveBeenCalledTimes(1);
    expect(t.books.balance(t.user.id, 'consumption')).toBe(INVITEE_BONUS);
  });

  it('a reward another claim gave a moment ago (the primary key says so) is not given again', async () => {
    const t = setup({ friends: [11] });
    // Read as due, but given by a racing claim before this one's insert.
    t.repo.give.mockImplementation(async () => false);
    await expect(t.sut.claim(t.user)).rejects.toMatchObject({ key: 'economy.nothing_to_claim' });
    expect(t.nobles.grant).not.toHaveBeenCalled();
    expect(t.gifts.addToBackpack).not.toHaveBeenCalled();
    expect(t.books.lines).toEqual([]);
  });

  it('the pool never pays out more than is left of it', async () => {
    const t = setup({ pool: 30 });
    expect(await t.sut.claim(t.user)).toEqual({ tiers: [], gifts: 0, bonus: 30 });
    expect(t.books.balance(t.user.id, 'consumption')).toBe(30);
  });

  it('an empty pool moves no money and, with nothing else due, says so', async () => {
    const t = setup({ pool: 0 });
    await expect(t.sut.claim(t.user)).rejects.toMatchObject({ key: 'economy.nothing_to_claim' });
    expect(t.books.lines).toEqual([]);
  });

  it('someone nobody invited, with no friends, has nothing to claim and moves nothing', async () => {
    const t = setup({ invitedBy: null });
    await expect(t.sut.claim(t.user)).rejects.toMatchObject({ key: 'economy.nothing_to_claim' });
    expect(t.books.ops).toEqual([]);
  });
});

describe('daily check-in', () => {
  it('fills the backpack once a UTC day and says when the next one opens', async () => {
    const t = setup();
    expect(await t.sut.checkIn(t.user)).toEqual({ gift_id: like.id, num: CHECKIN_GIFT_NUM, next_at: '2030-01-02T00:00:00.000Z' });
    await expect(t.sut.checkIn(t.user)).rejects.toMatchObject({ key: 'economy.checkin_done', status: 409 });
    expect(t.gifts.addToBackpack).toHaveBeenCalledTimes(1);
  });
});
