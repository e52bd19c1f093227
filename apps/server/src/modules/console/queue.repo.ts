import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import { contentReports } from '../../db/schema/content.ts';
import { withdrawals } from '../../db/schema/economy.ts';
import { anchorApplications } from '../../db/schema/live.ts';

/** Counts of the console's queues (read straight from the domains' tables; nothing is written here). */
export function createQueueRepo(db: Db) {
  return {
    async pendingApplications() {
      const [row] = await db
        .select({ n: count() })
        .from(anchorApplications)
        .where(inArray(anchorApplications.status, [0, 1]));
      return row.n;
    },
    async pendingWithdrawals() {
      const [row] = await db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, 0));
      return row.n;
    },
    /** Open reports counted by target (one target reported by ten people is one item to handle). */
    async openReportTargets() {
      const [row] = await db
        .select({ n: sql<number>`count(distinct (${contentReports.targetType}, ${contentReports.targetId}))::int` })
        .from(contentReports)
        .where(eq(contentReports.status, 'open'));
      return row.n;
    },
    async user(id: number) {
      const [row] = await db.select({ id: users.id, nickname: users.nickname, avatar: users.avatar }).from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
  };
}
export type QueueRepo = ReturnType<typeof createQueueRepo>;
