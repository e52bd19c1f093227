import { describe, expect, it } from 'vitest';
import { authUser, fakeBus, fakeClock, fakeRepo } from '../../../test/fast.ts';
import type { EconomyContext } from './context.ts';
import type { GiftRow, GiftsRepo } from './gifts.repo.ts';
import type { LedgerRepo } from './ledger.repo.ts';
import { createGiftsService } from './gifts.service.ts';
import type { PeopleRepo } from './people.repo.ts';
import type { WalletRepo } from './wallet.repo.ts';

// The gift catalogue and the checks in front of a send, on fake repositories. The money path
// itself (one statement on the driver, or the ledger transaction) is covered by the integration
// and property tests on PGlite and PostgreSQL (the one statement is SQL: no fake stands in for it).

const rose = { id: 1, code: 'rose', nameZh: '玫瑰', nameEn: 'Rose', nameEs: 'Rosa', price: 10, image: '/gifts/rose.png', animation: 'float', sort: 1, active: 1 } as GiftRow;
const anchor = authUser({ isAnchor: true });
const fan = authUser();
const person = (id: number, isAnchor: number) => ({ id, user_nickname: `user${id}`, avatar: '', is_anchor: isAnchor, wealth_exp: 0, wealth_level: 0, noble: null });

function setup(opts: { sessionOpen?: boolean } = {}) {
  const repo = fakeRepo<GiftsRepo>({ activeGifts: async () => [rose] });
  const people = fakeRepo<PeopleRepo>({
    people: async (ids: number[]) => new Map(ids.filter((id) => id === anchor.id || id === fan.id).map((id) => [id, person(id, id === anchor.id ? 1 : 0)])) as never,
    sessionOpen: async () => opts.sessionOpen ?? true,
  });
  // Backpack sends take the general path, whose first steps are the checks; no ledger call is expected.
  const ctx = { ledger: fakeRepo<LedgerRepo>(), clock: fakeClock(), bus: fakeBus(), people, publicUrl: 'http://127.0.0.1', log: console, ranksChanged: () => {} } as unknown as EconomyContext;
  const sut = createGiftsService(ctx, repo, fakeRepo<WalletRepo>());
  return { sut, repo, people };
}
const send = (over: Partial<{ room_id: number; gift_id: number; num: number; from_backpack: boolean }> = {}) => ({
  room_id: anchor.id,
  gift_id: rose.id,
  num: 1,
  from_backpack: true,
  idempotency_key: 'k1',
  ...over,
});

describe('catalogue', () => {
  it("names each gift in the reader's language and reads the catalogue once for a while", async () => {
    const t = setup();
    expect(await t.sut.list('es')).toEqual([{ id: 1, code: 'rose', name: 'Rosa', price: 10, image: '/gifts/rose.png', animation: 'float' }]);
    expect((await t.sut.list('zh'))[0].name).toBe('玫瑰');
    expect(t.repo.activeGifts).toHaveBeenCalledTimes(1);
    t.sut.invalidate();
    await t.sut.list('en');
    expect(t.repo.activeGifts).toHaveBeenCalledTimes(2);
  });
});

describe('before any coin moves', () => {
  it('an unknown gift is a clear 400', async () => {
    await expect(setup().sut.send(fan, send({ gift_id: 99 }))).rejects.toMatchObject({ key: 'economy.gift_unknown', status: 400 });
  });

  it('an anchor cannot give to their own room', async () => {
    await expect(setup().sut.send(anchor, send())).rejects.toMatchObject({ key: 'economy.self_gift' });
  });

  it('a room whose owner is no anchor is unknown', async () => {
    await expect(setup().sut.send(anchor, send({ room_id: fan.id }))).rejects.toMatchObject({ key: 'economy.room_unknown', status: 404 });
  });

  it('a session closed a moment ago sends nothing (code 700)', async () => {
    const t = setup({ sessionOpen: false });
    await expect(t.sut.send(fan, send(), { checkSession: true })).rejects.toMatchObject({ code: 700 });
    expect(t.people.people).not.toHaveBeenCalled();
  });
});
