import type { AuditRepo } from './audit.repo.ts';

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
export async function audit(repo: AuditRepo, userIds?: number[]): Promise<AuditReport> {
  const walletRows = await repo.walletNets(userIds);
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

  const system = await repo.systemNets();
  const net = (name: string) => n(system.find((r) => r.account === name)?.net);
  const pending = await repo.pendingWithdrawals();
  const pool = await repo.invitePool();
  const paid = await repo.paidRecharges();

  const report: AuditReport = {
    wallets: walletRows.length,
    balanceTotal,
    ledgerTotal,
    drift,
    negative,
    hold: { ledger: net('withdraw_hold'), pending: n(pending) },
    // The pool account only ever pays out, so its net is minus what was granted.
    pool: { ledger: -net('invite_pool'), granted: n(pool?.granted), cap: n(pool?.cap) },
    external: { ledger: -net('external'), paidOrders: n(paid) },
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
