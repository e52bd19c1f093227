import crypto from 'node:crypto';
import { count, eq, max, sql } from 'drizzle-orm';
import type { FeedStatus } from '@livesports/contracts/console-catalog';
import type { Db } from '../../db/client.ts';
import { matchEvents, matchReplayState, matches } from '../../db/schema/matches.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuditInput, ConsoleTx } from '../console/plugin.ts';

/** Where a rotated feed token's hash is kept (system settings; the token itself is never stored). */
export const FEED_TOKEN_KEY = 'feed.token';
interface StoredToken {
  sha256: string;
  rotated_at: string;
}
const readStored = (v: unknown): StoredToken | null =>
  v && typeof v === 'object' && typeof (v as StoredToken).sha256 === 'string' && /^[0-9a-f]{64}$/.test((v as StoredToken).sha256) ? (v as StoredToken) : null;
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest();

/**
 * The feed token: FEED_TOKEN, or generated into DATA_DIR, until an administrator rotates it; the
 * rotated token's hash lives in the system settings, so every process checks against it as soon
 * as the settings cache is dropped (through the bus). The check is constant-time over hashes.
 */
export function createFeedToken(deps: { configured: string; fromEnv: boolean; stored: () => Promise<unknown> }) {
  const configuredHash = sha256(deps.configured);
  return {
    async check(header: string | undefined) {
      const given = (header ?? '').replace(/^Bearer\s+/i, '').trim();
      const rotated = readStored(await deps.stored());
      const expected = rotated ? Buffer.from(rotated.sha256, 'hex') : configuredHash;
      const ok = given.length > 0 && crypto.timingSafeEqual(sha256(given), expected);
      if (!ok) throw new AppError('matches.feed_token', 401);
    },
    async origin(): Promise<FeedStatus['token']> {
      const rotated = readStored(await deps.stored());
      if (rotated) return { origin: 'rotated', rotated_at: rotated.rotated_at, hint: `sha256 ${rotated.sha256.slice(0, 8)}…` };
      return { origin: deps.fromEnv ? 'env' : 'generated', rotated_at: null, hint: deps.fromEnv ? 'FEED_TOKEN' : 'DATA_DIR/secrets/feed.key' };
    },
  };
}
export type FeedToken = ReturnType<typeof createFeedToken>;

/** The console's feeds page (administrators): what each source last wrote, the replay's state, the token. */
export function createMatchesStaffService(deps: {
  db: Db;
  clock: Clock;
  token: FeedToken;
  audit: (entry: AuditInput, tx?: ConsoleTx) => Promise<void>;
  storeToken: (value: StoredToken, tx: ConsoleTx) => Promise<void>;
  settingsChanged: () => Promise<void>;
}) {
  const { db } = deps;
  return {
    async status(): Promise<FeedStatus> {
      const now = deps.clock.now();
      const [sources, events, replay] = await Promise.all([
        db
          .select({ source: matches.source, n: count(), last: max(matches.updatedAt) })
          .from(matches)
          .groupBy(matches.source),
        db
          .select({ source: matches.source, last: max(matchEvents.createdAt) })
          .from(matchEvents)
          .innerJoin(matches, eq(matches.id, matchEvents.matchId))
          .groupBy(matches.source),
        db
          .select()
          .from(matchReplayState)
          .orderBy(sql`${matchReplayState.sport}`),
      ]);
      const lastEvent = new Map(events.map((e) => [e.source, e.last]));
      const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
      const known = new Set(sources.map((s) => s.source));
      return {
        sources: [
          ...sources.map((s) => ({ source: s.source, matches: Number(s.n), last_write_at: iso(s.last), last_event_at: iso(lastEvent.get(s.source)) })),
          ...['replay', 'feed'].filter((s) => !known.has(s)).map((source) => ({ source, matches: 0, last_write_at: null, last_event_at: null })),
        ],
        replay: replay.map((r) => ({
          sport: r.sport,
          cursor: r.cursor,
          cycle: r.cycle,
          owner: r.owner,
          lease_until: r.leaseUntil.toISOString(),
          next_kickoff: r.nextKickoff.toISOString(),
          active: r.leaseUntil.getTime() > now.getTime(),
        })),
        token: await deps.token.origin(),
      };
    },

    /** A new token: shown once in the answer; only its hash is kept. */
    async rotate(user: AuthUser, reason: string) {
      const token = crypto.randomBytes(24).toString('base64url');
      const rotatedAt = deps.clock.now().toISOString();
      const before = await deps.token.origin();
      const stored = { sha256: sha256(token).toString('hex'), rotated_at: rotatedAt };
      await db.transaction(async (tx) => {
        await deps.storeToken(stored, tx);
        await deps.audit({ actorId: user.id, action: 'feed.rotate_token', targetType: 'setting', targetId: FEED_TOKEN_KEY, before, after: { origin: 'rotated', rotated_at: rotatedAt }, reason }, tx);
      });
      await deps.settingsChanged();
      return { token, rotated_at: rotatedAt };
    },
  };
}
export type MatchesStaffService = ReturnType<typeof createMatchesStaffService>;
