import type { NobleTier } from '@livesports/contracts/economy';
import type { Db } from '../../db/client.ts';

// A gift paid from the wallet, in ONE statement (one round trip, its own transaction): the
// sender's session is checked again (the route may have taken it from the auth cache: a token
// logged out since moves nothing), the sender and the room's anchor are read and the idempotency
// key checked; both wallets are locked
// in (user id, kind) order like every other money operation, then both people's rows (wealth and
// anchor experience) in id order, so two anchors gifting each other at once never wait on each
// other in a circle; the sender's wallet is debited only if it holds enough (the guard is
// re-checked on the newest row version under the lock), the anchor's income credited, one
// double-entry ledger row per movement written, wealth and anchor experience added, the send
// recorded with its combo, and the operation stored with its key, its statement facts and its
// result. Every write hangs off the debit, so when the wallet is short nothing at all is
// written; a key that another send committed in the meantime makes the operation's insert fail
// on the unique index, and the whole statement rolls back.
// On PostgreSQL the statement is prepared once per connection (parsed and planned once).

const STATEMENT_NAME = 'economy_gift_send_v3';

const TEXT = `
with
s as (
  select u.id, u.nickname, u.avatar, n.tier
    from users u left join noble_memberships n on n.user_id = u.id and n.expires_at > $9::timestamptz
   where u.id = $1::int),
a as (select u.id, u.nickname from users u where u.id = $2::int and u.is_anchor = 1 and u.id <> $1::int),
session as (
  select 1 where $12::int is null or exists (
    select 1 from sessions ss join users su on su.id = ss.user_id
     where ss.id = $12::int and ss.user_id = $1::int and ss.expires_at > $9::timestamptz and su.status = 1)),
prior as (select 1 from ledger_ops where user_id = $1::int and idem_key = $7::text),
go as (select 1 from s, a, session where not exists (select 1 from prior)),
locked as (
  select w.user_id, w.kind from wallets w
   where exists (select 1 from go)
     and ((w.user_id = $1::int and w.kind = 'consumption') or (w.user_id = $2::int and w.kind = 'income'))
   order by w.user_id, w.kind
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
credit as (
  update wallets set balance = wallets.balance + $6::bigint, updated_at = now()
    from debit
   where wallets.user_id = $2::int and wallets.kind = 'income'
  returning wallets.balance),
ids as (select nextval('ledger_ops_id_seq'::regclass) as id from debit),
entries as (
  insert into ledger_entries (op_id, kind, from_user_id, from_account, to_user_id, to_account, amount, from_balance_after, to_balance_after, room_id)
  select ids.id, 'gift', $1::int, 'consumption', $2::int, 'income', $6::bigint, debit.balance + ($5::bigint - $6::bigint), credit.balance, $2::int
    from ids, debit, credit where $6::bigint > 0
  union all
  select ids.id, 'gift', $1::int, 'consumption', null, 'platform', $5::bigint - $6::bigint, debit.balance, null, $2::int
    from ids, debit where $5::bigint > $6::bigint),
wealth as (
  update users set wealth_exp = users.wealth_exp + $5::bigint from debit where users.id = $1::int
  returning users.wealth_exp),
anchor_exp as (
  update users set anchor_exp = users.anchor_exp + floor($5::bigint / 10)::int from debit where users.id = $2::int
  returning users.anchor_exp),
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
  returning result)
select s.id as sender_id, s.nickname as sender_nickname, s.avatar as sender_avatar, s.tier as sender_tier,
       a.id as anchor_id, a.nickname as anchor_nickname,
       exists (select 1 from session) as session_ok,
       exists (select 1 from prior) as repeated,
       (select count(*) from locked)::int as locked,
       (select result from op) as result
  from (select 1) as one left join s on true left join a on true`;

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
  anchor_id: number | null;
  anchor_nickname: string | null;
  /** The session is still open and its account enabled; nothing moves otherwise. */
  session_ok: boolean;
  /** The key was already used by a committed operation: nothing moved. */
  repeated: boolean;
  /** Wallet rows locked (2 when both exist and the send went ahead to the balance check). */
  locked: number;
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

/** True when the one-statement send can run on this database handle. */
export const canSendInOneStatement = (db: Db) => clientOf(db) !== null;

export async function sendFromWallet(db: Db, s: WalletSendInput): Promise<WalletSendRow> {
  const c = clientOf(db);
  if (!c) throw new Error('economy: no driver client for the one-statement send');
  const values = [s.senderId, s.roomId, s.giftId, s.num, s.total, s.share, s.key, s.fingerprint, s.now.toISOString(), s.since.toISOString(), JSON.stringify(s.giftNames), s.sessionId];
  const res = c.named ? await c.client.query({ name: STATEMENT_NAME, text: TEXT, values }) : await c.client.query(TEXT, values);
  const r = res.rows[0] as Record<string, unknown>;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    sender_id: num(r.sender_id),
    sender_nickname: (r.sender_nickname as string | null) ?? null,
    sender_avatar: (r.sender_avatar as string | null) ?? null,
    sender_tier: (r.sender_tier as NobleTier | null) ?? null,
    anchor_id: num(r.anchor_id),
    anchor_nickname: (r.anchor_nickname as string | null) ?? null,
    session_ok: r.session_ok === true || r.session_ok === 't',
    repeated: r.repeated === true || r.repeated === 't',
    locked: Number(r.locked ?? 0),
    result: (typeof r.result === 'string' ? JSON.parse(r.result) : r.result) as Record<string, unknown> | null,
  };
}

/** The unique-index error of a key committed by a concurrent operation (both drivers carry the SQLSTATE). */
export function isKeyConflict(err: unknown): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && (!e.constraint || e.constraint === 'ledger_ops_idem_uq')) return true;
  }
  return false;
}
