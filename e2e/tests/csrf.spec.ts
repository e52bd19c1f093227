import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page, Request, Response } from '@playwright/test';
import { allCalls } from '@livesports/contracts/calls';
import { changesState } from '@livesports/contracts/call';
import { expect, test } from '../support/test';
import { adminToken, anchorByApi } from '../support/anchor.ts';
import { mailCount } from '../support/mailbox.ts';
import { api, captchaTicket, registerByApi, signInContext } from '../support/session.ts';

// Cross-site request forgery, in a real browser (issue #13, item 1; issue #51 item 1 for a page of
// the same site on another port, at the end): a logged-in user with money,
// a payout card and a room visits a page on another site (a tiny server on `localhost`, while the
// site is 127.0.0.1 — another site to the browser). For every call of the contracts that changes
// state, that page tries all a page can: a top-level GET navigation, an auto-submitted form POST,
// fetch with credentials (no-cors; JSON as text/plain and a form body), an <img> and an <iframe>.
// Every such request that reaches the call is refused (403), and the user's account, money, room
// and reservations are as they were. The same calls from the site's own page still work.

type Params = Record<string, unknown>;
const PAY = '135790';
const PWNED = 'Pwned from another site';
const VECTORS = ['nav', 'img', 'frame', 'fetch-get', 'form', 'fetch-json', 'fetch-form'] as const;
type Vector = (typeof VECTORS)[number];
const GET_VECTORS: Vector[] = ['nav', 'img', 'frame', 'fetch-get'];

interface Attack {
  /** The contract export, e.g. 'bindBankCard'. */
  name: string;
  path: string;
  /** The methods the server answers for the call. */
  methods: string[];
  params: Params;
}

/** Query or form fields of the params: arrays repeat their key, objects go as JSON. */
function fields(params: Params): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(params)) {
    if (Array.isArray(v)) for (const x of v) out.push([k, String(x)]);
    else out.push([k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)]);
  }
  return out;
}

const targetUrl = (site: string, a: Attack, vector: Vector, i: number, withParams: boolean) => {
  const q = new URLSearchParams(withParams ? fields(a.params) : []);
  q.set('_v', vector);
  q.set('_a', String(i));
  return `${site}/${a.path.replace(/^\/+/, '')}?${q}`;
};

/**
 * The attacker's site: /attack/N tries the subresource vectors and then submits a form (top level)
 * to call N; /nav/N navigates the top window to call N's GET form.
 */
