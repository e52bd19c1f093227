import type { NobleTier } from '@livesports/contracts/economy';
import type { Db } from '../../db/client.ts';
import { sqlErrorOf } from '../../db/sql-error.ts';

// The gift send's repository: a gift paid from the wallet, in ONE statement (one round trip, its own transaction): the
// sender's session is checked again (the route may have taken it from the auth cache: a token
// logged out since moves nothing), the sender and the room's anchor are read, the idempotency
// key checked, the sender's wallet debited only if it holds enough (the guard is re-checked on
// the newest row version under the row lock), the anchor's income credited, one double-entry
// ledger row per movement written, wealth and anchor experience added, the send recorded with
// its combo, and the operation stored with its key, its statement facts and its result. Every
// write hangs off the debit, so when the wallet is short nothing at all is written; a key that
// another send committed in the meantime makes the operation's insert fail on the unique index,
// and the whole statement rolls back. On PostgreSQL each text is prepared once per connection.
//
// Lock order. Wallets are locked in the ledger's global order (consumption before income, see
// ledger.repo.ts): a send takes the sender's consumption wallet, then the anchor's income wallet. The
// anchor's rows (income wallet, user row) are the hot ones: every send to the room waits for
// them. A fan (not an anchor) never receives gifts, so a fan's user row is never anyone's late
// lock: FAN_FIRST takes the sender's rows first and the anchor's last, right before the share's
// ledger row, which keeps the room's rows locked for the shortest time. An anchor who gives can
// also be given to, so SORTED locks both wallets first and then both user rows in id order: two
// anchors gifting each other at once never wait on each other in a circle. Should a deadlock
// still happen, PostgreSQL aborts one statement whole; a send is then simply run again.

/** Reads and checks shared by both texts ($1 sender, $2 room/anchor, $7 key, $9 now, $12 session). */
const HEAD = `
with
s as (
  select u.id, u.nickname, u.avatar, u.is_anchor, n.tier
    from users u left join noble_memberships n on n.user_id = u.id and n.expires_at > $9::timestamptz
   where u.id = $1::int),
a as (select u.id, u.nickname from users u where u.id = $2::int and u.is_anchor = 1 and u.id <> $1::int),
session as (
  select 1 where $12::int is null or exists (
    select 1 from sessions ss join users su on su.id = ss.user_id
     where ss.id = $12::int and ss.user_id = $1::int and ss.expires_at > $9::timestamptz and su.status = 1)),
prior as (select 1 from ledger_ops where user_id = $1::int and idem_key = $7::text),`;

/** The send record and the operation (with its stored result), after the debit and the wealth. */
const SENT_AND_OP = `
sent as (
  insert into gift_sends (op_id, sender_id, room_id, gift_id, num, total, source, combo, created_at)
  select ids.id, $1::int, $2::int, $3::int, $4::int, $5::bigint, 'wallet',
         coalesce((select g.combo from gift_sends g
                    where g.sender_id = $1::int and g.room_id = $2::int and g.gift_id = $3::int and g.created_at > $10::timestamptz
                    order by g.created_at desc, g.id desc limit 1), 0) + $4::int,
         $9::timestamptz
    from ids
  returning combo),
op as (
  insert into ledger_ops (id, kind, user_id, idem_key, fingerprint, meta, result)
  select ids.id, 'gift', $1::int, $7::text, $8::text,
         jsonb_build_object('gift', $11::jsonb, 'num', $4::int, 'sender', s.nickname, 'anchor', a.nickname),
         jsonb_build_object('gift_id', $3::int, 'num', $4::int, 'total', $5::bigint, 'balance', debit.balance,
                            'backpack_left', null, 'combo', sent.combo, 'wealth_exp', wealth.wealth_exp)
    from ids, debit, sent, wealth, s, a
   where (select count(*) from cut) = case when $5::bigint > $6::bigint then 1 else 0 end
  returning id, result),`;

/**
 * The answer row. Its subqueries run in this order, which is the order of the work: the
 * operation (debit, wealth, send record), then the ledger rows (credit), then anchor experience.
 */
