import type { ActiveSanction, SanctionKind } from '@livesports/contracts/account';
import type { Sanction } from '@livesports/contracts/console-users';
import type { AuthUser } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { SanctionRow, SanctionsRepo, Tx } from './sanctions.repo.ts';

/** One staff action for the audit log (the console module's `audit` port). */
export interface SanctionAudit {
  actorId: number;
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

export interface SanctionsDeps {
  db: Db;
  repo: SanctionsRepo;
  clock: Clock;
  /** Records a staff action in the same transaction (the console's audit log). */
  audit: (entry: SanctionAudit, tx: Tx) => Promise<void>;
  /** A ban: every session of the user ends, with whatever they opened (chat sockets), on every process. */
  endSessions: (userId: number) => Promise<void>;
  /** A ban: the user's live broadcast, if any, stops. */
  stopBroadcast: (userId: number) => Promise<void>;
  /** Tells every process (this one included) that a user's sanctions changed. */
  announce: (userId: number) => Promise<void>;
  log?: { warn(obj: unknown, msg?: string): void };
}

export interface ImposeInput {
  userId: number;
  kind: SanctionKind;
  /** null: permanent. */
  minutes: number | null;
  reason: string;
}

/** How a moment is written in a sanction's message (the reader's time zone is unknown to the server). */
export const formatUntil = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The refusal a sanctioned user meets, localized, with the reason and the end. */
export function sanctionError(s: Pick<SanctionRow, 'kind' | 'reason' | 'endsAt'>): AppError {
  const forever = s.endsAt === null;
  const key = s.kind === 'ban' ? (forever ? 'sanction.banned_forever' : 'sanction.banned') : forever ? 'sanction.muted_forever' : 'sanction.muted';
  return new AppError(key, 403, undefined, { reason: s.reason, ...(s.endsAt ? { until: formatUntil(s.endsAt) } : {}) });
}

/**
 * Site-wide mutes and bans. Running sanctions are kept in memory (there are few) and reloaded per
 * user when a process hears that they changed, so the check on every chat line, danmaku, comment
 * and post costs no query. Logins read the database (a ban must hold the moment it is given).
 */
export function createSanctionsService(deps: SanctionsDeps) {
  const { repo, clock } = deps;
  const running = new Map<number, SanctionRow[]>();

  const isRunning = (s: SanctionRow, now: Date) => !s.liftedAt && (s.endsAt === null || s.endsAt > now);
  /** Of several running sanctions of a kind, the one that lasts longest decides. */
  function strongest(rows: SanctionRow[], kind: SanctionKind, now: Date): SanctionRow | null {
    let best: SanctionRow | null = null;
    for (const s of rows) {
      if (s.kind !== kind || !isRunning(s, now)) continue;
      if (!best || (best.endsAt !== null && (s.endsAt === null || s.endsAt > best.endsAt))) best = s;
    }
    return best;
  }
  function remember(userId: number, rows: SanctionRow[]) {
    if (rows.length) running.set(userId, rows);
    else running.delete(userId);
  }
  const toActive = (s: SanctionRow): ActiveSanction => ({ kind: s.kind, reason: s.reason, ends_at: s.endsAt?.toISOString() ?? null });
  function activeOf(rows: SanctionRow[], now: Date): ActiveSanction[] {
    return (['ban', 'mute'] as const).flatMap((k) => {
      const s = strongest(rows, k, now);
      return s ? [toActive(s)] : [];
    });
  }

  async function toSanction(s: SanctionRow, now: Date): Promise<Sanction> {
    const [by, lifted] = await Promise.all([repo.person(s.createdBy), repo.person(s.liftedBy)]);
    return {
      id: s.id,
      kind: s.kind,
      reason: s.reason,
      created_at: s.createdAt.toISOString(),
      ends_at: s.endsAt?.toISOString() ?? null,
      lifted_at: s.liftedAt?.toISOString() ?? null,
      active: isRunning(s, now),
      created_by: by,
      lifted_by: lifted,
    };
  }

  /** The rules of who may sanction whom (also used to show the console's buttons). */
  function may(actor: AuthUser, target: { id: number; isAdmin: number; isModerator: number }, kind: SanctionKind): AppError | null {
    if (actor.id === target.id) return forbidden('console_users.cannot_sanction_self');
    if (target.isAdmin === 1) return forbidden('console_users.cannot_sanction_admin');
    if (kind === 'ban' && !actor.isAdmin) return forbidden('console_users.ban_admin_only');
    if (target.isModerator === 1 && !actor.isAdmin) return forbidden('console_users.cannot_sanction_staff');
    return null;
  }

  async function reload(userId: number) {
    remember(userId, await repo.runningOf(userId, clock.now()));
  }

  async function afterChange(userId: number, banned: boolean) {
    // This process knows at once; the others when they hear the announcement.
    await reload(userId);
    if (banned) {
      await deps.endSessions(userId);
      try {
        await deps.stopBroadcast(userId);
      } catch (err) {
        deps.log?.warn({ err, userId }, 'could not stop the banned user’s broadcast');
      }
    }
    await deps.announce(userId);
  }

  return {
    /** Loads every running sanction (at start). */
    async load() {
      running.clear();
      const byUser = new Map<number, SanctionRow[]>();
      for (const r of await repo.allRunning(clock.now())) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
      for (const [id, rows] of byUser) remember(id, rows);
    },
    /** Re-reads one user's running sanctions (every process, when they change). */
    reload,

    /** Throws the localized refusal when the user is muted (or banned) site-wide. From memory: no query. */
    assertCanSpeak(userId: number): void {
      const rows = running.get(userId);
      if (!rows) return;
      const now = clock.now();
      const s = strongest(rows, 'ban', now) ?? strongest(rows, 'mute', now);
      if (s) throw sanctionError(s);
    },

    /** Throws the localized refusal when the user is banned (read from the database: logins). */
    async assertNotBanned(userId: number): Promise<void> {
      const s = strongest(await repo.runningOf(userId, clock.now()), 'ban', clock.now());
      if (s) throw sanctionError(s);
    },
    /** Whether a ban is running (from memory): the live ingest refuses such an anchor's stream. */
    isBanned(userId: number): boolean {
      const rows = running.get(userId);
      return !!rows && !!strongest(rows, 'ban', clock.now());
    },

    /** Running sanctions of a user, for the member page and the console. */
    async active(userId: number): Promise<ActiveSanction[]> {
      const now = clock.now();
      return activeOf(await repo.runningOf(userId, now), now);
    },
    async activeMany(userIds: number[]): Promise<Map<number, ActiveSanction[]>> {
      const now = clock.now();
      const byUser = new Map<number, SanctionRow[]>();
      for (const r of await repo.runningOfMany(userIds, now)) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
      return new Map(userIds.map((id) => [id, activeOf(byUser.get(id) ?? [], now)]));
    },

    may,

    /**
     * Mutes or bans a user (replacing a running sanction of the same kind), audited. A ban ends
     * every session and chat socket of the user and stops their broadcast. Throws 404 for an
     * unknown user, 403 when the actor may not.
     */
    async impose(actor: AuthUser, input: ImposeInput): Promise<Sanction> {
      const now = clock.now();
      const endsAt = input.minutes === null ? null : new Date(now.getTime() + input.minutes * 60_000);
      const row = await deps.db.transaction(async (tx) => {
        const target = await repo.lockUser(input.userId, tx);
        if (!target) throw notFound('console_users.user_not_found');
        const refusal = may(actor, target, input.kind);
        if (refusal) throw refusal;
        const replaced = (await repo.runningOf(input.userId, now, tx)).filter((s) => s.kind === input.kind);
        await repo.lift(
          replaced.map((s) => s.id),
          actor.id,
          now,
          tx,
        );
        const created = await repo.insert({ userId: input.userId, kind: input.kind, reason: input.reason, endsAt, createdBy: actor.id, createdAt: now }, tx);
        await deps.audit(
          {
            actorId: actor.id,
            action: `user.${input.kind}`,
            targetType: 'user',
            targetId: String(input.userId),
            before: replaced.length ? replaced.map((s) => ({ sanction: s.id, kind: s.kind, ends_at: s.endsAt?.toISOString() ?? null, reason: s.reason })) : null,
            after: { sanction: created.id, kind: created.kind, ends_at: created.endsAt?.toISOString() ?? null, minutes: input.minutes },
            reason: input.reason,
          },
          tx,
        );
        return created;
      });
      await afterChange(input.userId, input.kind === 'ban');
      return toSanction(row, now);
    },

    /** Ends a running sanction early, audited (a ban: administrators only). */
    async lift(actor: AuthUser, sanctionId: number, reason: string): Promise<Sanction> {
      const now = clock.now();
      const row = await deps.db.transaction(async (tx) => {
        const s = await repo.find(sanctionId, tx);
        if (!s) throw notFound('console_users.sanction_not_found');
        const target = await repo.lockUser(s.userId, tx);
        if (!target) throw notFound('console_users.user_not_found');
        if (s.kind === 'ban' && !actor.isAdmin) throw forbidden('console_users.ban_admin_only');
        if (target.isModerator === 1 && !actor.isAdmin) throw forbidden('console_users.cannot_sanction_staff');
        if (!isRunning(s, now)) throw conflict('console_users.sanction_over');
        const [lifted] = await repo.lift([s.id], actor.id, now, tx);
        if (!lifted) throw conflict('console_users.sanction_over');
        await deps.audit(
          {
            actorId: actor.id,
            action: s.kind === 'ban' ? 'user.unban' : 'user.unmute',
            targetType: 'user',
            targetId: String(s.userId),
            before: { sanction: s.id, kind: s.kind, ends_at: s.endsAt?.toISOString() ?? null, reason: s.reason },
            after: { sanction: s.id, lifted_at: now.toISOString() },
            reason,
          },
          tx,
        );
        return lifted;
      });
      await afterChange(row.userId, false);
      return toSanction(row, now);
    },

    async history(userId: number, page: number, limit: number): Promise<{ list: Sanction[]; total: number; page: number }> {
      const now = clock.now();
      const { list, total } = await repo.history(userId, page, limit);
      return {
        list: list.map(({ row: s, creator, lifter }) => ({
          id: s.id,
          kind: s.kind,
          reason: s.reason,
          created_at: s.createdAt.toISOString(),
          ends_at: s.endsAt?.toISOString() ?? null,
          lifted_at: s.liftedAt?.toISOString() ?? null,
          active: isRunning(s, now),
          created_by: creator?.id != null ? creator : null,
          lifted_by: lifter?.id != null ? lifter : null,
        })),
        total,
        page,
      };
    },
    count: (userId: number) => repo.count(userId),
  };
}
export type SanctionsService = ReturnType<typeof createSanctionsService>;
