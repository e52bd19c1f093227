import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as account from '@livesports/contracts/account';
import { call, captchaTicket, seedUser, otherApp, testApp } from '../helpers.ts';

// Headers of a careful site (issue #13 item 6): a CSP, nosniff, a referrer policy, HSTS only on
// https; the session cookie HttpOnly (Secure on https) with a readable logged_in marker beside it.

describe('security headers and the session cookie', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });

  it('answers with a CSP, nosniff and a referrer policy, and no HSTS on plain http', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/Live/getRoomList?page=1&limit=1' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('logs in with an HttpOnly token cookie and a readable logged_in marker; sign-out clears both', async () => {
    const u = await seedUser(app);
    const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { mobile: u.email, password: u.password, device_type: 'pc', ticket: await captchaTicket(app) } });
    const cookies = [res.headers['set-cookie']].flat().map(String);
    const token = cookies.find((c) => c.startsWith('token='))!;
    expect(token).toMatch(/HttpOnly/i);
    expect(token).toMatch(/SameSite=Strict/i);
    expect(cookies.find((c) => c.startsWith('logged_in='))).toMatch(/SameSite=Strict/i);
    expect(token).not.toMatch(/Secure/i);
    expect(cookies.find((c) => c.startsWith('logged_in='))).not.toMatch(/HttpOnly/i);
    const t = res.json().data.token as string;
    const out = await app.inject({ method: 'POST', url: '/api/Member/SignOut', headers: { cookie: `token=${t}; logged_in=1`, 'sec-fetch-site': 'same-origin' } });
    const cleared = [out.headers['set-cookie']].flat().map(String);
    expect(cleared.some((c) => c.startsWith('token=;'))).toBe(true);
    expect(cleared.some((c) => c.startsWith('logged_in=;'))).toBe(true);
    expect((await call(app, account.memberInfo, {}, { token: t })).code).toBe(700);
  });

  it('on https: HSTS, Secure cookies and upgrade-insecure-requests', async () => {
    const secure = await otherApp({ PUBLIC_URL: 'https://sports.example' });
    try {
      const res = await secure.inject({ method: 'GET', url: '/api/Live/getRoomList?page=1&limit=1' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      expect(String(res.headers['content-security-policy'])).toContain('wss://sports.example');
      const u = await seedUser(secure);
      const login = await secure.inject({ method: 'POST', url: '/api/user/login', payload: { mobile: u.email, password: u.password, device_type: 'pc', ticket: await captchaTicket(secure) } });
      const token = [login.headers['set-cookie']]
        .flat()
        .map(String)
        .find((c) => c.startsWith('token='))!;
      expect(token).toMatch(/HttpOnly/i);
      expect(token).toMatch(/Secure/i);
    } finally {
      await secure.close();
    }
  });
});
