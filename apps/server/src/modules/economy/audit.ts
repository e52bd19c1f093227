import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from './raw.ts';

// The books, added up. Every check here must come out equal; a difference is drift.
//   - each wallet's balance equals the net of its ledger rows (in − out);
//   - no wallet is negative;
//   - money held for withdrawals in review equals the net of the withdraw_hold account;
//   - the invite pool's granted counter equals what left the invite_pool account, within its cap;
//   - money from providers equals the coins of paid recharge orders.

export interface AuditReport {
  wallets: number;
  /** Σ of wallet balances and Σ of the wallets' ledger nets (must be equal). */
  balanceTotal: number;
  ledgerTotal: number;
  /** Wallets whose balance differs from their ledger net. */
  drift: Array<{ userId: number; kind: string; balance: number; ledger: number }>;
  negative: number;
  hold: { ledger: number; pending: number };
  pool: { ledger: number; granted: number; cap: number };
  external: { ledger: number; paidOrders: number };
  ok: boolean;
}

const n = (v: unknown) => Number(v ?? 0);

/** Adds up the books; `userIds` limits the wallet checks to those users (tests share a database). */
export async function audit(db: Db, userIds?: number[]): Promise<AuditReport> {
  const only = userIds?.length
    ? sql`where user_id in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const walletRows = await rows<{ user_id: number; kind: string; balance: string; ledger: string }>(
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
  let balanceTotal = 0;
  let ledgerTotal = 0;
  let negative = 0;
  const drift: AuditReport['drift'] = [];
  for (const r of walletRows) {
    const balance = n(r.balance);
    const ledger = n(r.ledger);
    balanceTotal += balance;
    ledgerTotal += ledger;
    if (balance < 0) negative += 1;
    if (balance !== ledger) drift.push({ userId: r.user_id, kind: r.kind, balance, ledger });
  }

  const system = await rows<{ account: string; net: string }>(
    db,
    sql`
    select account, sum(net) as net from (
      select to_account as account, amount as net from ledger_entries where to_user_id is null
      union all
      select from_account, -amount from ledger_entries where from_user_id is null
    ) x group by account`,
  );
  const net = (name: string) => n(system.find((r) => r.account === name)?.net);
  const [pending] = await rows<{ s: string }>(db, sql`select coalesce(sum(money), 0) as s from withdrawals where status = 0`);
  const [pool] = await rows<{ granted: string; cap: string }>(db, sql`select granted, cap from invite_pool where id = 1`);
  const [paid] = await rows<{ s: string }>(db, sql`select coalesce(sum(coins), 0) as s from recharge_orders where status = 'paid'`);

  const report: AuditReport = {
    wallets: walletRows.length,
    balanceTotal,
    ledgerTotal,
    drift,
    negative,
    hold: { ledger: net('withdraw_hold'), pending: n(pending?.s) },
    // The pool account only ever pays out, so its net is minus what was granted.
    pool: { ledger: -net('invite_pool'), granted: n(pool?.granted), cap: n(pool?.cap) },
    external: { ledger: -net('external'), paidOrders: n(paid?.s) },
    ok: false,
  };
  report.ok =
    drift.length === 0 &&
    negative === 0 &&
    balanceTotal === ledgerTotal &&
    report.hold.ledger === report.hold.pending &&
    report.pool.ledger === report.pool.granted &&
    report.pool.granted <= Math.max(report.pool.cap, 0) &&
    report.external.ledger === report.external.paidOrders;
  return report;
}
