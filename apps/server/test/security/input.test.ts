import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as account from '@livesports/contracts/account';
import { freshIp, newUser, seedUser, testApp } from '../helpers.ts';
import { approvedAnchor, liveUser } from '../live.helpers.ts';

// Bad input gets a clear 400, never a 500 (issue #13 item 8): NUL bytes, deep nesting, numbers
// that are not decimal digits, nicknames that impersonate or hide characters.

describe('hostile input', () => {
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    app = await testApp();
    token = (await seedUser(app)).token;
  });
  const send = (method: 'GET' | 'POST', url: string, input: Record<string, unknown>, lang = 'en') =>
    app.inject({ method, url, headers: { token, lang }, remoteAddress: freshIp(), ...(method === 'GET' ? { query: input as Record<string, string> } : { payload: input }) });

  it('refuses a NUL byte in any text field with a 400 and a clear message (was a 500 on five calls)', async () => {
    const anchor = await approvedAnchor(app, await liveUser(app, { admin: true }));
    const cases: Array<[string, 'GET' | 'POST', string, Record<string, unknown>, string?]> = [
      ['search', 'GET', '/api/Search/index', { name: 'real\u0000madrid' }],
      ['barrage', 'POST', '/api/Barrage/send', { room_id: anchor.id, text: 'hi\u0000there' }],
      ['post', 'POST', '/anchor_dynamics_user/insert', { content: 'stands\u0000' }],
      ['signature', 'POST', '/api/member/updateInfo', { signature: 'me\u0000' }],
      ['placard', 'POST', '/api/Live/setPlacard', { placard: 'notice\u0000' }, anchor.token],
    ];
    for (const [name, method, url, input, as] of cases) {
      const res = await app.inject({ method, url, headers: { token: as ?? token }, remoteAddress: freshIp(), ...(method === 'GET' ? { query: input as Record<string, string> } : { payload: input }) });
      expect({ name, status: res.statusCode, body: res.json() }).toEqual({ name, status: 400, body: { code: 1, msg: 'The text contains a character that is not allowed', data: null } });
    }
  });

  it('refuses a deeply nested array in a number field (was a stack overflow and a 500)', async () => {
    const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    for (const url of ['/api/member/handselGift', '/api/Barrage/send', '/api/hot_match/all_match']) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { token, 'content-type': 'application/json' },
        payload: `{"room_id":${deep},"gift_id":1,"num":1,"type":${deep}}`,
        remoteAddress: freshIp(),
      });
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({ url, status: 400, code: 1 });
    }
  });

  it('reads numbers from decimal digits only: hex, exponents, booleans and arrays get the field message', async () => {
    const ok = await send('GET', '/api/Live_streaming/getRoomInfo', { room_id: '16' });
    expect(ok.statusCode).not.toBe(500);
    for (const room_id of ['0x10', '1e3', ' 16', '+16', 'Infinity', 'true']) {
      const res = await send('GET', '/api/Live_streaming/getRoomInfo', { room_id });
      expect({ room_id, status: res.statusCode, msg: res.json().msg }).toEqual({ room_id, status: 400, msg: 'Unknown live room' });
    }
    for (const room_id of [true, [16], { n: 16 }]) {
      const res = await send('POST', '/api/Barrage/send', { room_id, text: 'hello' });
      expect({ room_id, status: res.statusCode }).toEqual({ room_id, status: 400 });
    }
  });

  it('slow mode (api/tenxun/setSlowMode) takes only off, 3, 5 or 10 s, written in decimal digits', async () => {
    const anchor = await approvedAnchor(app, await liveUser(app, { admin: true }));
    for (const seconds of ['0x5', '5e0', ' 5', '+5', 'true', true, [5], { n: 5 }, 4, 5.5, -5, 'x'.repeat(5000)]) {
      const res = await app.inject({ method: 'POST', url: '/api/tenxun/setSlowMode', headers: { token: anchor.token }, payload: { room_id: anchor.id, seconds }, remoteAddress: freshIp() });
      expect({ seconds, status: res.statusCode, msg: res.json().msg }).toEqual({ seconds, status: 400, msg: 'Slow mode can be off, 3, 5 or 10 seconds' });
    }
    const ok = await app.inject({ method: 'POST', url: '/api/tenxun/setSlowMode', headers: { token: anchor.token }, payload: { room_id: anchor.id, seconds: '0' }, remoteAddress: freshIp() });
    expect(ok.json()).toMatchObject({ code: 200, data: { seconds: 0 } });
  });

  it('nicknames: NFKC-normalised, no bidi or zero-width characters, no reserved or look-alike names', async () => {
    const u = await seedUser(app);
    const set = (user_nickname: string, lang = 'en') =>
      app.inject({ method: 'POST', url: '/api/member/updateInfo', headers: { token: u.token, lang }, payload: { user_nickname }, remoteAddress: freshIp() });
    for (const bad of ['ann\u202Egnp.exe', 'ad\u200Bmin', 'zero\uFEFFwidth']) expect((await set(bad)).json().msg).toBe('A nickname cannot contain invisible or text-direction characters');
    for (const reserved of ['admin', 'ＡＤＭＩＮ', 'Admin_01', 'System', '管理员', 'soporte']) {
      expect({ reserved, msg: (await set(reserved)).json().msg }).toEqual({ reserved, msg: 'This nickname is reserved, please choose another' });
    }
    expect((await set('管理员', 'zh')).json().msg).toBe('该昵称为保留名称，请换一个');
    // Full-width letters are stored as their plain form, so they cannot pass for a taken name.
    const name = `Ｆａｎ${Date.now().toString(36)}`.slice(0, 16);
    const mine = await set(name);
    expect(mine.json().data.user_nickname).toBe(name.normalize('NFKC'));
    const other = await seedUser(app);
    const copy = await app.inject({
      method: 'POST',
      url: '/api/member/updateInfo',
      headers: { token: other.token },
      payload: { user_nickname: name.normalize('NFKC').toUpperCase() },
      remoteAddress: freshIp(),
    });
    expect(copy.json().msg).toBe('This nickname is already in use');
  });

  it('an address like admin@… does not get a reserved nickname at sign-up', async () => {
    const u = await newUser(app, `admin.${Date.now()}@example.com`.replace(/^admin\.\d+/, 'admin'));
    const me = await app.inject({ method: 'GET', url: '/' + account.memberInfo.path, headers: { token: u.token } });
    expect(me.json().data.user_nickname.toLowerCase()).not.toBe('admin');
  });
});
