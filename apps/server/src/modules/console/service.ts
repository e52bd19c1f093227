import type { ConsoleMe } from '@livesports/contracts/console';
import type { AuthUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import type { QueueRepo } from './queue.repo.ts';

/** The console's own face: who the caller is to the console, and the counts beside the menu. */
export function createConsoleService(deps: { queues: QueueRepo }) {
  const { queues } = deps;
  return {
    async me(user: AuthUser): Promise<ConsoleMe> {
      const who = await queues.user(user.id);
      if (!who) throw notFound();
      // Anchor applications (real names, ID numbers) and withdrawals are the administrators': a moderator sees 0 there (and no menu entry).
      const [anchor, withdrawals, reports] = await Promise.all([user.isAdmin ? queues.pendingApplications() : 0, user.isAdmin ? queues.pendingWithdrawals() : 0, queues.openReportTargets()]);
      return {
        user: who,
        role: user.isAdmin ? 'admin' : 'moderator',
        counts: { anchor_applications: anchor, withdrawals, reports },
      };
    },
  };
}
export type ConsoleService = ReturnType<typeof createConsoleService>;
