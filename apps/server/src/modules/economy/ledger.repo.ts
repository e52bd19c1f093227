import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { WalletKind } from '@livesports/contracts/economy';
import type { MessageKey } from '@livesports/contracts/messages';
import type { Db } from '../../db/client.ts';
import { ledgerOps, wallets } from '../../db/schema/economy.ts';
import { badInput } from '../../platform/errors.ts';
import { type Balances, type Movement, type OpOutcome, type OpSpec, answerRepeat, byLockOrder, fingerprintOf, isUser, walletKey } from './ledger.ts';

// The ledger repository: the statements of the double-entry core every money operation goes
// through (the model is in ledger.ts). An operation is one database transaction (`runOp`): claim
// the idempotency key, lock the wallets it touches (in one global order, so two operations never
// wait on each other in a circle: consumption wallets before income wallets, each by user id; the
// one-statement gift send in gifts.send.repo.ts follows it too), then `post` checks the balances,
// writes one ledger row per movement and the new balances. Nothing else in the module writes a wallet.

/** The transaction handle a money operation's work runs in; services only pass it on to repositories. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs a hand-written statement and returns its rows. Both drivers (node-postgres and PGlite)
 * answer `execute` with `{ rows }`; the shared `Db` type cannot say so, hence the one cast here.
 */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** The message when a movement would overdraw a wallet. */
const SHORT: Record<WalletKind, MessageKey> = { consumption: 'economy.balance_insufficient', income: 'economy.income_insufficient' };

/** Wallet balances an operation locked when it claimed its key (see runOp), per transaction. */
const lockedIn = new WeakMap<Db, Balances>();

/** Extra statements to run in the same round trip as the ledger rows (data-modifying CTEs and a final select). */
export interface Tail {
  ctes: SQL[];
  select: SQL;
}

/**
 * Applies movements inside the caller's transaction. Throws (and so rolls everything back) when
 * a wallet would go below zero. Returns every touched wallet's new balance.
 */
async function post(tx: Db, opId: number, kind: string, movements: Movement[]): Promise<Balances> {
  return (await postWithTail(tx, opId, kind, movements)).balances;
}

/**
 * `post`, plus the caller's own statements folded into the same round trip; answers their rows.
 * The tail is built from the balances after the movements (computed under the locks).
 */