const TAIL = `
select s.id as sender_id, s.nickname as sender_nickname, s.avatar as sender_avatar, s.tier as sender_tier,
       s.is_anchor = 1 as sender_is_anchor, a.id as anchor_id, a.nickname as anchor_nickname,
       exists (select 1 from session) as session_ok,
       exists (select 1 from prior) as repeated,
       (select result from op) as result,
       (select count(*) from cut) + (select count(*) from entries)::int as entries,
       (select count(*) from anchor_exp)::int as anchor_rows,
       case when (select result from op) is null
            then (select count(*) from wallets w
                   where (w.user_id = $1::int and w.kind = 'consumption') or (w.user_id = $2::int and w.kind = 'income'))
            else 2 end::int as wallets
  from (select 1) as one left join s on true left join a on true`;

/**
 * The ledger rows: the platform's cut is written with the operation (it needs no lock of the
 * anchor's), the anchor's share right after the credit. Each row carries the sender's balance
 * after it, so the share (written last) ends on the wallet's final balance. The share row takes
 * `to_user_id` from the credit itself: were the credit ever missing, the row would break the
 * ledger's user-side check and abort the whole statement rather than record half a movement.
 */
const PLATFORM_ENTRY = `
ids as (select nextval('ledger_ops_id_seq'::regclass) as id from debit),
cut as (
  insert into ledger_entries (op_id, kind, from_user_id, from_account, to_user_id, to_account, amount, from_balance_after, to_balance_after, room_id)
  select ids.id, 'gift', $1::int, 'consumption', null, 'platform', $5::bigint - $6::bigint, debit.balance + $6::bigint, null, $2::int
    from ids, debit where $5::bigint > $6::bigint
  returning 1),`;
const SHARE_ENTRY = `
entries as (
  insert into ledger_entries (op_id, kind, from_user_id, from_account, to_user_id, to_account, amount, from_balance_after, to_balance_after, room_id)
  select op.id, 'gift', $1::int, 'consumption', (select $2::int from credit), 'income', $6::bigint, debit.balance, (select c.balance from credit c), $2::int
    from op, debit where $6::bigint > 0
  returning 1),`;

/** Everything after the debit, the same in both orders: wealth, both ledger rows, the records, the anchor's credit and exp. */
const AFTER_DEBIT = `wealth as (
  update users set wealth_exp = users.wealth_exp + $5::bigint from debit where users.id = $1::int
  returning users.wealth_exp),
${PLATFORM_ENTRY}
${SENT_AND_OP}
credit as (
  update wallets set balance = wallets.balance + $6::bigint, updated_at = now()
    from op
   where wallets.user_id = $2::int and wallets.kind = 'income'
  returning wallets.balance),
${SHARE_ENTRY}
anchor_exp as (
  update users set anchor_exp = users.anchor_exp + floor($5::bigint / 10)::int from credit where users.id = $2::int
  returning 1)`;

const FAN_FIRST = {
  name: 'economy_gift_send_fan_v6',
  text: `${HEAD}
go as (select 1 from s, a, session where s.is_anchor = 0 and not exists (select 1 from prior)),
debit as (
  update wallets set balance = balance - $5::bigint, updated_at = now()
   where user_id = $1::int and kind = 'consumption' and balance >= $5::bigint
     and exists (select 1 from go)
     and exists (select 1 from wallets x where x.user_id = $2::int and x.kind = 'income')
  returning balance),
${AFTER_DEBIT}
${TAIL}`,
};

const SORTED = {
  name: 'economy_gift_send_sorted_v6',
  text: `${HEAD}
go as (select 1 from s, a, session where not exists (select 1 from prior)),
locked as (
  select w.user_id, w.kind from wallets w
   where exists (select 1 from go)
     and ((w.user_id = $1::int and w.kind = 'consumption') or (w.user_id = $2::int and w.kind = 'income'))
   order by w.kind, w.user_id
   for update),
people as (
  select u.id from users u
   where u.id in ($1::int, $2::int) and (select count(*) from locked) = 2
   order by u.id
   for no key update),
debit as (
  update wallets set balance = balance - $5::bigint, updated_at = now()
   where user_id = $1::int and kind = 'consumption' and balance >= $5::bigint
     and (select count(*) from people) = 2
  returning balance),
${AFTER_DEBIT}
${TAIL}`,
};

