import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@livesports/contracts/account';
import { call, otherApp, testDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/client.ts';
import { oauthStates } from '../../db/schema/account.ts';
import { AppError } from '../../platform/errors.ts';
import { OAUTH_STATE_TTL_MS, createGoogleLogin } from './oauth.ts';

// A real OpenID provider (oidc-provider) on 127.0.0.1, driven with plain fetch calls through
// its development login and consent forms, so the whole code flow runs as it would with Google.

const CLIENT_ID = 'livesports-test';
const CLIENT_SECRET = 'livesports-test-secret-that-is-long-enough';
const PUBLIC_URL = 'http://localhost:8080';
const REDIRECT_URI = `${PUBLIC_URL}/loginWithTwitter`;

/** Every login at the test provider is a new person (the run's database is shared by all server tests). */
const newAccountId = () => `fan-${randomUUID().slice(0, 8)}`;
const emailOf = (accountId: string) => `${accountId}@example.test`;
const nameOf = (accountId: string) => `Fan ${accountId.slice(4)}`;

interface TestProvider {
  issuer: string;
  /** While down, every request gets a 503. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

/**
 * `claimsInIdToken` mimics Google (e-mail and name in the ID token); without it the provider
 * follows the spec's default and only serves them from userinfo.
 */
async function startProvider(opts: { claimsInIdToken: boolean }): Promise<TestProvider> {
  // The issuer must contain the port, so listen first and plug the provider in afterwards.
  let handler: http.RequestListener | undefined;
  let down = false;
  const server = http.createServer((req, res) => (handler && !down ? handler(req, res) : res.writeHead(503).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // openid-client's default when given a secret; Google accepts it too.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256', kid: 'test' }] },
    cookies: { keys: ['oauth-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: !opts.claimsInIdToken,
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: emailOf(id), email_verified: true, name: nameOf(id) }),
    }),
    // Explicit lifetimes keep the provider from printing a notice for each default it falls back to.
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, AuthorizationCode: 60, IdToken: 600 },
  });
  handler = provider.callback();
  return {
    issuer,
    setDown: (value) => {
      down = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Minimal cookie jar: the provider ties the interaction to its cookies. Paths are ignored on purpose. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Follows the provider's redirects by hand, signs in as `accountId` and consents, and returns
 * the query string of the final redirect to our callback ("?code=…&state=…&iss=…").
 */
async function signInAtProvider(authorizationUrl: string, accountId: string): Promise<string> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step += 1) {
    if (url.startsWith(`${REDIRECT_URI}?`)) return new URL(url).search;
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      body: form,
      headers: { cookie: jar.header() },
      redirect: 'manual',
    });
    jar.store(res);
    form = undefined;
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 500)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page: ${html.slice(0, 500)}`);
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    form = prompt === 'login' ? new URLSearchParams({ prompt, login: accountId, password: 'any' }) : new URLSearchParams({ prompt });
  }
  throw new Error('too many steps at the provider');
}

async function expectThirdFailed(promise: Promise<unknown>) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).key).toBe('auth.third_failed');
}

let database: Database;
let googleLike: TestProvider;
let specDefault: TestProvider;

beforeAll(async () => {
  database = await testDatabase();
  googleLike = await startProvider({ claimsInIdToken: true });
  specDefault = await startProvider({ claimsInIdToken: false });
});

afterAll(async () => {
  await googleLike?.close();
  await specDefault?.close();
});

describe('createGoogleLogin against a local OpenID provider', () => {
  let now = new Date();
  const clock = { now: () => now };

  const login = (issuer: string) => createGoogleLogin({ issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri: REDIRECT_URI, db: database.db, clock });

  it('is available only with a client id', () => {
    const unconfigured = createGoogleLogin({ issuer: googleLike.issuer, redirectUri: REDIRECT_URI, db: database.db, clock });
    expect(unconfigured.available()).toBe(false);
    expect(login(googleLike.issuer).available()).toBe(true);
  });

  it('start() points at the provider with PKCE S256 and stores a state', async () => {
    now = new Date();
    const url = new URL(await login(googleLike.issuer).start('/live/7'));
    expect(url.origin).toBe(googleLike.issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const state = url.searchParams.get('state')!;
    const [row] = await database.db.select().from(oauthStates).where(eq(oauthStates.state, state));
    expect(row).toMatchObject({ provider: 'google', redirect: '/live/7', nonce: url.searchParams.get('nonce') });
    expect(row.expiresAt.getTime()).toBe(now.getTime() + OAUTH_STATE_TTL_MS);
  });

  it('finish() returns the profile and the saved redirect; the callback works only once', async () => {
    now = new Date();
    const google = login(googleLike.issuer);
    const person = newAccountId();
    const callback = await signInAtProvider(await google.start('/live/42'), person);
    expect(new URLSearchParams(callback).get('code')).toBeTruthy();

    expect(await google.finish(callback)).toMatchObject({
      sub: person,
      email: emailOf(person),
      emailVerified: true,
      name: nameOf(person),
      redirect: '/live/42',
    });

    await expectThirdFailed(google.finish(callback));
  });

  it('reads e-mail and name from userinfo when the ID token lacks them', async () => {
    now = new Date();
    const other = login(specDefault.issuer);
    const person = newAccountId();
    const callback = await signInAtProvider(await other.start('/main'), person);
    expect(await other.finish(callback)).toMatchObject({ sub: person, email: emailOf(person), emailVerified: true, name: nameOf(person) });
  });

  it('rejects a tampered state and a callback without state', async () => {
    now = new Date();
    const google = login(googleLike.issuer);
    const callback = new URLSearchParams(await signInAtProvider(await google.start('/main'), newAccountId()));
    const tampered = new URLSearchParams(callback);
    tampered.set('state', `${callback.get('state')}x`);
    await expectThirdFailed(google.finish(`?${tampered}`));
    tampered.delete('state');
    await expectThirdFailed(google.finish(`?${tampered}`));
    // The real state was left alone by those attempts.
    expect((await google.finish(`?${callback}`)).redirect).toBe('/main');
  });

  it('rejects an error answer from the provider and burns its state', async () => {
    now = new Date();
    const google = login(googleLike.issuer);
    const state = new URL(await google.start('/main')).searchParams.get('state')!;
    await expectThirdFailed(google.finish(`?error=access_denied&state=${state}&iss=${encodeURIComponent(googleLike.issuer)}`));
    expect(await database.db.select().from(oauthStates).where(eq(oauthStates.state, state))).toEqual([]);
  });

  it('rejects a state older than ten minutes', async () => {
    now = new Date();
    const google = login(googleLike.issuer);
    const callback = await signInAtProvider(await google.start('/main'), newAccountId());
    now = new Date(now.getTime() + OAUTH_STATE_TTL_MS + 1000);
    await expectThirdFailed(google.finish(callback));
  });

  it('turns a failed discovery into auth.third_failed and tries again on the next login', async () => {
    now = new Date();
    const flaky = await startProvider({ claimsInIdToken: true });
    try {
      const google = login(flaky.issuer);
      flaky.setDown(true);
      await expectThirdFailed(google.start('/main'));
      flaky.setDown(false);
      expect(new URL(await google.start('/main')).origin).toBe(flaky.issuer);
    } finally {
      await flaky.close();
    }
  });
});

describe('third-party login through the HTTP API', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await otherApp({
      PUBLIC_URL,
      CAPTCHA: 'off',
      OAUTH_GOOGLE_ISSUER: googleLike.issuer,
      OAUTH_GOOGLE_CLIENT_ID: CLIENT_ID,
      OAUTH_GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('logs in with the provider callback once, then opens a session', async () => {
    const started = await call<{ oauth_url: string }>(app, api.loginWithTwitter, { type_third: 'google', redirect: '/live/9' });
    expect(started.code).toBe(200);
    expect(new URL(started.data.oauth_url).origin).toBe(googleLike.issuer);

    const person = newAccountId();
    const callback = await signInAtProvider(started.data.oauth_url, person);

    const loggedIn = await call(app, api.login, { type: 'third', type_third: 'google', token: callback });
    expect(loggedIn.code).toBe(200);
    expect(loggedIn.data.token).toEqual(expect.any(String));
    expect(loggedIn.data.redirect).toBe('/live/9');

    const info = await call(app, api.userInfo, {}, { token: loggedIn.data.token });
    expect(info.code).toBe(200);
    expect(info.data.id).toBe(loggedIn.data.id);
    // The nickname comes from the provider's name (made unique by the account service).
    expect(info.data.user_nickname).toMatch(new RegExp(`^Fan${person.slice(4)}\\d{4}$`));

    const again = await call(app, api.login, { type: 'third', type_third: 'google', token: callback });
    expect(again).toMatchObject({ code: 1, msg: 'Third-party login failed, please try again' });
  });

  it('finds the same user on the next Google login', async () => {
    const person = newAccountId();
    const ids: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const started = await call<{ oauth_url: string }>(app, api.loginWithTwitter, {});
      const callback = await signInAtProvider(started.data.oauth_url, person);
      const loggedIn = await call(app, api.login, { type: 'third', type_third: 'google', token: callback });
      expect(loggedIn.code).toBe(200);
      ids.push(loggedIn.data.id);
    }
    expect(ids[1]).toBe(ids[0]);
  });
});
