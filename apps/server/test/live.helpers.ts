import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as anchor from '@livesports/contracts/live-anchor';
import * as rooms from '@livesports/contracts/live';
import { users } from '../src/db/schema/account.ts';
import { createAccountRepo } from '../src/modules/account/repo.ts';
import { randomToken, sha256 } from '../src/platform/crypto.ts';
import { call } from './helpers.ts';

let counter = 0;
/**
 * A logged-in user made through the account repo with a session token (registration through the
 * API is covered by the account tests and costs about a second per user).
 */
export async function liveUser(app: FastifyInstance, opts: { admin?: boolean } = {}) {
  const n = `${process.pid.toString(36)}${Date.now().toString(36)}${(counter++).toString(36)}`;
  const repo = createAccountRepo(app.database.db);
  const row = await repo.createUser({
    email: `live.${n}@example.com`,
    passwordHash: null,
    nickname: `viewer${n}`.slice(-20),
    inviteCode: `L${n}`.toUpperCase().slice(-16),
    isAdmin: opts.admin ? 1 : 0,
  });
  const token = randomToken(32);
  await repo.createSession({ userId: row.id, tokenHash: sha256(token), deviceType: 'pc', expiresAt: new Date(Date.now() + 86_400_000) });
  return { id: row.id, token, nickname: row.nickname };
}

export const applicationForm = {
  real_name: 'Lucía Fernández',
  id_number: 'X1234567Z',
  live_type: 1,
  experience: 'Two seasons of LaLiga watch-alongs on another platform.',
  contact: 'lucia@example.com',
  introduction: 'Football analyst, Spanish and English commentary.',
  agreement: true,
};

/** The whole road to an anchor through the API: apply, an administrator approves. */
export async function approvedAnchor(app: FastifyInstance, admin: { token: string }) {
  const u = await liveUser(app);
  const applied = await call(app, anchor.verified, applicationForm, { token: u.token });
  if (applied.code !== 200) throw new Error(`verified: ${applied.msg}`);
  const approved = await call(app, anchor.reviewAnchorApplication, { id: applied.data.application.id, status: 2 }, { token: admin.token });
  if (approved.code !== 200) throw new Error(`review: ${approved.msg}`);
  const room = await call(app, rooms.getMyRoom, {}, { token: u.token });
  return { ...u, key: room.data.stream_key as string };
}

/** What SRS (or a CDN) sends to our publish hook. */
export async function srsHook(app: FastifyInstance, action: 'on_publish' | 'on_unpublish', stream: string, appName = 'live') {
  const res = await app.inject({ method: 'POST', url: `/api/live/hooks/${action}`, payload: { action, app: appName, stream, client_id: 'c1', ip: '127.0.0.1', vhost: '__defaultVhost__' } });
  return { status: res.statusCode, body: res.json() as { code: number } };
}

export async function revokeAnchor(app: FastifyInstance, id: number) {
  await app.database.db.update(users).set({ isAnchor: 0 }).where(eq(users.id, id));
}
