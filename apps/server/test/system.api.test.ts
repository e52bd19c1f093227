import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as account from '@livesports/contracts/account';
import * as system from '@livesports/contracts/system';
import { call, captchaTicket, seedUser, otherApp, testApp, uniqueEmail } from './helpers.ts';
import { seedDemo } from '../src/db/seed/demo.ts';

let app: FastifyInstance;
let admin: FastifyInstance;
const adminEmail = uniqueEmail('admin');
beforeAll(async () => {
  app = await testApp();
  // A second process-like app whose operator configured the first administrator.
  admin = await otherApp({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: 'adminpass1', CAPTCHA: 'off' });
});
afterAll(() => admin.close());

describe('GET api/Universal/getSystem', () => {
  it('serves every system setting with the spec defaults', async () => {
    const res = await call(app, system.getSystem, {});
    expect(res.code).toBe(200);
    const data = system.systemSettingsSchema.parse(res.data);
    expect(data.CountryCode).toBe('86');
    expect(data.websocket).toMatch(/^ws:\/\/.+\/ws\/score$/);
    for (const key of system.SYSTEM_SETTING_KEYS) expect(data).toHaveProperty(key);
    expect(data.captcha).toBe(true);
    expect(data.third_login).toEqual([]);
  });
});

describe('POST api/admin/setSystem', () => {
  it('an administrator changes a setting and every client sees it', async () => {
    const login = await call(admin, account.login, { mobile: adminEmail, password: 'adminpass1' });
    expect(login.data.is_admin).toBe(1);
    const res = await call(admin, system.setSystem, { key: 'customer_service_email', value: 'help@club.example' }, { token: login.data.token });
    expect(res.code).toBe(200);
    expect(res.data.customer_service_email).toBe('help@club.example');
    // The other app shares the database and the bus is per app here: its cache expires within 5 s.
    expect((await call(admin, system.getSystem, {})).data.customer_service_email).toBe('help@club.example');
  });

  it('refuses non-administrators, guests and bad keys', async () => {
    const u = await seedUser(app);
    const denied = await call(app, system.setSystem, { key: 'site_icp', value: 'x' }, { token: u.token });
    expect(denied).toMatchObject({ status: 403, code: 1, msg: 'You do not have permission to do this' });
    expect((await call(app, system.setSystem, { key: 'site_icp', value: 'x' })).code).toBe(700);
    const login = await call(admin, account.login, { mobile: adminEmail, password: 'adminpass1' });
    expect((await call(admin, system.setSystem, { key: 'nope', value: 'x' }, { token: login.data.token })).msg).toBe('Something in the form is not right. Please check it.');
  });
});

describe('GET api/universal/getHot', () => {
  it('lists the most searched words first', async () => {
    await seedDemo(app);
    const res = await call(app, system.getHot, {});
    expect(res.code).toBe(200);
    const hits = res.data.keywords.map((k: { hits: number }) => k.hits);
    expect(hits.length).toBeGreaterThan(0);
    expect([...hits].sort((a, b) => b - a)).toEqual(hits);
  });
});

describe('CAPTCHA=off', () => {
  it('logs in without a slider ticket, and settings say so', async () => {
    const u = await seedUser(app);
    expect((await call(admin, system.getSystem, {})).data.captcha).toBe(false);
    expect((await call(admin, account.login, { mobile: u.email, password: u.password })).code).toBe(200);
    // With the captcha on, the same call without a ticket is refused.
    expect((await call(app, account.login, { mobile: u.email, password: u.password })).msg).toBe('Please complete the slider verification');
    expect((await call(app, account.login, { mobile: u.email, password: u.password, ticket: await captchaTicket(app) })).code).toBe(200);
  });
});
