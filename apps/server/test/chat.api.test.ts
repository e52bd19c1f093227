import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { imSign, imTouristAccount } from '@livesports/contracts/chat';
import { verifyUserSig } from '../src/modules/chat/usersig.ts';
import { call, seedUser, otherApp, testApp } from './helpers.ts';

const decode = (sig: string) => JSON.parse(zlib.inflateSync(Buffer.from(sig.replace(/_/g, '=').replace(/-/g, '/').replace(/\*/g, '+'), 'base64')).toString());

describe('chat credentials API', () => {
  let app: FastifyInstance;
  let secret: string;
  beforeAll(async () => {
    app = await testApp();
    // Unset IM_SECRET: the server generated one and keeps it in DATA_DIR.
    secret = fs.readFileSync(path.join(app.config.dataDir, 'secrets', 'im.key'), 'utf8').trim();
  });

  it('gives a guest a tourist credential the gateway accepts', async () => {
    const res = await call(app, imTouristAccount);
    expect(res).toMatchObject({ status: 200, code: 200 });
    expect(res.data.identifier).toMatch(/^tourist_[A-Za-z0-9_-]{16}$/);
    expect(res.data).toMatchObject({ sdkAppId: 1400000000, expire: 86400 });
    expect(verifyUserSig(res.data.userSig, 1400000000, secret)).toBe(res.data.identifier);
    expect(app.chat.credentials.verify(res.data.identifier, res.data.userSig)).toEqual({ identifier: res.data.identifier, userId: null, sessionId: null });
    const doc = decode(res.data.userSig);
    expect(Math.abs(doc['TLS.time'] - Date.now() / 1000)).toBeLessThan(60);
    // The secret itself never leaves the server.
    expect(JSON.stringify(res.data)).not.toContain(secret);
  });

  it('gives every guest a different identity', async () => {
    const [a, b] = await Promise.all([call(app, imTouristAccount), call(app, imTouristAccount)]);
    expect(a.data.identifier).not.toBe(b.data.identifier);
  });

  it('a logged-in user asking imTouristAccount still gets a tourist identity; imSign gives its own', async () => {
    const u = await seedUser(app);
    const tourist = await call(app, imTouristAccount, {}, { token: u.token });
    expect(tourist.data.identifier).toMatch(/^tourist_/);
    const own = await call(app, imSign, {}, { token: u.token });
    expect(own).toMatchObject({ code: 200, data: { identifier: String(u.id), sdkAppId: 1400000000, expire: 7 * 86400 } });
    expect(verifyUserSig(own.data.userSig, 1400000000, secret)).toBe(String(u.id));
    expect(app.chat.credentials.verify(String(u.id), own.data.userSig)).toMatchObject({ identifier: String(u.id), userId: u.id, sessionId: expect.any(Number) });
    // A credential is bound to its identifier: someone else's id with it is refused.
    expect(app.chat.credentials.verify(String(u.id + 1), own.data.userSig)).toBeNull();
  });

  it('imSign needs a login (code 700, localized)', async () => {
    expect(await call(app, imSign)).toMatchObject({ status: 401, code: 700, msg: 'Please log in first' });
    expect(await call(app, imSign, {}, { token: 'not-a-token', lang: 'zh' })).toMatchObject({ code: 700, msg: '请先登录' });
  });
});

describe('chat credential settings', () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await otherApp({ IM_SDKAPPID: '1400123456', IM_SECRET: 'operator-chosen-secret' });
  });
  afterAll(() => other.close());

  it('uses IM_SDKAPPID and IM_SECRET when set', async () => {
    const res = await call(other, imTouristAccount);
    expect(res.data.sdkAppId).toBe(1400123456);
    expect(verifyUserSig(res.data.userSig, 1400123456, 'operator-chosen-secret')).toBe(res.data.identifier);
    // …and the main app (other secret, other app id) refuses it.
    const main = await testApp();
    expect(main.chat.credentials.verify(res.data.identifier, res.data.userSig)).toBeNull();
  });
});
