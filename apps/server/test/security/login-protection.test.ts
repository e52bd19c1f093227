import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as account from '@livesports/contracts/account';
import { loadConfig } from '../../src/config.ts';
import { seedUser, otherApp } from '../helpers.ts';

// The client does not choose its own IP, and no IP trick gets more password guesses (issue #13
// item 2): X-Forwarded-For is ignored unless TRUST_PROXY names the proxy; each account allows
// five wrong passwords, then logins to it wait (1, 2, 4… minutes), whatever address they come from.

const login = (a: FastifyInstance, body: object, headers: Record<string, string> = {}, remoteAddress = '198.51.100.7') =>
  a.inject({ method: 'POST', url: '/' + account.login.path.replace(/^\/+/, ''), payload: { device_type: 'pc', ...body }, headers, remoteAddress });

describe('login protection', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await otherApp({ CAPTCHA: 'off', RATE_LIMIT_SCALE: '1' });
    app.get('/__ip', async (req) => ({ ip: req.ip }));
  });
  afterAll(() => app.close());

  it('ignores X-Forwarded-For by default: the connection is the client', async () => {
    const res = await app.inject({ method: 'GET', url: '/__ip', headers: { 'x-forwarded-for': '203.0.113.9' }, remoteAddress: '198.51.100.20' });
    expect(res.json().ip).toBe('198.51.100.20');
  });

  it('30 wrong passwords for one account with rotating X-Forwarded-For: five are checked, then the account waits', async () => {
    const u = await seedUser(app);
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await login(app, { mobile: u.email, password: `wrong${i}x` }, { 'x-forwarded-for': `203.0.113.${i + 1}` }, '198.51.100.30'));
    const wrong = answers.filter((r) => r.json().msg === 'Wrong email or password');
    expect(wrong.length).toBeLessThanOrEqual(4);
    expect(answers.slice(5).every((r) => r.statusCode === 429)).toBe(true);
    // The right password waits too, from any address, with a clear message.
    const right = await login(app, { mobile: u.email, password: u.password }, { 'accept-language': 'es' }, '198.51.100.31');
    expect(right.statusCode).toBe(429);
    expect(right.json().msg).toMatch(/^Demasiadas contraseñas incorrectas para esta cuenta\. Inténtelo en \d+ minutos/);
  });

  it('guesses from many real addresses (a botnet) are counted per account too, in parallel', async () => {
    const u = await seedUser(app);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(app, { mobile: u.email, password: i === 29 ? u.password : `wrong${i}x` }, {}, `192.0.2.${i + 1}`)));
    const checked = answers.filter((r) => r.statusCode !== 429);
    expect(checked.length).toBeLessThanOrEqual(5);
  });

  it('a right password before the fifth wrong one clears the count', async () => {
    const u = await seedUser(app);
    for (let i = 0; i < 4; i++) expect((await login(app, { mobile: u.email, password: 'nope1234' }, {}, `192.0.2.${100 + i}`)).json().msg).toBe('Wrong email or password');
    expect((await login(app, { mobile: u.email, password: u.password }, {}, '192.0.2.110')).json().code).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(app, { mobile: u.email, password: 'nope1234' }, {}, `192.0.2.${120 + i}`)).json().msg).toBe('Wrong email or password');
  });

  it('an unknown address is counted the same way (the lock does not tell whether an account exists)', async () => {
    const ghost = `ghost.${Date.now()}@example.com`;
    const ghostAnswers = [];
    for (let i = 0; i < 7; i++) ghostAnswers.push(await login(app, { mobile: ghost, password: 'whatever1' }, {}, `192.0.2.${160 + i}`));
    expect(ghostAnswers.slice(0, 4).every((r) => r.json().msg === 'Wrong email or password')).toBe(true);
    expect(ghostAnswers[6].statusCode).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  it('reads off, a hop count or a list of proxies', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });

  it('behind a named proxy, the address it forwards is the client', async () => {
    const proxied = await otherApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      proxied.get('/__ip', async (req) => ({ ip: req.ip }));
      expect((await proxied.inject({ method: 'GET', url: '/__ip', headers: { 'x-forwarded-for': '203.0.113.9' }, remoteAddress: '127.0.0.1' })).json().ip).toBe('203.0.113.9');
      // Not from an address that is not the proxy.
      expect((await proxied.inject({ method: 'GET', url: '/__ip', headers: { 'x-forwarded-for': '203.0.113.9' }, remoteAddress: '198.51.100.5' })).json().ip).toBe('198.51.100.5');
    } finally {
      await proxied.close();
    }
  });
});
