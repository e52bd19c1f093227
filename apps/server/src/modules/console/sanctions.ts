import { and, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userSanctions } from '../../db/schema/console.ts';
import type { Conn } from './audit.repo.ts';

export interface SanctionInput {
  userId: number;
  kind: 'mute' | 'ban';
  reason: string;
  /** Null: permanent. */
  endsAt: Date | null;
  createdBy: number;
}

/**
 * SEAM — site-wide mutes and bans belong to the account module (users and sanctions are built
 * there: enforcing them at login, in chat and on posting, ending a banned user's sessions). Until
 * it exposes them, the reports queue writes the `user_sanctions` row through this small writer,
 * and reads which people are sanctioned now. When the account module has its own, fill the
 * `sanctions` port in plugin.ts from it (e.g. `app.account.sanctions`) and delete this file.
 */
export function createSanctionWriter(db: Db) {
  return {
    async impose(s: SanctionInput, tx?: Conn): Promise<{ id: number }> {
      const [row] = await (tx ?? db).insert(userSanctions).values({ userId: s.userId, kind: s.kind, reason: s.reason, endsAt: s.endsAt, createdBy: s.createdBy }).returning({ id: userSanctions.id });
      return row;
    },
    /** The strongest sanction running now for each of these people (ban over mute). */
    async active(userIds: number[], now: Date): Promise<Map<number, 'mute' | 'ban'>> {
      const out = new Map<number, 'mute' | 'ban'>();
      if (!userIds.length) return out;
      const list = await db
        .select({ userId: userSanctions.userId, kind: userSanctions.kind })
        .from(userSanctions)
        .where(and(inArray(userSanctions.userId, userIds), isNull(userSanctions.liftedAt), or(isNull(userSanctions.endsAt), gt(userSanctions.endsAt, now))));
      for (const r of list) if (r.kind === 'ban' || !out.has(r.userId)) out.set(r.userId, r.kind);
      return out;
    },
  };
}
export type SanctionWriter = ReturnType<typeof createSanctionWriter>;
