import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { allCalls } from '@livesports/contracts/calls';
import { changesState } from '@livesports/contracts/call';
import * as account from '@livesports/contracts/account';
import * as payout from '@livesports/contracts/economy-withdrawal';
import * as wallet from '@livesports/contracts/economy-wallet';
import * as matches from '@livesports/contracts/matches';
import * as live from '@livesports/contracts/live';
import { call, freshIp, seedUser, testApp } from '../helpers.ts';

// No request from another site changes anything (issue #13, item 1): a page elsewhere that sends a
// logged-in user's browser to a state-changing call — link, form, image, frame or script — is
// refused with 403 and changes nothing; reads stay open; our own pages, API clients and the
// spec's GET forms keep working; parameterless POSTs work with no body at all.

const CROSS = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
const card = { name: 'Li Lei', card_no: '6222021234567890', bank_name: 'ICBC', branch: 'Haidian' };

describe('cross-site requests', () => {
  let app: FastifyInstance;
  let user: Awaited<ReturnType<typeof seedUser>>;
  beforeAll(async () => {
    app = await testApp();
    user = await seedUser(app);
  });

  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    app.inject({ method, url, headers: { cookie: `token=${user.token}`, ...headers }, remoteAddress: freshIp(), ...(payload ? { payload } : {}) });
  const bindUrl = `/api/Bank_card/bind?${new URLSearchParams(card)}`;
  const boundCard = async () => (await call(app, payout.bankCardInfo, {}, { token: user.token })).data;

  it('refuses a top-level GET from another site that would rebind the payout card, in the reader language', async () => {
    const before = await boundCard();
    const res = await inject('GET', bindUrl, { ...CROSS, 'accept-language': 'es' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 1, msg: 'Esta solicitud vino de otro sitio y fue rechazada. Hágalo en este sitio.', data: null });
    expect(await boundCard()).toEqual(before);
  });

  it('refuses a same-site page (another port of the host, a sibling subdomain): GET link and form POST both (issue #51 item 1)', async () => {
    const before = await boundCard();
    const sameSite = { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
    const link = await inject('GET', bindUrl, { ...sameSite, referer: 'http://localhost:9999/prize' });
    expect(link.statusCode).toBe(403);
    expect(link.json().msg).toBe('This request came from another site and was refused. Please do it on this site.');
    expect((await inject('POST', '/api/Bank_card/bind', { ...sameSite, origin: 'http://localhost:9999' }, card)).statusCode).toBe(403);
    // Without Fetch Metadata: the Origin/Referer must be exactly PUBLIC_URL's, not merely the Host the request names.
    expect((await inject('POST', '/api/Bank_card/bind', { origin: 'http://localhost:9999', host: 'localhost:9999' }, card)).statusCode).toBe(403);
    expect((await inject('GET', bindUrl, { referer: 'http://shop.localhost:8080/page' })).statusCode).toBe(403);
    expect((await inject('POST', '/api/Bank_card/bind', { origin: 'https://localhost:8080' }, card)).statusCode).toBe(403);
    expect(await boundCard()).toEqual(before);
  });

  it('refuses by Origin or Referer where a browser sends no Fetch Metadata', async () => {
    expect((await inject('GET', bindUrl, { origin: 'http://evil.example' })).statusCode).toBe(403);
    expect((await inject('POST', '/api/Bank_card/bind', { referer: 'http://localhost.evil.example/page' }, card)).statusCode).toBe(403);
    expect((await inject('POST', '/api/Bank_card/bind', { origin: 'null' }, card)).statusCode).toBe(403);
    expect(await boundCard()).toBeNull();
  });

  it('accepts the same calls from the site itself, from the address bar and from API clients', async () => {
    expect((await inject('GET', bindUrl, { 'sec-fetch-site': 'same-origin' })).json().code).toBe(200);
    expect((await inject('POST', '/api/Bank_card/bind', { 'sec-fetch-site': 'none' }, { ...card, card_no: '6222021234561111' })).json().code).toBe(200);
    // Without Fetch Metadata: an Origin that is exactly PUBLIC_URL's (the tests' default, http://localhost:8080).
    expect((await inject('POST', '/api/Bank_card/bind', { origin: 'http://localhost:8080' }, { ...card, card_no: '6222021234562222' })).json().code).toBe(200);
    // An API client: token header, no browser headers at all.
    expect((await call(app, payout.bindBankCard, { ...card, card_no: '6222021234563333' }, { token: user.token })).code).toBe(200);
    expect((await boundCard()).card_no).toBe('**** **** **** 3333');
  });

  it('leaves read-only calls open to other sites (embeds, other front ends)', async () => {
    expect((await inject('GET', '/api/Live/getRoomList?page=1&limit=5', CROSS)).json().code).toBe(200);
    expect((await inject('POST', '/api/hot_match/all_match', { ...CROSS, 'sec-fetch-mode': 'cors' }, { type: 1 })).json().code).toBe(200);
    expect((await inject('GET', '/api/Balance/wallet', CROSS)).json().code).toBe(200);
  });

  it('refuses every state-changing call of the contracts from another site, whatever its method, before it looks at the input', async () => {
    const writes = allCalls().filter((c) => changesState(c.call));
    expect(writes.length).toBeGreaterThan(60);
    for (const { name, call: def } of writes) {
      for (const method of [def.method, ...(def.also ? [def.also] : [])]) {
        const url = '/' + def.path.replace(/^\/+/, '');
        const res = await inject(method, url, { ...CROSS, 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }, method === 'POST' ? {} : undefined);
        expect({ name, method, status: res.statusCode, code: res.json().code }).toEqual({ name, method, status: 403, code: 1 });
      }
    }
  });

  it('answers the spec GET forms of sending danmaku and horns (same rules as the POST)', async () => {
    const room = (await call(app, live.getRoomList, { page: 1, limit: 1 })).data;
    expect(room).toBeTruthy();
    const danmaku = await app.inject({ method: 'GET', url: '/api/Barrage/send?room_id=999999999&text=hi', headers: { token: user.token }, remoteAddress: freshIp() });
    // Reaches the call itself (not a 404): a missing room is the call's own refusal.
    expect(danmaku.statusCode).not.toBe(404);
    expect(danmaku.json().code).toBe(1);
    const horn = await app.inject({ method: 'GET', url: '/api/Member/sneHorn?text=', headers: { token: user.token }, remoteAddress: freshIp() });
    expect(horn.statusCode).not.toBe(404);
    expect(horn.json().code).toBe(1);
    // From another site they are refused like the POST.
    expect((await inject('GET', '/api/Barrage/send?room_id=1&text=hi', CROSS)).statusCode).toBe(403);
  });

  it('takes parameterless POSTs with no body at all, or an empty JSON body', async () => {
    for (const def of [wallet.chargeRules, matches.allMatch, account.getQiniuToken]) {
      const url = '/' + def.path.replace(/^\/+/, '');
      const bare = await app.inject({ method: 'POST', url, headers: { token: user.token }, remoteAddress: freshIp() });
      expect({ url, code: bare.json().code }).toEqual({ url, code: 200 });
      const empty = await app.inject({ method: 'POST', url, headers: { token: user.token, 'content-type': 'application/json' }, payload: '', remoteAddress: freshIp() });
      expect({ url, code: empty.json().code }).toEqual({ url, code: 200 });
    }
    const other = await seedUser(app);
    const out = await app.inject({ method: 'POST', url: '/api/Member/SignOut', headers: { token: other.token }, remoteAddress: freshIp() });
    expect(out.json().code).toBe(200);
    expect((await call(app, account.memberInfo, {}, { token: other.token })).code).toBe(700);
  });
});
