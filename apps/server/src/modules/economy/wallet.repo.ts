import { and, eq, sql } from 'drizzle-orm';
import type { LedgerKind, WalletKind } from '@livesports/contracts/economy';
import type { Db } from '../../db/client.ts';
import { rows } from './ledger.repo.ts';
import { wallets, withdrawals } from '../../db/schema/economy.ts';

export interface StatementRow {
  op_id: number;
  wallet: WalletKind;
  kind: LedgerKind;
  amount: number;
  balance_after: number;
  created_at: Date;
  meta: Record<string, unknown>;
  total: number;
}

/** Reads of wallets and the ledger, for statements and summaries. */
export function createWalletRepo(db: Db) {
  return {
    async balances(userId: number, tx: Db = db) {
      const rows = await tx.select({ kind: wallets.kind, balance: wallets.balance }).from(wallets).where(eq(wallets.userId, userId));
      return {
        consumption: Number(rows.find((r) => r.kind === 'consumption')?.balance ?? 0),
        income: Number(rows.find((r) => r.kind === 'income')?.balance ?? 0),
      };
    },

    async withdrawing(userId: number) {
      const [row] = await db
        .select({ s: sql<string>`coalesce(sum(${withdrawals.money}), 0)` })
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 0)));
      return Number(row.s);
    },

    /**
     * One line per (operation, wallet) of the user: a gift that paid the anchor and the platform
     * is one line of its full price, and a conversion is two lines (income out, consumption in).
     */
    async statement(userId: number, opts: { wallet?: WalletKind; kind?: LedgerKind; limit: number; offset: number }) {
      const filters = [sql`true`];
      if (opts.wallet) filters.push(sql`wallet = ${opts.wallet}`);
      if (opts.kind) filters.push(sql`kind = ${opts.kind}`);
      const res = await rows<StatementRow>(
        db,
        sql`
        with lines as (
          select e.id, e.op_id, e.kind, e.to_account as wallet, e.amount, e.to_balance_after as after, e.created_at
            from ledger_entries e where e.to_user_id = ${userId}
          union all
          select e.id, e.op_id, e.kind, e.from_account, -e.amount, e.from_balance_after, e.created_at
            from ledger_entries e where e.from_user_id = ${userId}
        ), grouped as (
          select op_id, wallet, min(kind) as kind, sum(amount) as amount,
                 (array_agg(after order by id desc))[1] as balance_after, max(id) as last_id, min(created_at) as created_at
            from lines where ${sql.join(filters, sql` and `)} group by op_id, wallet
        )
        select g.op_id, g.wallet, g.kind, g.amount, g.balance_after, g.created_at, o.meta, count(*) over () as total
          from grouped g join ledger_ops o on o.id = g.op_id
         order by g.last_id desc, g.wallet
         limit ${opts.limit} offset ${opts.offset}`,
      );
      return res.map((r) => ({
        ...r,
        op_id: Number(r.op_id),
        amount: Number(r.amount),
        balance_after: Number(r.balance_after),
        created_at: new Date(r.created_at),
        total: Number(r.total),
      }));
    },
  };
}
export type WalletRepo = ReturnType<typeof createWalletRepo>;
