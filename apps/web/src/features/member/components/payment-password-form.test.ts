import { beforeAll, describe, expect, it } from 'vitest';
import { setupI18n } from '@/test-utils';
import { validatePaymentPassword } from './payment-password-form';

beforeAll(async () => {
  await setupI18n('en');
});

describe('payment password validation', () => {
  it('needs at least 6 digits', () => {
    expect(validatePaymentPassword({ hasOld: false, old: '', password: '12345', confirm: '12345' }).password).toBe('The payment password must be at least 6 digits');
    expect(validatePaymentPassword({ hasOld: false, old: '', password: '123456', confirm: '123456' })).toEqual({});
  });
  it('asks to repeat it, then checks that both match (spec §8 messages)', () => {
    expect(validatePaymentPassword({ hasOld: false, old: '', password: '123456', confirm: '' }).confirm).toBe('Please enter the same password');
    expect(validatePaymentPassword({ hasOld: false, old: '', password: '123456', confirm: '123457' }).confirm).toBe('The two passwords do not match');
  });
  it('needs the current one when a payment password is set', () => {
    expect(validatePaymentPassword({ hasOld: true, old: '', password: '123456', confirm: '123456' }).old).toBe('Please enter the current payment password');
  });
});
