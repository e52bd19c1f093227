import { z } from 'zod';
import { SPORTS } from './matches-constants.ts';
import { exponentRowSchema, matchRowSchema } from './matches-rows.ts';

// ---------------------------------------------------------------------------------------------
// Score push socket (/ws/score), spec §3 "Socket messages" and §4 "Push connection".

/** Client → server. */
export const socketClientMessage = z.discriminatedUnion('type', [
  /** info: { lang?, token? } or any string; answered with code 101 and a snapshot of the matches. */
  z.object({ type: z.literal('register'), info: z.unknown().optional() }),
  /** Which bookmaker's odds this client wants in football_exponent / basketball_exponent frames. */
  z.object({ type: z.literal('toggle'), company_id: z.coerce.number().int().positive() }),
  /** 0: scores and odds (of the toggled company); 1: scores only. */
  z.object({ type: z.literal('classify'), classify_type: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])) }),
  z.object({ type: z.literal('heartbeat') }),
]);
export type SocketClientMessage = z.infer<typeof socketClientMessage>;

/** Goal and card alerts (spec §3 goal event, plus the other languages' names). */
export const alertFrameSchema = z.object({
  type: z.enum(['goal', 'red_card', 'yellow_card']),
  match_id: z.number(),
  sport: z.enum(SPORTS),
  iszhu: z.number(),
  match_str: z.string(),
  player: z.string(),
  home_team_name_zh: z.string(),
  away_team_name_zh: z.string(),
  home_team_name_en: z.string(),
  away_team_name_en: z.string(),
  home_team_name_es: z.string(),
  away_team_name_es: z.string(),
  home_score: z.number(),
  away_score: z.number(),
  event_id: z.number(),
});
export type AlertFrame = z.infer<typeof alertFrameSchema>;

/** Data of a code-100 frame: match rows, odds rows (snapshot: the full set after register) or an alert. */
export const scoreFrameDataSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['football_match', 'basketball_match']), snapshot: z.boolean(), list: z.array(matchRowSchema) }),
  z.object({ type: z.enum(['football_exponent', 'basketball_exponent']), snapshot: z.boolean(), company_id: z.number(), list: z.array(exponentRowSchema) }),
  alertFrameSchema,
]);
export type ScoreFrameData = z.infer<typeof scoreFrameDataSchema>;

/** Server → client on /ws/score; `data` is read with scoreFrameDataSchema when code is SocketCode.DATA. */
export const scoreServerFrame = z.object({ code: z.number(), msg: z.string(), data: z.unknown() });

export interface ScoreFrame {
  code: number;
  msg: string;
  data: ScoreFrameData | Record<string, unknown> | null;
}