export interface WalletSendInput {
  senderId: number;
  roomId: number;
  giftId: number;
  num: number;
  /** Tenths: the full price, and the anchor's share of it. */
  total: number;
  share: number;
  key: string;
  fingerprint: string;
  /** Picks the lock order (see above); a stale answer is corrected by the statement itself. */
  senderIsAnchor: boolean;
  /** The session the request came with: it must still be open (and its account enabled); null = not checked (seeding, tests). */
  sessionId: number | null;
  now: Date;
  since: Date;
  giftNames: { zh: string; en: string; es: string };
}

export interface WalletSendRow {
  sender_id: number | null;
  sender_nickname: string | null;
  sender_avatar: string | null;
  sender_tier: NobleTier | null;
  /** The sender is an anchor (the fan-first text then moved nothing: run the sorted one). */
  sender_is_anchor: boolean;
  anchor_id: number | null;
  anchor_nickname: string | null;
  /** The session is still open and its account enabled; nothing moves otherwise. */
  session_ok: boolean;
  /** The key was already used by a committed operation: nothing moved. */
  repeated: boolean;
  /** How many of the two wallet rows exist (2 unless a row is missing; then nothing moved). */
  wallets: number;
  /** The stored result when the money moved; null otherwise. */
  result: Record<string, unknown> | null;
}

interface RawClient {
  query(q: unknown, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The driver under Drizzle (node-postgres pool or PGlite), when the Db is a root database. */
function clientOf(db: Db): { client: RawClient; named: boolean } | null {
  const client = (db as unknown as { $client?: RawClient & { totalCount?: number } }).$client;
  if (!client || typeof client.query !== 'function') return null;
  // node-postgres pools keep named (prepared) statements per connection; PGlite runs in process.
  return { client, named: typeof client.totalCount === 'number' };
}

/** The one-statement send bound to a database (used by the gifts repository). */
export function createGiftSendRepo(db: Db) {
  return {
    /** True when the one-statement send can run on this database handle. */
    canSendInOneStatement: () => clientOf(db) !== null,
    sendFromWallet: (s: WalletSendInput) => sendFromWallet(db, s),
  };
}

async function sendFromWallet(db: Db, s: WalletSendInput): Promise<WalletSendRow> {
  const c = clientOf(db);
  if (!c) throw new Error('economy: no driver client for the one-statement send');
  const values = [s.senderId, s.roomId, s.giftId, s.num, s.total, s.share, s.key, s.fingerprint, s.now.toISOString(), s.since.toISOString(), JSON.stringify(s.giftNames), s.sessionId];
  const run = async (q: { name: string; text: string }) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const res = c.named ? await c.client.query({ name: q.name, text: q.text, values }) : await c.client.query(q.text, values);
        return toRow(res.rows[0] as Record<string, unknown>);
      } catch (err) {
        // The statement is its own transaction and rolled back whole: running it again is safe.
        if (attempt < 3 && (err as { code?: string }).code === '40P01') continue;
        throw err;
      }
    }
  };
  if (s.senderIsAnchor) return run(SORTED);
  const row = await run(FAN_FIRST);
  // The sender became an anchor since the route resolved them: nothing moved; take the sorted path.
  return row.sender_is_anchor && !row.result ? run(SORTED) : row;
}

function toRow(r: Record<string, unknown>): WalletSendRow {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const bool = (v: unknown) => v === true || v === 't';
  const result = (typeof r.result === 'string' ? JSON.parse(r.result) : r.result) as Record<string, unknown> | null;
  return {
    sender_id: num(r.sender_id),
    sender_nickname: (r.sender_nickname as string | null) ?? null,
    sender_avatar: (r.sender_avatar as string | null) ?? null,
    sender_tier: (r.sender_tier as NobleTier | null) ?? null,
    sender_is_anchor: bool(r.sender_is_anchor),
    anchor_id: num(r.anchor_id),
    anchor_nickname: (r.anchor_nickname as string | null) ?? null,
    session_ok: bool(r.session_ok),
    repeated: bool(r.repeated),
    wallets: Number(r.wallets ?? 0),
    result,
  };
}

/** The unique-index error of a key committed by a concurrent operation (both drivers carry the SQLSTATE). */
export function isKeyConflict(err: unknown): boolean {
  const e = sqlErrorOf(err, '23505');
  return !!e && (!e.constraint || e.constraint === 'ledger_ops_idem_uq');
}