async function attackerSite(site: string, attacks: Attack[], host = 'localhost') {
  const page = (body: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Win a prize</title></head><body><h1>Congratulations!</h1>${body}</body></html>`;
  const server = http.createServer((req, res) => {
    const m = /^\/(attack|nav)\/(\d+)$/.exec(req.url ?? '');
    const a = m ? attacks[Number(m[2])] : undefined;
    if (!m || !a) {
      res.writeHead(404).end();
      return;
    }
    const i = Number(m[2]);
    const url = (v: Vector) => targetUrl(site, a, v, i, GET_VECTORS.includes(v));
    const spec = JSON.stringify({ params: a.params, fields: fields(a.params), urls: Object.fromEntries(VECTORS.map((v) => [v, url(v)])) }).replace(/</g, '\\u003c');
    const script =
      m[1] === 'nav'
        ? `location.href = ${spec}.urls.nav;`
        : `
const a = ${spec};
const form = (fs) => { const b = new URLSearchParams(); for (const [k, v] of fs) b.append(k, v); return b; };
const loaded = (el) => new Promise((r) => { el.onload = el.onerror = r; setTimeout(r, 3000); });
const img = new Image();
const imgDone = loaded(img);
img.src = a.urls.img;
const frame = document.createElement('iframe');
const frameDone = loaded(frame);
frame.src = a.urls.frame;
document.body.append(frame);
const quiet = (p) => p.catch(() => {});
Promise.all([
  imgDone,
  frameDone,
  quiet(fetch(a.urls['fetch-get'], { mode: 'no-cors', credentials: 'include' })),
  quiet(fetch(a.urls['fetch-json'], { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(a.params) })),
  quiet(fetch(a.urls['fetch-form'], { method: 'POST', mode: 'no-cors', credentials: 'include', body: form(a.fields) })),
]).then(() => {
  const f = document.createElement('form');
  f.method = 'POST';
  f.action = a.urls.form;
  for (const [k, v] of a.fields) { const input = document.createElement('input'); input.type = 'hidden'; input.name = k; input.value = v; f.append(input); }
  document.body.append(f);
  f.submit();
});`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page(`<script>${script}</script>`));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return { origin: `http://${host}:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * Runs the attacks from the attacker's pages, in the user's browser. Answers each request the
 * browser sent to the site, with the status the site answered where the browser lets one see it
 * (it blocks a JSON answer to an <img> before anyone sees it: Opaque Response Blocking).
 */
async function runAttacks(page: Page, attacker: string, site: string, attacks: Attack[]) {
  const sent = new Map<string, { attack: number; vector: Vector; method: string; status?: number; settled: boolean }>();
  const keyOf = (r: Request) => {
    const url = new URL(r.url());
    const vector = url.searchParams.get('_v') as Vector | null;
    return url.origin === site && vector ? { key: `${url.searchParams.get('_a')}:${vector}`, attack: Number(url.searchParams.get('_a')), vector } : null;
  };
  const onRequest = (r: Request) => {
    const k = keyOf(r);
    if (k) sent.set(k.key, { attack: k.attack, vector: k.vector, method: r.method(), settled: false });
  };
  const onResponse = (res: Response) => {
    const k = keyOf(res.request());
    const s = k && sent.get(k.key);
    if (s) s.status = res.status();
  };
  const onSettled = (r: Request) => {
    const k = keyOf(r);
    const s = k && sent.get(k.key);
    if (s) s.settled = true;
  };
  const context = page.context();
  context.on('request', onRequest);
  context.on('response', onResponse);
  context.on('requestfinished', onSettled);
  context.on('requestfailed', onSettled);
  const onSite = (u: URL) => u.origin === site;
  const attack = async (tab: Page, i: number) => {
    await tab.goto(`${attacker}/attack/${i}`, { waitUntil: 'commit' });
    await tab.waitForURL(onSite, { waitUntil: 'load' });
    await tab.goto(`${attacker}/nav/${i}`, { waitUntil: 'commit' });
    await tab.waitForURL(onSite, { waitUntil: 'load' });
  };
  // The attacks are independent (each is refused): four tabs of the user's browser run them side by
  // side, as four pages of the other site would. The session-ending ones (changePassword, signOut:
  // sorted last) run alone at the end, after every other attack is over, as they would matter most.
  const lastOnes = new Set(['changePassword', 'signOut']);
  const first = attacks.map((_, i) => i).filter((i) => !lastOnes.has(attacks[i].name));
  const tabs = [page, ...(await Promise.all([1, 2, 3].map(() => context.newPage())))];
  let next = 0;
  await Promise.all(
    tabs.map(async (tab) => {
      while (next < first.length) await attack(tab, first[next++]);
    }),
  );
  await Promise.all(tabs.slice(1).map((tab) => tab.close()));
  for (let i = 0; i < attacks.length; i++) if (lastOnes.has(attacks[i].name)) await attack(page, i);
  // Subresources can finish after the page moved on: wait until every attack sent all seven and each is over.
  await expect.poll(() => [...sent.values()].filter((s) => s.settled).length, { timeout: 20_000, message: 'every vector of every attack sent and answered' }).toBe(attacks.length * VECTORS.length);
  context.off('request', onRequest);
  context.off('response', onResponse);
  context.off('requestfinished', onSettled);
  context.off('requestfailed', onSettled);
  return [...sent.values()];
}

/** What the user can see of their account through the API (as an app would read it: token header, no browser). */
async function snapshot(request: APIRequestContext, token: string, uid: number) {
  const get = (path: string, params?: Params) => api(request, 'GET', path, params, token);
  const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));
  const member = await get('/api/Member/info');
  const room = await get('/api/Live/getMyRoom');
  return {
    member: pick(member, ['user_nickname', 'signature', 'sex', 'avatar', 'balance', 'income', 'has_payment_password', 'has_password']),
    wallet: await get('/api/Balance/wallet'),
    bankCard: await get('/api/Bank_card/getInfo'),
    aliPay: await get('/api/Bank_card/getAliPayInfo'),
    coinLedger: await get('/api/Order/getList', { wallet: 'consumption', limit: 50 }),
    incomeLedger: await get('/api/Order/getList', { wallet: 'income', limit: 50 }),
    rechargeOrders: await get('/api/chargerules/orderList', { limit: 50 }),
    withdrawals: await get('/api/Balance/withdrawalList', { limit: 50 }),
    room: pick(room, ['title', 'type', 'cover', 'placard', 'status', 'is_live', 'stream_key']),
    announcedBroadcasts: await get('/api/Live_streaming/getReserveLiveList', { room_id: uid, limit: 50 }),
    reservedBroadcasts: await get('/api/Live_streaming/getUserReserveLiveList'),
    roomAdmins: await get('/api/tenxun/getRoomAdmin', { room_id: uid }),
    keywords: await get('/api/tenxun/getKeywords'),
    sanctions: await get('/api/tenxun/getSanctions', { room_id: uid }),
    backpack: await get('/api/Gift/getUserGiftList'),
    following: await get('/api/User/attentionList', { uid, type: 0 }),
    posts: await get('/anchor_dynamics/userPostList', { uid }),
    reservedMatches: await get('/api/hot_match/reserveList', { type: 1 }),
    recording: await get('/api/Replay/getRecording'),
    invites: await get('/api/Invite/getInfo'),
  };
}

