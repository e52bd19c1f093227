import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import type { CallDef } from '@livesports/contracts/call';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { mailOutbox } from '../src/db/schema/mail.ts';
import { presetAvatars } from '../src/modules/account/avatars.ts';
import { createAccountRepo } from '../src/modules/account/repo.ts';
import { createCaptchaRepo } from '../src/modules/captcha/repo.ts';
import { humanTrace } from '../src/modules/captcha/solve.ts';
import { randomToken, sha256 } from '../src/platform/crypto.ts';
import { createPasswordHasher } from '../src/platform/password.ts';

export { ownDataDir } from './pglite-template.ts';

/**
 * Settings every test app starts with. PASSWORD_HASH_COST=test: argon2id at 1 MiB and one pass, the
 * same code path as the site's 19 MiB (~1 ms a hash instead of ~50 ms; runs make hundreds of users).
 */
const TEST_SETTINGS = { LOG_LEVEL: 'silent', SERVE_WEB: 'off', DEMO_DATA: 'off', PASSWORD_HASH_COST: 'test' };

// Test files run in one worker without isolation (vitest.config.ts), so these singletons are
// shared by every server test of a run: one database, one app.
let database: Promise<Database> | undefined;
let app: Promise<FastifyInstance> | undefined;

export function testDatabase(): Promise<Database> {
  database ??= openDatabase({ url: process.env.TEST_DATABASE_URL, dataDir: process.env.TEST_DATA_DIR! });
  return database;
}

/** The real app (every plugin, real database) with the settings an operator would use. */
export function testApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
  app ??= (async () => {
    const config = loadConfig({ DATA_DIR: process.env.TEST_DATA_DIR, ...TEST_SETTINGS, REDIS_PREFIX: process.env.REDIS_PREFIX, ...env });
    return buildApp({ config, database: await testDatabase(), logger: false });
  })();
  return app;
}

/**
 * A separate app instance with other settings, sharing the run's database. Close it after use.
 * `owner`: the app standing for the process that owns the embedded database. On PGlite this one
 * then hands it what only the owner may do (a room's chat numbering), as a socket process hands it
 * to the primary (platform/owner.ts); on PostgreSQL every process does it through the database.
 */
export async function otherApp(env: Record<string, string>, opts: { owner?: FastifyInstance } = {}): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: process.env.TEST_DATA_DIR, ...TEST_SETTINGS, REDIS_PREFIX: process.env.REDIS_PREFIX, ...env });
  const database = await testDatabase();
  const owner = opts.owner;
  const ownerCall =
    owner && database.kind === 'pglite'
      ? async (name: string, arg: unknown) => {
          const handler = owner.owner.handlers.get(name);
          if (!handler) throw new Error(`no owner call ${name}`);
          // Across the IPC channel the argument is a copy, as here.
          return handler(structuredClone(arg));
        }
      : undefined;
  return buildApp({ config, database, logger: false, ...(ownerCall ? { ownerCall } : {}) });
}

let ipCounter = 1;
/** A fresh client address, so per-IP rate limits of one test don't leak into another. */
export const freshIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

export interface CallOptions {
  token?: string;
  lang?: string;
  ip?: string;
  cookie?: string;
}

export interface Reply<T = any> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: Record<string, unknown>;
}

/** Calls one contract call the way a client would: query for GET, JSON body for POST. */
export async function call<T = any>(a: FastifyInstance, def: CallDef<any, any>, input: Record<string, unknown> = {}, opts: CallOptions = {}): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.token = opts.token;
  if (opts.lang) headers.lang = opts.lang;
  if (opts.cookie) headers.cookie = opts.cookie;
  const url = '/' + def.path.replace(/^\/+/, '');
  const res = await a.inject({
    method: def.method,
    url,
    headers,
    remoteAddress: opts.ip ?? freshIp(),
    ...(def.method === 'GET' ? { query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) } : { payload: input }),
  });
  const body = res.json();
  return { status: res.statusCode, code: body.code, msg: body.msg, data: body.data, headers: res.headers };
}

let emailCounter = 0;
export const uniqueEmail = (prefix = 'fan') => `${prefix}.${process.pid}.${Date.now()}.${emailCounter++}@example.com`;