async function postWithTail<R>(tx: Db, opId: number, kind: string, movements: Movement[], makeTail?: (after: Balances) => Tail): Promise<{ balances: Balances; rows: R[] }> {
  const touched = new Map<string, { user: number; wallet: WalletKind }>();
  for (const m of movements) {
    if (!Number.isSafeInteger(m.amount) || m.amount <= 0) throw new Error(`ledger: bad amount ${m.amount}`);
    for (const a of [m.from, m.to]) if (isUser(a)) touched.set(walletKey(a.user, a.wallet), a);
  }
  const order = [...touched.values()].sort((a, b) => byLockOrder(a, b));
  const pre = lockedIn.get(tx);
  const balances: Balances = new Map();
  if (pre && order.every((w) => pre.has(walletKey(w.user, w.wallet)))) {
    // Already locked by runOp in the statement that claimed the key.
    for (const w of order) balances.set(walletKey(w.user, w.wallet), pre.get(walletKey(w.user, w.wallet))!);
  } else if (order.length) {
    const locked = await lockWallets(tx, order);
    for (const r of locked) balances.set(walletKey(r.user_id, r.kind), Number(r.balance));
    if (balances.size !== order.length) throw new Error('ledger: wallet row missing');
  }

  const rowsSql: SQL[] = [];
  for (const m of movements) {
    let fromAfter: number | null = null;
    let toAfter: number | null = null;
    if (isUser(m.from)) {
      const k = walletKey(m.from.user, m.from.wallet);
      fromAfter = balances.get(k)! - m.amount;
      if (fromAfter < 0) throw badInput(SHORT[m.from.wallet]);
      balances.set(k, fromAfter);
    }
    if (isUser(m.to)) {
      const k = walletKey(m.to.user, m.to.wallet);
      toAfter = balances.get(k)! + m.amount;
      balances.set(k, toAfter);
    }
    const fromUser = isUser(m.from) ? m.from.user : null;
    const toUser = isUser(m.to) ? m.to.user : null;
    rowsSql.push(
      sql`(${opId}::bigint, ${kind}::text, ${fromUser}::int, ${isUser(m.from) ? m.from.wallet : m.from.system}::text, ${toUser}::int, ${isUser(m.to) ? m.to.wallet : m.to.system}::text, ${m.amount}::bigint, ${fromAfter}::bigint, ${toAfter}::bigint, ${m.roomId ?? null}::int)`,
    );
  }
  if (pre) for (const [k, v] of balances) pre.set(k, v);

  // The ledger rows, the new balances and the caller's tail in one statement (one round trip):
  // we hold the wallets' locks, so writing the computed balances is safe.
  const ctes: SQL[] = [];
  if (rowsSql.length) {
    ctes.push(sql`entries as (insert into ledger_entries (op_id, kind, from_user_id, from_account, to_user_id, to_account, amount, from_balance_after, to_balance_after, room_id)
      values ${sql.join(rowsSql, sql`, `)})`);
  }
  if (order.length && rowsSql.length) {
    const updates = sql.join(
      order.map((w) => sql`(${w.user}::int, ${w.wallet}::text, ${balances.get(walletKey(w.user, w.wallet))}::bigint)`),
      sql`, `,
    );
    ctes.push(sql`balances as (update wallets as w set balance = v.balance, updated_at = now()
      from (values ${updates}) as v(user_id, kind, balance)
      where w.user_id = v.user_id and w.kind = v.kind)`);
  }
  const tail = makeTail?.(balances);
  if (tail) ctes.push(...tail.ctes);
  if (!ctes.length && !tail) return { balances, rows: [] };
  const statement = ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ${tail?.select ?? sql`select 1`}` : tail!.select;
  return { balances, rows: await rows<R>(tx, statement) };
}

/** SELECT … FOR UPDATE in lock order (kind, then user id); creates a wallet row a user somehow lacks. */
async function lockWallets(tx: Db, order: Array<{ user: number; wallet: WalletKind }>) {
  const lock = async () => {
    const keys = sql.join(
      order.map((w) => sql`(${w.user}::int, ${w.wallet}::text)`),
      sql`, `,
    );
    return rows<{ user_id: number; kind: WalletKind; balance: string | number }>(
      tx,
      sql`select user_id, kind, balance from wallets where (user_id, kind) in (${keys}) order by kind, user_id for update`,
    );
  };
  let locked = await lock();
  if (locked.length < order.length) {
    await tx
      .insert(wallets)
      .values(order.map((w) => ({ userId: w.user, kind: w.wallet, balance: 0 })))
      .onConflictDoNothing();
    locked = await lock();
  }
  return locked;
}

/**
 * Runs one money operation: the key is claimed in the same transaction as the movements, so a
 * repeat either finds the committed first result or (when both race) waits on the unique index
 * until the first commits, then answers its result. A failed operation leaves no key behind.
 */
/** Raised inside a transaction when the idempotency key was already used: roll back, answer the stored result. */
class Repeat extends Error {}

async function runOp<T>(db: Db, spec: OpSpec, work: (tx: Tx, opId: number) => Promise<T>): Promise<OpOutcome<T>> {
  const fingerprint = spec.request === undefined ? null : fingerprintOf(spec.request);
  try {
    // No look-up first: the insert itself finds a repeat (a committed key conflicts; a key in
    // flight makes it wait for that transaction), which saves a round trip on every new call.
    return await db.transaction(async (tx) => {
      const opId = await claim(tx, spec, fingerprint);
      if (opId === null) throw new Repeat();
      const result = await work(tx, opId);
      if (!spec.storesResult)
        await tx
          .update(ledgerOps)
          .set({ result: (result ?? null) as never })
          .where(eq(ledgerOps.id, opId));
      return { result, repeated: false, opId };
    });
  } catch (err) {
    if (!(err instanceof Repeat) || !spec.key) throw err;
    const prior = await findOp(db, spec.userId, spec.key);
    if (!prior) throw err;
    return answerRepeat<T>(prior, spec.kind, fingerprint);
  }
}

/**
 * Inserts the operation row (DO NOTHING when the key was used: null) and, in the same statement,
 * locks the wallets named up front in lock order.
 */
async function claim(tx: Db, spec: OpSpec, fingerprint: string | null): Promise<number | null> {
  const insert = sql`insert into ledger_ops (kind, user_id, idem_key, fingerprint, meta)
    values (${spec.kind}, ${spec.userId}, ${spec.key}, ${fingerprint}, ${JSON.stringify(spec.meta ?? {})}::jsonb)
    on conflict (user_id, idem_key) do nothing returning id`;
  const order = [...new Map((spec.wallets ?? []).map((w) => [walletKey(w.user, w.wallet), w])).values()].sort((a, b) => byLockOrder(a, b));
  if (!order.length || !spec.key) {
    const [op] = await rows<{ id: string | number }>(tx, insert);
    return op ? Number(op.id) : null;
  }
  const keys = sql.join(
    order.map((w) => sql`(${w.user}::int, ${w.wallet}::text)`),
    sql`, `,
  );
  // The lateral subquery always yields a row, so the op id comes back even if a wallet row is missing.
  const locked = await rows<{ op_id: string | number | null; user_id: number | null; kind: WalletKind | null; balance: string | number | null }>(
    tx,
    sql`with op as (${insert})
      select (select id from op) as op_id, l.user_id, l.kind, l.balance
      from (select 1) as one
      left join lateral (select user_id, kind, balance from wallets where (user_id, kind) in (${keys}) order by kind, user_id for update) as l on true`,
  );
  if (locked[0]?.op_id == null) return null;
  const found = locked.filter((r) => r.user_id !== null);
  // All there: post() uses these balances. A missing wallet row: post() locks (and creates it).
  if (found.length === order.length) lockedIn.set(tx, new Map(found.map((r) => [walletKey(r.user_id!, r.kind!), Number(r.balance)])));
  return Number(locked[0].op_id);
}

/** Adds facts to an operation's statement metadata once they are known (e.g. the row it created). */
async function setMeta(tx: Db, opId: number, meta: Record<string, unknown>) {
  await tx.update(ledgerOps).set({ meta }).where(eq(ledgerOps.id, opId));
}

async function findOp(db: Db, userId: number, key: string) {
  const [row] = await db
    .select({ id: ledgerOps.id, kind: ledgerOps.kind, fingerprint: ledgerOps.fingerprint, result: ledgerOps.result })
    .from(ledgerOps)
    .where(and(eq(ledgerOps.userId, userId), eq(ledgerOps.idemKey, key)))
    .limit(1);
  return row ?? null;
}

/**
 * The stored answer of an earlier operation with this key (null when there is none); refuses a
 * key first used for another kind of operation or another request.
 */
async function repeatOf<T>(db: Db, userId: number, key: string, kind: string, fingerprint: string | null): Promise<OpOutcome<T> | null> {
  const prior = await findOp(db, userId, key);
  return prior ? answerRepeat<T>(prior, kind, fingerprint) : null;
}

/** The ledger bound to a database: every service that moves money goes through `runOp` and `post`. */
export function createLedgerRepo(db: Db) {
  return {
    /**
     * Runs one money operation in a transaction with its idempotency key (see runOp above); the
     * work gets the transaction and the operation id to `post` its movements with.
     */
    runOp: <T>(spec: OpSpec, work: (tx: Tx, opId: number) => Promise<T>): Promise<OpOutcome<T>> => runOp(db, spec, work),
    /** Applies balanced movements inside the operation's transaction; throws (rolling back) when a wallet would go below zero. */
    post,
    /** `post`, plus the caller's own statements folded into the same round trip. */
    postWithTail,
    /** Adds facts to an operation's statement metadata once they are known. */
    setMeta,
    /** The stored answer of an earlier operation with this key (null when there is none). */
    repeatOf: <T>(userId: number, key: string, kind: string, fingerprint: string | null) => repeatOf<T>(db, userId, key, kind, fingerprint),
  };
}
export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
