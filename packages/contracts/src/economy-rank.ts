import { z } from 'zod';
import { defineCall } from './call.ts';
import { NOBLE_TIERS } from './economy.ts';
import { idField, userBriefSchema } from './economy-fields.ts';

// Leaderboards (from the ledger) and invites.

export const RANK_BOARDS = ['popularity', 'generosity'] as const;
export type RankBoard = (typeof RANK_BOARDS)[number];
export const RANK_PERIODS = ['day', 'week', 'month', 'all'] as const;
export type RankPeriod = (typeof RANK_PERIODS)[number];
export const RANK_SIZE = 50;

export const rankRowSchema = z.object({
  rank: z.number(),
  user: userBriefSchema.extend({ is_anchor: z.number(), wealth_level: z.number(), noble: z.enum(NOBLE_TIERS).nullable() }),
  /** Coins in the period, in tenths: received (popularity) or given (generosity). */
  value: z.number(),
});
export type RankRow = z.infer<typeof rankRowSchema>;

const periodField = z.preprocess((v) => (v === '' || v == null ? 'week' : v), z.enum(RANK_PERIODS, { error: 'economy.period_unknown' }));

export const leaderboard = defineCall({
  method: 'GET',
  path: 'api/Rank/getList',
  auth: false,
  input: z.object({
    board: z.preprocess((v) => (v === '' || v == null ? 'popularity' : v), z.enum(RANK_BOARDS, { error: 'economy.board_unknown' })),
    period: periodField,
  }),
  data: z.object({
    list: z.array(rankRowSchema),
    /** Daily totals of the whole board (UTC days) for the chart: the last 7 days (day, week) or 30 days (month, all). */
    series: z.array(z.object({ day: z.string(), value: z.number() })),
    from: z.string().nullable(),
  }),
});

/** Who gave most to one room (room id = the anchor's user id). */
export const roomRanking = defineCall({
  method: 'GET',
  path: 'api/Live_streaming/roomRanking',
  auth: false,
  input: z.object({ room_id: idField('economy.room_unknown'), type: periodField }),
  data: z.array(rankRowSchema),
});

// ── Invites ──

export const inviteInfoSchema = z.object({
  invite_code: z.string(),
  /** Registration link carrying the code. */
  invite_url: z.string(),
  friends: z.number(),
  tiers: z.array(z.object({ friends: z.number(), tier: z.enum(NOBLE_TIERS), reached: z.boolean(), claimed: z.boolean() })),
  /** Backpack gifts earned per friend, not yet claimed. */
  gifts_unclaimed: z.number(),
  /** Set when the caller was invited: the welcome bonus from the shared pool. */
  bonus: z.object({ amount: z.number(), claimed: z.boolean(), inviter: userBriefSchema }).nullable(),
  pool: z.object({ cap: z.number(), granted: z.number() }),
  recent: z.array(userBriefSchema.extend({ created_at: z.string() })),
});
export type InviteInfo = z.infer<typeof inviteInfoSchema>;

export const inviteInfo = defineCall({ method: 'GET', path: 'api/Invite/getInfo', auth: true, input: z.object({}), data: inviteInfoSchema });

/** Claims every reward due: noble tiers reached, backpack gifts per friend, the welcome bonus. */
export const inviteClaim = defineCall({
  method: 'POST',
  path: 'api/Invite/claim',
  auth: true,
  input: z.object({}),
  data: z.object({ tiers: z.array(z.enum(NOBLE_TIERS)), gifts: z.number(), bonus: z.number() }),
});
