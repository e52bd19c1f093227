import type { ConsoleRole, RoleRow } from '@livesports/contracts/console';
import type { AuthUser } from '../../platform/auth.ts';
import { badInput, forbidden, notFound } from '../../platform/errors.ts';
import type { AuditService } from './audit.service.ts';
import type { RoleUserRow, RolesRepo } from './roles.repo.ts';

const roleOf = (r: Pick<RoleUserRow, 'isAdmin' | 'isModerator'>): ConsoleRole => (r.isAdmin === 1 ? 'admin' : r.isModerator === 1 ? 'moderator' : 'none');
const flagsOf = (role: ConsoleRole) => ({ isAdmin: role === 'admin' ? 1 : 0, isModerator: role === 'moderator' ? 1 : 0 }) as const;

export const toRoleRow = (r: RoleUserRow): RoleRow => ({
  id: r.id,
  nickname: r.nickname,
  avatar: r.avatar,
  email: r.email ?? '',
  role: roleOf(r),
  created_at: r.createdAt.toISOString(),
});

/** Administrators give and take back console roles; every change is audited with its reason. */
export function createRolesService(deps: { repo: RolesRepo; audit: AuditService }) {
  const { repo, audit } = deps;
  return {
    async list(input: { q?: string; page: number; limit: number }) {
      const { rows, total } = await repo.list(input);
      return { list: rows.map(toRoleRow), total, page: input.page };
    },

    async set(actor: AuthUser, input: { user_id: number; role: ConsoleRole; reason: string }): Promise<RoleRow> {
      if (!actor.isAdmin) throw forbidden();
      // An administrator cannot demote themselves (another administrator has to), so the site is never left without one by mistake.
      if (input.user_id === actor.id && input.role !== 'admin') throw badInput('console.own_admin');
      return repo.transaction(async (tx) => {
        const before = await repo.lock(tx, input.user_id);
        if (!before) throw notFound('console.user_not_found');
        const was = roleOf(before);
        if (was === input.role) return toRoleRow(before);
        const after = await repo.setFlags(tx, input.user_id, flagsOf(input.role));
        await audit.record(
          { actorId: actor.id, action: 'role.set', targetType: 'user', targetId: String(input.user_id), before: { role: was }, after: { role: input.role }, reason: input.reason },
          tx,
        );
        return toRoleRow(after);
      });
    },
  };
}
export type RolesService = ReturnType<typeof createRolesService>;
