// Plain values of the matches domain (no zod), so a first-loaded web chunk can use them
// without pulling the schema library in. matches.ts re-exports everything here.

export const SPORTS = ['football', 'basketball'] as const;
export type Sport = (typeof SPORTS)[number];
/** The `type` parameter of match calls and rows: 1 football, 2 basketball (0 = both where allowed). */
export const SportType = { football: 1, basketball: 2 } as const;
export const sportOfType = (t: number): Sport => (t === 2 ? 'basketball' : 'football');

/**
 * Match status. Football: 1 not started, 2 first half, 3 half-time, 4 second half, 5 extra time,
 * 6 extra-time break, 7 penalty shootout, 8 full-time. Basketball: 2–3 first and second quarter,
 * 4 half-time, 5–6 third and fourth quarter, 7 overtime. 9–13 abnormal for both.
 */
export const Status = {
  NOT_STARTED: 1,
  FIRST_HALF: 2,
  HALF_TIME: 3,
  SECOND_HALF: 4,
  EXTRA_TIME: 5,
  EXTRA_TIME_BREAK: 6,
  PENALTIES: 7,
  FINISHED: 8,
  POSTPONED: 9,
  INTERRUPTED: 10,
  CANCELLED: 11,
  UNDECIDED: 12,
  DELAYED: 13,
} as const;
export const BasketballStatus = { NOT_STARTED: 1, Q1: 2, Q2: 3, HALF_TIME: 4, Q3: 5, Q4: 6, OVERTIME: 7, FINISHED: 8 } as const;
export const isLive = (status: number) => status >= 2 && status <= 7;
export const isFinished = (status: number) => status === 8;
export const isAbnormal = (status: number) => status >= 9 && status <= 13;

/** Language-neutral status keys (clients localize them); `status_str` carries one of these. */
export const FOOTBALL_STATUS_KEYS: Record<number, string> = {
  1: 'not_started',
  2: 'first_half',
  3: 'half_time',
  4: 'second_half',
  5: 'extra_time',
  6: 'extra_time_break',
  7: 'penalties',
  8: 'full_time',
  9: 'postponed',
  10: 'interrupted',
  11: 'cancelled',
  12: 'undecided',
  13: 'delayed',
};
export const BASKETBALL_STATUS_KEYS: Record<number, string> = {
  ...FOOTBALL_STATUS_KEYS,
  2: 'q1',
  3: 'q2',
  4: 'half_time',
  5: 'q3',
  6: 'q4',
  7: 'overtime',
  8: 'finished',
};
export const statusKey = (sport: Sport, status: number) => (sport === 'basketball' ? BASKETBALL_STATUS_KEYS : FOOTBALL_STATUS_KEYS)[status] ?? 'undecided';

export const EVENT_KINDS = ['goal', 'penalty', 'own_goal', 'penalty_missed', 'yellow', 'red', 'yellow_red', 'sub'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export const GOAL_KINDS: readonly EventKind[] = ['goal', 'penalty', 'own_goal'];

export const EXPONENT_KINDS = ['asia', 'eu', 'bs'] as const;
export type ExponentKind = (typeof EXPONENT_KINDS)[number];

/** Local settings (spec §3) and their defaults. */
export const DEFAULT_GAME_SETTING = { red: true, yellow: true, voice: true } as const;
/**
 * `immediately` list options: value1 red and yellow cards, value2 half-time score and corners,
 * value3 odds (turns the score socket to classify 0 with the chosen company), value4 league ranks.
 */
export const DEFAULT_IMMEDIATELY = { value1: true, value2: true, value3: false, value4: false } as const;
export const HEARTBEAT_MS = 30_000;
export const GOAL_SOUND_MS = 6_000;

export const PICKS = { eu: ['home', 'draw', 'away'], asia: ['home', 'away'], bs: ['over', 'under'] } as const;
export const FORESIGHT_TITLE_MIN = 5;
export const FORESIGHT_TITLE_MAX = 30;
export const FORESIGHT_ANALYSIS_MAX = 2000;
/** Result: 0 pending, 1 hit, 2 missed, 3 void (push, or the match did not finish normally). */
export const ForesightResult = { PENDING: 0, HIT: 1, MISS: 2, VOID: 3 } as const;

/** Frame codes of the score socket: data, register answer, heartbeat answer, error. */
export const SocketCode = { DATA: 100, REGISTERED: 101, PONG: 102, ERROR: 1 } as const;
