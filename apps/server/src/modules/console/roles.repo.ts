import { asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/account.ts';
import type { Conn, Tx } from './audit.repo.ts';

const roleRow = { id: users.id, nickname: users.nickname, avatar: users.avatar, email: users.email, isAdmin: users.isAdmin, isModerator: users.isModerator, createdAt: users.createdAt };
export type RoleUserRow = { id: number; nickname: string; avatar: string; email: string | null; isAdmin: number; isModerator: number; createdAt: Date };

/** Staff roles are two flags on the user row (is_admin, is_moderator); the console reads and sets them here. */
export function createRolesRepo(db: Db) {
  return {
    async list(opts: { q?: string; page: number; limit: number }): Promise<{ rows: RoleUserRow[]; total: number }> {
      let where: SQL | undefined;
      // Searching by a number: the user with that id comes first (before every nickname or e-mail that merely contains it).
      let exactId: SQL | undefined;
      if (opts.q) {
        const like = `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const conds: SQL[] = [ilike(users.nickname, like), ilike(users.email, like)];
        if (/^\d{1,9}$/.test(opts.q)) {
          conds.push(eq(users.id, Number(opts.q)));
          exactId = sql`(${users.id} = ${Number(opts.q)})`;
        }
        where = or(...conds);
      } else {
        where = or(eq(users.isAdmin, 1), eq(users.isModerator, 1));
      }
      const [rows, [{ total }]] = await Promise.all([
        db
          .select(roleRow)
          .from(users)
          .where(where)
          .orderBy(...(exactId ? [desc(exactId)] : []), desc(users.isAdmin), desc(users.isModerator), asc(users.id))
          .limit(opts.limit)
          .offset((opts.page - 1) * opts.limit),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { rows, total };
    },

    /** The row, locked for the change that follows (inside `tx`). */
    async lock(tx: Tx, id: number): Promise<RoleUserRow | null> {
      const [row] = await tx.select(roleRow).from(users).where(eq(users.id, id)).for('update');
      return row ?? null;
    },

    async setFlags(tx: Conn, id: number, flags: { isAdmin: 0 | 1; isModerator: 0 | 1 }): Promise<RoleUserRow> {
      const [row] = await tx.update(users).set(flags).where(eq(users.id, id)).returning(roleRow);
      return row;
    },

    transaction<T>(fn: (tx: Tx) => Promise<T>) {
      return db.transaction(fn);
    },
  };
}
export type RolesRepo = ReturnType<typeof createRolesRepo>;