/** The last code mailed to an address, read from the outbox as a user would read the mail. */
export async function lastMailedCode(a: FastifyInstance, email: string): Promise<string> {
  const [row] = await a.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1);
  const match = row?.text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no code mailed to ${email}`);
  return match[1];
}

/** Solves a slider puzzle through the API as a person would: find the gap, drag with a human trace. */
export async function captchaTicket(a: FastifyInstance, ip = freshIp()): Promise<string> {
  const { getCaptcha, checkCaptcha } = await import('@livesports/contracts/captcha');
  const puzzle = await call(a, getCaptcha, {}, { ip });
  const answer = await createCaptchaRepo(a.database.db).answer(puzzle.data.id);
  const { gapX, gapY } = answer!;
  const { startX, startY } = puzzle.data;
  const res = await call(a, checkCaptcha, { id: puzzle.data.id, x: gapX, y: gapY, trace: humanTrace(gapX - startX, gapY - startY) }, { ip });
  if (res.code !== 200) throw new Error(`captcha not solved: ${res.msg}`);
  return res.data.ticket;
}

/** Registers and logs in a new user through the public API; returns its token and id. */
export async function newUser(a: FastifyInstance, email = uniqueEmail(), password = 'secret123') {
  const { getCode, registered, login } = await import('@livesports/contracts/account');
  const got = await call(a, getCode, { mobile: email, type: 1 });
  if (got.code !== 200) throw new Error(`getCode: ${got.msg}`);
  const code = await lastMailedCode(a, email);
  const reg = await call(a, registered, { mobile: email, code, password, ticket: await captchaTicket(a) });
  if (reg.code !== 200) throw new Error(`register: ${reg.msg}`);
  const res = await call(a, login, { mobile: email, password, device_type: 'pc', ticket: await captchaTicket(a) });
  if (res.code !== 200) throw new Error(`login: ${res.msg}`);
  return { email, password, token: res.data.token as string, id: res.data.id as number };
}

const hasher = createPasswordHasher('test');
let seedCounter = 0;

export interface SeedUserOptions {
  email?: string;
  password?: string;
  nickname?: string;
  invitedBy?: number;
  anchor?: boolean;
  admin?: boolean;
  moderator?: boolean;
}

/**
 * A user as sign-up leaves one (wallets, a preset avatar, a password that logs in) and a session,
 * inserted through the account repository: no mailed code, no captchas, no login call. Same shape
 * as newUser(), for tests about what users do rather than how they sign up (those use newUser(),
 * and account.api.test.ts keeps sign-up itself end to end).
 */
export async function seedUser(a: FastifyInstance, opts: SeedUserOptions = {}) {
  const n = `${process.pid.toString(36)}${Date.now().toString(36)}${(seedCounter++).toString(36)}`;
  const email = opts.email ?? uniqueEmail('seed');
  const password = opts.password ?? 'secret123';
  const repo = createAccountRepo(a.database.db);
  const row = await repo.createUser({
    email,
    passwordHash: await hasher.hash(password),
    nickname: opts.nickname ?? `fan${n}`.slice(-20),
    avatar: presetAvatars[seedCounter % presetAvatars.length],
    inviteCode: `S${n}`.toUpperCase().slice(-16),
    invitedBy: opts.invitedBy ?? null,
    isAnchor: opts.anchor ? 1 : 0,
    isAdmin: opts.admin ? 1 : 0,
    isModerator: opts.moderator ? 1 : 0,
  });
  const token = randomToken(32);
  await repo.createSession({ userId: row.id, tokenHash: sha256(token), deviceType: 'pc', expiresAt: new Date(Date.now() + 86_400_000) });
  return { email, password, token, id: row.id, nickname: row.nickname };
}

/**
 * An anchor as an approved application leaves one (is_anchor set, a football room made by the
 * live module) with a session and its room's stream key, read through the API as the anchor's
 * page does. The application road itself is approvedAnchor() in live.helpers.ts.
 */
export async function seedAnchor(a: FastifyInstance, opts: Omit<SeedUserOptions, 'anchor'> & { roomType?: number } = {}) {
  const u = await seedUser(a, { ...opts, anchor: true });
  await a.live.rooms.ensureRoom(u.id, opts.roomType ?? 1, `${u.nickname}'s live room`.slice(0, 40));
  const { getMyRoom } = await import('@livesports/contracts/live');
  const room = await call(a, getMyRoom, {}, { token: u.token });
  if (room.code !== 200) throw new Error(`getMyRoom: ${room.msg}`);
  return { ...u, key: room.data.stream_key as string };
}

/** A loopback TCP port free at the time of asking (for a server a test starts as a child process). */
export async function freePort() {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}
