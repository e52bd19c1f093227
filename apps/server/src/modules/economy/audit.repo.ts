import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from './ledger.repo.ts';

/** The sums the books are audited with (audit.ts compares them). */
export function createAuditRepo(db: Db) {
  return {
    /** Each wallet's balance beside the net of its ledger rows; `userIds` limits it to those users. */
    walletNets(userIds?: number[]) {
      const only = userIds?.length
        ? sql`where user_id in (${sql.join(
            userIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``;
      return rows<{ user_id: number; kind: string; balance: string; ledger: string }>(
        db,
        sql`
        with flows as (
          select to_user_id as user_id, to_account as kind, amount from ledger_entries where to_user_id is not null
          union all
          select from_user_id, from_account, -amount from ledger_entries where from_user_id is not null
        ), sums as (select user_id, kind, sum(amount) as total from flows group by user_id, kind),
        joined as (
          select coalesce(w.user_id, s.user_id) as user_id, coalesce(w.kind, s.kind) as kind,
                 coalesce(w.balance, 0) as balance, coalesce(s.total, 0) as ledger
          from wallets w full join sums s on s.user_id = w.user_id and s.kind = w.kind
        )
        select user_id, kind, balance, ledger from joined ${only}`,
      );
    },
    /** The net of each system account (in − out). */
    systemNets() {
      return rows<{ account: string; net: string }>(
        db,
        sql`
        select account, sum(net) as net from (
          select to_account as account, amount as net from ledger_entries where to_user_id is null
          union all
          select from_account, -amount from ledger_entries where from_user_id is null
        ) x group by account`,
      );
    },
    /** Money of withdrawals waiting for review. */
    async pendingWithdrawals() {
      const [r] = await rows<{ s: string }>(db, sql`select coalesce(sum(money), 0) as s from withdrawals where status = 0`);
      return r?.s;
    },
    async invitePool() {
      const [r] = await rows<{ granted: string; cap: string }>(db, sql`select granted, cap from invite_pool where id = 1`);
      return r;
    },
    /** Coins of paid recharge orders. */
    async paidRecharges() {
      const [r] = await rows<{ s: string }>(db, sql`select coalesce(sum(coins), 0) as s from recharge_orders where status = 'paid'`);
      return r?.s;
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
