import { beforeAll, describe, expect, it } from 'vitest';
import { setupI18n } from '@/test-utils';
import { i18n } from '@/shared/i18n';
import '@/shared/i18n/messages';
import { validateWithdrawal } from './withdraw-form';

beforeAll(async () => {
  await setupI18n('en');
});

const t = (k: string) => i18n.t(k);
const ok = { method: 1 as const, bound: true, text: '50', income: 1000, password: '123456' };

describe('withdrawal form (spec §5: method with a bound account, amount, payment password)', () => {
  it('passes a complete form', () => {
    expect(validateWithdrawal(ok, t)).toEqual({});
  });
  it('needs a method, and the account of that method bound', () => {
    expect(validateWithdrawal({ ...ok, method: null }, t).method).toBe('Please choose a withdrawal method');
    expect(validateWithdrawal({ ...ok, bound: false }, t).method).toBe('Please bind a bank card first');
    expect(validateWithdrawal({ ...ok, method: 2, bound: false }, t).method).toBe('Please bind an Alipay account first');
  });
  it('checks the amount in tenths against the limits and the income', () => {
    expect(validateWithdrawal({ ...ok, text: '' }, t).money).toBe('Please enter a valid amount');
    expect(validateWithdrawal({ ...ok, text: '1.25' }, t).money).toBe('Please enter a valid amount');
    expect(validateWithdrawal({ ...ok, text: '9.9' }, t).money).toBe('The minimum withdrawal is 10 coins');
    expect(validateWithdrawal({ ...ok, text: '50000.1', income: 10_000_000 }, t).money).toBe('The maximum single withdrawal is 50,000 coins');
    expect(validateWithdrawal({ ...ok, text: '100.1' }, t).money).toBe('Your income balance is not enough');
    expect(validateWithdrawal({ ...ok, text: '100' }, t).money).toBeUndefined();
  });
  it('needs the payment password', () => {
    expect(validateWithdrawal({ ...ok, password: '' }, t).password).toBe('Please enter the payment password');
  });
});
