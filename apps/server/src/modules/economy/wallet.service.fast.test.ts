import { describe, expect, it } from 'vitest';
import { authUser, fakeBus, fakeClock, fakeRepo } from '../../../test/fast.ts';
import { fakeLedger } from '../../../test/fake-ledger.ts';
import type { EconomyContext } from './context.ts';
import type { PeopleRepo } from './people.repo.ts';
import type { WalletRepo } from './wallet.repo.ts';
import { createWalletService } from './wallet.service.ts';

// The wallet on fake repositories: the summary, and income → consumption conversion through the
// ledger repository (in memory, with its rules: keys, no overdraft, nothing left by a failure).

const user = authUser({ isAnchor: true });
const key = (w: 'consumption' | 'income') => `${user.id}:${w}`;

function setup(start: { consumption?: number; income?: number } = {}) {
  const books = fakeLedger({ [key('consumption')]: start.consumption ?? 0, [key('income')]: start.income ?? 0 });
  const people = fakeRepo<PeopleRepo>({ find: async () => ({ id: user.id, nickname: 'a', avatar: '', isAnchor: 1, wealthExp: 12_000, invitedBy: null, inviteCode: 'X' }) as never });
  const repo = fakeRepo<WalletRepo>({ balances: async () => ({ consumption: 50, income: 70 }), withdrawing: async () => 30 });
  const ctx = { ledger: books.ledger, clock: fakeClock(), bus: fakeBus(), people, publicUrl: 'http://127.0.0.1', log: console, ranksChanged: () => {} } as unknown as EconomyContext;
  return { sut: createWalletService(ctx, repo), books, repo };
}

describe('wallet summary', () => {
  it('shows both balances, the money held for withdrawals and the wealth level', async () => {
    const t = setup();
    expect(await t.sut.wallet(user)).toMatchObject({ consumption: 50, income: 70, withdrawing: 30, wealth_exp: 12_000 });
    expect((await t.sut.wallet(user)).wealth_level).toBeGreaterThan(0);
  });
});

describe('conversion (income → consumption)', () => {
  it('moves the amount in one ledger line and answers both new balances', async () => {
    const t = setup({ consumption: 5, income: 100 });
    expect(await t.sut.convert(user, { money: 40, idempotency_key: 'c1' })).toEqual({ consumption: 45, income: 60 });
    expect(t.books.lines).toEqual([{ opId: 1, kind: 'convert', from: { user: user.id, wallet: 'income' }, to: { user: user.id, wallet: 'consumption' }, amount: 40 }]);
  });

  it('locks both wallets as it claims its key', async () => {
    const t = setup({ income: 10 });
    const runOp = t.books.ledger.runOp;
    const specs: unknown[] = [];
    t.books.ledger.runOp = (spec, work) => (specs.push(spec), runOp(spec, work));
    await t.sut.convert(user, { money: 10, idempotency_key: 'c1' });
    expect(specs).toEqual([
      {
        userId: user.id,
        kind: 'convert',
        key: 'c1',
        request: { money: 10 },
        wallets: [
          { user: user.id, wallet: 'income' },
          { user: user.id, wallet: 'consumption' },
        ],
      },
    ]);
  });

  it('never goes below zero: more than the income is refused and nothing moves', async () => {
    const t = setup({ consumption: 5, income: 30 });
    await expect(t.sut.convert(user, { money: 31, idempotency_key: 'c1' })).rejects.toMatchObject({ key: 'economy.income_insufficient', status: 400 });
    expect([t.books.balance(user.id, 'income'), t.books.balance(user.id, 'consumption')]).toEqual([30, 5]);
    expect(t.books.lines).toEqual([]);
    // The failed call left no key behind: the same key may be used again.
    expect(await t.sut.convert(user, { money: 30, idempotency_key: 'c1' })).toEqual({ consumption: 35, income: 0 });
  });

  it('never twice: a repeat answers the first result and moves nothing', async () => {
    const t = setup({ income: 100 });
    const first = await t.sut.convert(user, { money: 25, idempotency_key: 'same' });
    expect(await t.sut.convert(user, { money: 25, idempotency_key: 'same' })).toEqual(first);
    expect(t.books.balance(user.id, 'income')).toBe(75);
    expect(t.books.lines).toHaveLength(1);
  });

  it('a key reused for another amount is refused (409) and moves nothing', async () => {
    const t = setup({ income: 100 });
    await t.sut.convert(user, { money: 25, idempotency_key: 'same' });
    await expect(t.sut.convert(user, { money: 26, idempotency_key: 'same' })).rejects.toMatchObject({ key: 'economy.key_reused', status: 409 });
    expect(t.books.balance(user.id, 'income')).toBe(75);
  });
});
