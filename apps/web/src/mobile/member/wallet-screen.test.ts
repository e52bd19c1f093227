import { describe, expect, it } from 'vitest';
import { walletTabOf } from './wallet-screen';

describe('walletTabOf', () => {
  const q = (s: string) => new URLSearchParams(s);
  it('opens the top-up for a recharge link or a payment coming back, whatever the tab says', () => {
    expect(walletTabOf(q('type=1&isRecharge=true&tab=orders'))).toBe('recharge');
    expect(walletTabOf(q('type=1&order=R123&tab=consumption'))).toBe('recharge');
  });
  it('reopens the tab in the address, and the top-up for none or a made-up one', () => {
    expect(walletTabOf(q('type=1&tab=consumption'))).toBe('consumption');
    expect(walletTabOf(q('type=1&tab=orders'))).toBe('orders');
    expect(walletTabOf(q('type=1'))).toBe('recharge');
    expect(walletTabOf(q('type=1&tab=<script>'))).toBe('recharge');
    expect(walletTabOf(q('type=1&isRecharge=false&tab=toString'))).toBe('recharge');
  });
});