/** Pays a recharge order as a person does at the sandbox checkout. */
async function recharge(request: APIRequestContext, token: string, ruleId: number) {
  const order = await api(request, 'GET', '/api/chargerules/payUrl', { id: ruleId }, token);
  const res = await request.post(order.pay_url, { form: { action: 'pay' }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
}

test('a page on another site changes nothing for a logged-in user, whatever it tries; the site itself still can', async ({ browser, request, baseURL }) => {
  test.setTimeout(300_000);
  const site = new URL(baseURL!).origin;

  // ── The user: an anchor with a room, a payment password, a bound card, coins, income, a room
  //    admin and an announced broadcast. `other` is another anchor (a fan of the user's room).
  const admin = await adminToken(request);
  const adminId = (await api(request, 'GET', '/api/Member/info', {}, admin)).id as number;
  const user = await anchorByApi(request, admin);
  const other = await anchorByApi(request, admin);
  await api(request, 'POST', '/api/Member/paymentPassword', { password: PAY, confirm_password: PAY }, user.token);
  await api(request, 'POST', '/api/Bank_card/bind', { name: 'Li Lei', card_no: '6222021234567890', bank_name: 'ICBC', branch: 'Haidian', pay_password: PAY }, user.token);
  const rules = (await api(request, 'POST', '/api/chargerules/getList', {})).list as { id: number; coins: number }[];
  const biggest = rules.reduce((a, b) => (b.coins > a.coins ? b : a));
  await recharge(request, user.token, rules[0].id);
  await recharge(request, other.token, biggest.id);
  const gifts = (await api(request, 'GET', '/api/Gift/getList')) as { id: number; code: string }[];
  const giftId = (code: string) => gifts.find((g) => g.code === code)!.id;
  await api(request, 'POST', '/api/member/handselGift', { room_id: user.id, gift_id: giftId('rocket'), num: 1, idempotency_key: randomUUID() }, other.token);
  await api(request, 'GET', '/api/tenxun/setRoomAdmin', { user_id: other.id, status: 1 }, user.token);
  const start = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const broadcast = await api(request, 'POST', '/api/Live/setReserveLiveNew', { title: 'Derby night', start_time: start }, user.token);
  const match = ((await api(request, 'GET', '/api/hot_match/recommend', { type: 1, limit: 1 })) as { id: number }[])[0];

  const before = await snapshot(request, user.token, user.id);
  expect(before.wallet.income).toBeGreaterThan(1000);
  expect(before.bankCard).toMatchObject({ card_no: '**** **** **** 7890' });
  expect(before.aliPay).toBeNull();
  expect(before.room.status).toBe(0);
  expect(before.roomAdmins.map((a: { id: number }) => a.id)).toEqual([other.id]);
  const mailsBefore = mailCount(user.email);

  // ── What the attacker sends: plausible input for every state-changing call, with what a thief
  //    would want (their own card, the user's real payment password as if phished, their room).
  const key = () => randomUUID();
  const plausible: Record<string, Params[]> = {
    bindBankCard: [{ name: 'Mallory', card_no: '6222029999990000', bank_name: 'Evil Bank', branch: '', pay_password: PAY }],
    bindAliPay: [{ name: 'Mallory', account: 'mallory@evil.example', pay_password: PAY }],
    conversionBalance: [{ money: 1000, confirm: 1, idempotency_key: key() }],
    applyForWithdrawal: [
      { type: 1, money: 1000, pay_password: PAY, idempotency_key: key() },
      { type: 2, money: 1000, pay_password: PAY, idempotency_key: key() },
    ],
    payUrl: [{ id: biggest.id }],
    setTitle: [{ title: PWNED }],
    updateLive: [{ title: PWNED, type: 2 }],
    startRoom: [{}],
    endRoom: [{}],
    resetStreamKey: [{}],
    setPlacard: [{ placard: PWNED }],
    createRoom: [{ title: PWNED, type: 2 }],
    deleteReserveLive: [{ id: broadcast.id }],
    setReserveLiveNew: [{ title: PWNED, start_time: start }],
    setRoomAdmin: [
      { user_id: adminId, status: 1 },
      { user_id: other.id, status: 0 },
    ],
    muteMember: [{ room_id: user.id, user_id: other.id, minutes: 60 }],
    kickMember: [{ room_id: user.id, user_id: other.id, minutes: 60 }],
    setKeywords: [{ words: ['pwned'] }],
    handselGift: [{ room_id: other.id, gift_id: giftId('jersey'), num: 1, idempotency_key: key() }],
    sneHorn: [{ text: PWNED, room_id: other.id, idempotency_key: key() }],
    barrageSend: [{ room_id: other.id, text: PWNED }],
    buyGuard: [{ room_id: other.id, guard_id: 1, idempotency_key: key() }],
    buyNoble: [{ tier: 1, months: 1, idempotency_key: key() }],
    checkIn: [{}],
    inviteClaim: [{}],
    updateInfo: [{ user_nickname: 'pwned', signature: PWNED, sex: 1 }],
    paymentPassword: [{ old_password: PAY, password: '999999', confirm_password: '999999' }],
    getCode: [{ mobile: user.email, type: 2 }],
    attention: [{ id: other.id, type: 1, attention: 1 }],
    collect: [{ match_id: match.id, type: 1, status: 1 }],
    reserveMatch: [{ match_id: match.id, type: 1, status: 1 }],
    reserveMatch2: [{ match_id: match.id, type: 1, status: 1 }],
    publishPost: [{ content: PWNED }],
    publishArticle: [{ title: PWNED, classify_id: 1, content: PWNED }],
    setRecording: [{ record: 0 }],
    // Last: these would end the session if they went through.
    changePassword: [{ old_password: user.password, password: 'pwned1234', confirm_password: 'pwned1234' }],
    signOut: [{}],
  };
  const generic = (shape: Record<string, unknown> | undefined): Params =>
    Object.fromEntries(
      Object.keys(shape ?? {}).map((k) => {
        if (k === 'idempotency_key') return [k, key()];
        if (/(^|_)id$|^id$|^room_id$|^user_id$/.test(k)) return [k, other.id];
        if (/password/.test(k)) return [k, 'pwned1234'];
        return [k, PWNED];
      }),
    );
  const last = ['changePassword', 'signOut'];
  const writes = allCalls()
    .filter((c) => changesState(c.call))
    .sort((a, b) => Number(last.includes(a.name)) - Number(last.includes(b.name)) || last.indexOf(a.name) - last.indexOf(b.name));
  expect(writes.length).toBeGreaterThan(60);
  const attacks: Attack[] = writes.flatMap(({ name, call }) =>
    (plausible[name] ?? [generic((call.input as unknown as { shape?: Record<string, unknown> }).shape)]).map((params) => ({
      name,
      path: call.path,
      methods: [call.method, ...(call.also ? [call.also] : [])],
      params,
    })),
  );
  for (const named of ['bindBankCard', 'bindAliPay', 'conversionBalance', 'applyForWithdrawal', 'setTitle', 'updateLive', 'startRoom', 'endRoom', 'deleteReserveLive', 'setRoomAdmin', 'payUrl']) {
    expect(attacks.some((a) => a.name === named)).toBe(true);
  }

  const evil = await attackerSite(site, attacks);
  expect(new URL(evil.origin).hostname).toBe('localhost');
  const context = await browser.newContext();
  await signInContext(context, baseURL!, user.token);
  const page = await context.newPage();
  try {
    // ── 1. Every attack, every vector, from the other site.
    const seen = await runAttacks(page, evil.origin, site, attacks);

    // Nothing changed: money, ledgers, orders, withdrawals, payout accounts, room, reservations,
    // admins, moderation, profile, follows, posts; no mail went out; the session still works.
    const after = await snapshot(request, user.token, user.id);
    expect(after).toEqual(before);
    expect(mailCount(user.email)).toBe(mailsBefore);

    // And the site said no (403) to each request that reached one of these calls (another method
    // reaches none), wherever the browser shows the answer: all but the images.
    const reached = seen.filter((s) => attacks[s.attack].methods.includes(s.method));
    const shown = reached.filter((s) => s.vector !== 'img');
    expect(shown.length).toBeGreaterThan(attacks.length * 3);
    for (const s of shown) expect({ call: attacks[s.attack].name, vector: s.vector, status: s.status }).toEqual({ call: attacks[s.attack].name, vector: s.vector, status: 403 });
    for (const s of reached.filter((x) => x.vector === 'img')) expect(s.status, 'an image answered with JSON is blocked by the browser').toBeUndefined();
    for (const named of ['bindBankCard', 'bindAliPay', 'conversionBalance', 'applyForWithdrawal', 'payUrl', 'setTitle', 'startRoom', 'deleteReserveLive', 'setRoomAdmin']) {
      const i = attacks.findIndex((a) => a.name === named);
      // Every vector of these calls reached them: the GET ones (navigation included) the spec's GET form, the POST ones the POST form.
      const vectors = reached.filter((s) => s.attack === i).map((s) => s.vector);
      const expected = [...(attacks[i].methods.includes('GET') ? GET_VECTORS : []), ...(attacks[i].methods.includes('POST') ? VECTORS.filter((v) => !GET_VECTORS.includes(v)) : [])];
      expect(vectors.sort(), named).toEqual(expected.sort());
    }

    // ── 2. The site's own page: the same calls work (the token cookie, Sec-Fetch-Site same-origin).
    await page.goto('/');
    const own = (method: 'GET' | 'POST', path: string, params: Params) =>
      page.evaluate(
        async ({ method, path, params }) => {
          const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
          const res =
            method === 'GET'
              ? await fetch(`/${path}?${q}`, { credentials: 'same-origin' })
              : await fetch(`/${path}`, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(params) });
          return (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
        },
        { method, path, params },
      );
    expect(await own('GET', 'api/Live/setTitle', { title: 'Derby night live' })).toMatchObject({ code: 200, data: { title: 'Derby night live' } });
    expect(await own('GET', 'api/Live/startRoom', {})).toMatchObject({ code: 200, data: { status: 1 } });
    const rebound = await own('POST', 'api/Bank_card/bind', { name: 'Li Lei', card_no: '6222021234561111', bank_name: 'CCB', branch: '', pay_password: PAY });
    expect(rebound).toMatchObject({ code: 200, data: { card_no: '**** **** **** 1111' } });
    const started = await snapshot(request, user.token, user.id);
    expect(started.room).toMatchObject({ title: 'Derby night live', status: 1 });

    // ── 3. A started room: the other site cannot end it either.
    const ends = attacks.filter((a) => a.name === 'endRoom');
    const evilEnd = await attackerSite(site, ends);
    try {
      const endSeen = await runAttacks(page, evilEnd.origin, site, ends);
      expect(endSeen.filter((s) => s.method === 'GET' && s.vector !== 'img').map((s) => s.status)).toEqual([403, 403, 403]);
    } finally {
      await evilEnd.close();
    }
    expect((await snapshot(request, user.token, user.id)).room.status).toBe(1);
    await page.goto('/');
    expect(await own('GET', 'api/Live/endRoom', {})).toMatchObject({ code: 200, data: { status: 0 } });

    // The password the other site tried to change still logs in.
    await api(request, 'POST', '/api/user/login', { mobile: user.email, password: user.password, device_type: 'pc', ticket: await captchaTicket(request) });
  } finally {
    await context.close();
    await evil.close();
  }
});

test('a page on another port of the same host (same-site to the browser) changes nothing either: no card bound by a link or a form', async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const site = new URL(baseURL!).origin;
  const admin = await adminToken(request);
  const user = await anchorByApi(request, admin);
  await api(request, 'POST', '/api/Member/paymentPassword', { password: PAY, confirm_password: PAY }, user.token);
  await api(request, 'POST', '/api/Bank_card/bind', { name: 'Li Lei', card_no: '6222021234567890', bank_name: 'ICBC', branch: 'Haidian', pay_password: PAY }, user.token);
  const before = await snapshot(request, user.token, user.id);
  const mailsBefore = mailCount(user.email);

  // What the issue's attacker did (a link-style GET and a self-submitting form to Bank_card/bind),
  // and the other calls a thief would want, all with the phished payment password.
  const key = () => randomUUID();
  const wanted: Record<string, Params> = {
    bindBankCard: { name: 'Mallory', card_no: '6222029999990000', bank_name: 'Evil Bank', branch: '', pay_password: PAY },
    bindAliPay: { name: 'Mallory', account: 'mallory@evil.example', pay_password: PAY },
    applyForWithdrawal: { type: 1, money: 1000, pay_password: PAY, idempotency_key: key() },
    setTitle: { title: PWNED },
    startRoom: {},
    updateInfo: { user_nickname: 'pwned', signature: PWNED, sex: 1 },
    paymentPassword: { old_password: PAY, password: '999999', confirm_password: '999999' },
    signOut: {},
  };
  const byName = new Map(allCalls().map((c) => [c.name, c.call]));
  const attacks: Attack[] = Object.entries(wanted).map(([name, params]) => {
    const call = byName.get(name)!;
    expect(call, name).toBeTruthy();
    return { name, path: call.path, methods: [call.method, ...(call.also ? [call.also] : [])], params };
  });

  // Same host, another port: the browser calls that same-site (Sec-Fetch-Site: same-site) and sends the session cookie.
  const evil = await attackerSite(site, attacks, new URL(site).hostname);
  expect(new URL(evil.origin).hostname).toBe(new URL(site).hostname);
  expect(new URL(evil.origin).port).not.toBe(new URL(site).port);
  const context = await browser.newContext();
  await signInContext(context, baseURL!, user.token);
  const page = await context.newPage();
  try {
    const seen = await runAttacks(page, evil.origin, site, attacks);
    expect(await snapshot(request, user.token, user.id)).toEqual(before);
    expect(mailCount(user.email)).toBe(mailsBefore);
    const reached = seen.filter((s) => attacks[s.attack].methods.includes(s.method));
    const shown = reached.filter((s) => s.vector !== 'img');
    expect(shown.length).toBeGreaterThan(attacks.length * 3);
    for (const s of shown) expect({ call: attacks[s.attack].name, vector: s.vector, status: s.status }).toEqual({ call: attacks[s.attack].name, vector: s.vector, status: 403 });
    const bind = attacks.findIndex((a) => a.name === 'bindBankCard');
    expect(
      reached
        .filter((s) => s.attack === bind)
        .map((s) => s.vector)
        .sort(),
    ).toEqual([...VECTORS].sort());
    // The session was never touched: the site's own page still binds (with the payment password).
    await page.goto('/');
    const rebound = await page.evaluate(async (pay) => {
      const res = await fetch('/api/Bank_card/bind', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Li Lei', card_no: '6222021234561111', bank_name: 'CCB', branch: '', pay_password: pay }),
      });
      return (await res.json()) as { code: number; data: { card_no: string } };
    }, PAY);
    expect(rebound).toMatchObject({ code: 200, data: { card_no: '**** **** **** 1111' } });
  } finally {
    await context.close();
    await evil.close();
  }
});

