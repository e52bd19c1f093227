import argon2 from 'argon2';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { authUser, fakeClock, fakeRepo } from '../../../test/fast.ts';
import type { AccountRepo } from './repo.ts';
import { type AccountDeps, createAccountService } from './service.ts';

// Account rules on a fake repository: the captcha gate, the per-account login lock, the same
// answer for an unknown address and a wrong password, and a password change ending other sessions.

let hash: string;
beforeAll(async () => {
  hash = await argon2.hash('rightpass1');
});

const member = authUser();
const row = () => ({ id: member.id, email: 'fan@example.com', passwordHash: hash }) as never;

function setup(over: { captcha?: boolean; ticketOk?: boolean; allowed?: boolean; lockedUntil?: Date | null; known?: boolean } = {}) {
  const clock = fakeClock();
  const repo = fakeRepo<AccountRepo>({
    claimLogin: async () => ({ allowed: over.allowed ?? true, lockedUntil: over.lockedUntil ?? null }) as never,
    findByEmail: async () => (over.known === false ? (undefined as never) : row()),
    findById: async () => row(),
    updateUser: async () => undefined as never,
    deleteSessionsOf: async () => undefined as never,
  });
  const sessionsEnded = vi.fn(async () => {});
  const deps: AccountDeps = {
    repo,
    clock,
    mailer: { send: vi.fn() } as never,
    captcha: { enabled: over.captcha ?? false, consumeTicket: vi.fn(async () => over.ticketOk ?? true) },
    thirdParty: { available: () => false } as never,
    uploadSecret: 's'.repeat(32),
    siteName: 'LiveSports',
    sessionsEnded,
  };
  return { sut: createAccountService(deps), repo, deps, clock, sessionsEnded };
}
const login = (password: string) => ({ mobile: 'Fan@Example.com', password, device_type: 'pc', ticket: 't' });

describe('login', () => {
  it('with the captcha on, no ticket or a spent one is refused before any password is looked at', async () => {
    await expect(setup({ captcha: true }).sut.login({ ...login('rightpass1'), ticket: undefined })).rejects.toMatchObject({ key: 'captcha.required' });
    const t = setup({ captcha: true, ticketOk: false });
    await expect(t.sut.login(login('rightpass1'))).rejects.toMatchObject({ key: 'captcha.expired' });
    expect(t.repo.claimLogin).not.toHaveBeenCalled();
  });

  it('counts the attempt per lower-cased address before checking the password', async () => {
    const t = setup();
    await expect(t.sut.login(login('wrong'))).rejects.toMatchObject({ key: 'auth.wrong_credentials', status: 400 });
    expect(t.repo.claimLogin).toHaveBeenCalledWith('fan@example.com', expect.any(Number), t.clock.now());
  });

  it('an unknown address answers exactly like a wrong password', async () => {
    const unknown = await setup({ known: false })
      .sut.login(login('rightpass1'))
      .catch((e) => e);
    const wrong = await setup()
      .sut.login(login('wrong'))
      .catch((e) => e);
    expect([unknown.key, unknown.status]).toEqual([wrong.key, wrong.status]);
  });

  it('an unknown address costs the same argon2 work as a wrong password: one verify against a hash made like real ones (issue #51 item 3)', async () => {
    const verify = vi.spyOn(argon2, 'verify');
    try {
      await expect(setup({ known: false }).sut.login(login('rightpass1'))).rejects.toMatchObject({ key: 'auth.wrong_credentials' });
      expect(verify).toHaveBeenCalledTimes(1);
      expect(String(verify.mock.calls[0][0])).toMatch(/^\$argon2id\$v=19\$(?=.*m=19456)(?=.*t=2)(?=.*p=1)/);
      verify.mockClear();
      await expect(setup().sut.login(login('wrong'))).rejects.toMatchObject({ key: 'auth.wrong_credentials' });
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
    }
  });

  it('a locked account is refused with the wait in minutes, even with the right password', async () => {
    const clock = fakeClock();
    const t = setup({ allowed: false, lockedUntil: new Date(clock.now().getTime() + 4 * 60_000 + 1) });
    await expect(t.sut.login(login('rightpass1'))).rejects.toMatchObject({ key: 'auth.login_locked', status: 429, params: { minutes: 5 } });
    expect(t.repo.findByEmail).not.toHaveBeenCalled();
  });
});

describe('changing the password', () => {
  it('a wrong old password changes nothing', async () => {
    const t = setup();
    await expect(t.sut.changePassword(member, { old_password: 'nope', password: 'newpass12' })).rejects.toMatchObject({ key: 'member.old_password_wrong' });
    await expect(t.sut.changePassword(member, { password: 'newpass12' })).rejects.toMatchObject({ key: 'member.old_password_empty' });
    expect(t.repo.updateUser).not.toHaveBeenCalled();
    expect(t.sessionsEnded).not.toHaveBeenCalled();
  });

  it('the right one stores a new hash and ends every other session, on every process', async () => {
    const t = setup();
    await t.sut.changePassword(member, { old_password: 'rightpass1', password: 'newpass12' });
    const [, patch] = t.repo.updateUser.mock.calls[0] as [number, { passwordHash: string }];
    expect(await argon2.verify(patch.passwordHash, 'newpass12')).toBe(true);
    expect(t.repo.deleteSessionsOf).toHaveBeenCalledWith(member.id, member.sessionId);
    expect(t.sessionsEnded).toHaveBeenCalledWith({ userId: member.id, except: member.sessionId });
  });
});

describe('the social login return path (issue #51 item 9)', () => {
  function social(redirect = '/live/7') {
    const t = setup();
    const start = vi.fn(async (r: string) => `https://idp.example/auth?r=${encodeURIComponent(r)}`);
    t.deps.thirdParty = { available: () => true, start, finish: async () => ({ sub: 'g-1', email: 'fan@example.com', emailVerified: true, name: 'Fan', redirect }) } as never;
    return { ...t, sut: createAccountService(t.deps), start };
  }

  it('keeps only paths of this site, normalised; anything that leaves it becomes /main', async () => {
    const t = social();
    const saved = async (redirect: string | undefined) => {
      t.start.mockClear();
      await t.sut.startThirdParty(redirect);
      return t.start.mock.calls[0][0];
    };
    expect(await saved('/live/9?tab=chat#top')).toBe('/live/9?tab=chat#top');
    expect(await saved('/a/../member')).toBe('/member');
    for (const bad of [
      '/\\evil.example',
      '//evil.example',
      '/%5Cevil.example',
      '/%2F/evil.example',
      '/%255Cevil',
      '/\t/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '\\evil.example',
      '',
      undefined,
    ]) {
      expect({ bad, saved: await saved(bad) }).toEqual({ bad, saved: '/main' });
    }
  });
});