test('the login cookie is SameSite=Strict and still works for a person who arrives from another site (as from the social login provider)', async ({ browser, request, baseURL }) => {
  const site = new URL(baseURL!).origin;
  const user = await registerByApi(request);
  const ticket = await captchaTicket(request);
  // Another site (localhost, while the site is 127.0.0.1) sends the person here by a top-level navigation, as a provider's redirect does.
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`<script>location.href = ${JSON.stringify(`${site}/`)};</script>`));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`http://localhost:${(server.address() as AddressInfo).port}/`, { waitUntil: 'commit' });
    await page.waitForURL((u) => u.origin === site, { waitUntil: 'load' });
    // The page logs in with a call of its own (as /loginWithTwitter does with the provider's answer), then uses the session.
    const answers = await page.evaluate(
      async ({ mobile, password, ticket }) => {
        const login = await fetch('/api/user/login', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ mobile, password, device_type: 'pc', ticket }),
        });
        const info = await fetch('/api/Member/info', { credentials: 'same-origin' });
        return { login: (await login.json()).code as number, info: (await info.json()) as { code: number; data: { id: number } } };
      },
      { mobile: user.email, password: user.password, ticket },
    );
    expect(answers).toMatchObject({ login: 200, info: { code: 200, data: { id: user.id } } });
    const cookies = await context.cookies(site);
    expect(cookies.find((c) => c.name === 'token')).toMatchObject({ sameSite: 'Strict', httpOnly: true });
    // A reload and a page of the site keep the session (same-site navigations carry the cookie).
    await page.goto('/member');
    expect(await page.evaluate(async () => ((await (await fetch('/api/Member/info', { credentials: 'same-origin' })).json()) as { code: number }).code)).toBe(200);
  } finally {
    await context.close();
    await new Promise<void>((r) => server.close(() => r()));
  }
});
