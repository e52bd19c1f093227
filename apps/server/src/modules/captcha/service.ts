import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { CallData } from '@livesports/contracts/call';
import { CAPTCHA_CHALLENGE_TTL_SECONDS, CAPTCHA_HEIGHT, CAPTCHA_TICKET_TTL_SECONDS, CAPTCHA_WIDTH, type checkCaptcha, type getCaptcha } from '@livesports/contracts/captcha';
import type { Clock } from '../../platform/clock.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { badInput } from '../../platform/errors.ts';
import { PIECE_SIZE, drawPuzzle } from './image.ts';
import type { CaptchaRepo } from './repo.ts';

export type CaptchaPuzzle = CallData<typeof getCaptcha>;
export type CaptchaAnswer = z.output<typeof checkCaptcha.input>;
export type TracePoint = CaptchaAnswer['trace'][number];

/**
 * Tries one puzzle survives; the next try answers 'captcha.expired'. One: a miss costs a new
 * puzzle (fetched by the widget on its own), and puzzles per address are rate-limited, so a
 * blind guesser pays for every guess.
 */
export const CAPTCHA_MAX_ATTEMPTS = 1;
/**
 * How far from the gap, in px and along each axis, the piece may be dropped. With the gap's
 * 171 × 85 possible places, a blind drop lands within ±4 of both with p = 9/171 · 9/85 ≈ 0.56 %.
 */
export const CAPTCHA_TOLERANCE_PX = 4;

// Rules of a human-looking drag (see judgeTrace).
export const TRACE_MIN_SAMPLES = 5;
export const TRACE_MIN_DURATION_MS = 150;
export const TRACE_MIN_INTERVALS = 3;
export const TRACE_END_SLACK_PX = 3;
export const TRACE_MIN_SPEED_CV = 0.1;

/** The gap never starts under the piece's resting place and never touches the picture's edges. */
const GAP_MIN_X = PIECE_SIZE + 10;
const GAP_MAX_X = CAPTCHA_WIDTH - PIECE_SIZE - 4;
const GAP_MIN_Y = 4;
const GAP_MAX_Y = CAPTCHA_HEIGHT - PIECE_SIZE - 4;
/** Where the piece rests before the drag: the left edge, halfway down. */
export const START_X = 0;
export const START_Y = Math.round((CAPTCHA_HEIGHT - PIECE_SIZE) / 2);
/** Sweeping is a DELETE over the table: once a minute per process is plenty. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Why a drag trace does not look like a person's, or null when it does. Samples are [x, y, ms]:
 * the offsets from where the drag began and the time since it began; (dx, dy) is where the piece
 * was dropped, as an offset from its resting place. A trace passes when
 *  1. it has at least TRACE_MIN_SAMPLES (5) samples, every value a finite number;
 *  2. time never goes backwards (equal stamps are fine: events can share a millisecond);
 *  3. last ms − first ms is at least TRACE_MIN_DURATION_MS (150) and under the challenge TTL (120 s);
 *  4. the last sample is within TRACE_END_SLACK_PX (3) of the drop, along each axis;
 *  5. the speed is not constant: samples sharing a time stamp are merged, the speed |Δ(x,y)|/Δt of each
 *     remaining interval is taken, there must be at least TRACE_MIN_INTERVALS (3) of them, their mean
 *     must be above zero, and their coefficient of variation (population std / mean) at least
 *     TRACE_MIN_SPEED_CV (0.1).
 * A real drag has far more variance than that (it speeds up, slows into the gap, pauses). So does
 * Playwright's `mouse.down(); mouse.move(x, y, { steps: 20 }); waitForTimeout(≥150); mouse.up()`, where
 * the pause before release is one slow interval among fast ones. An even ramp of equal steps at equal
 * ticks fails, even with pixel rounding (CV ≈ 0.06).
 */
export function judgeTrace(trace: readonly TracePoint[], dx: number, dy: number): string | null {
  if (trace.length < TRACE_MIN_SAMPLES) return 'too few samples';
  if (!trace.every((p) => p.every(Number.isFinite))) return 'not a number';
  for (let i = 1; i < trace.length; i++) if (trace[i][2] < trace[i - 1][2]) return 'time goes backwards';
  const first = trace[0];
  const last = trace[trace.length - 1];
  const duration = last[2] - first[2];
  if (duration < TRACE_MIN_DURATION_MS) return 'too fast';
  if (duration >= CAPTCHA_CHALLENGE_TTL_SECONDS * 1000) return 'too slow';
  if (Math.abs(last[0] - dx) > TRACE_END_SLACK_PX || Math.abs(last[1] - dy) > TRACE_END_SLACK_PX) return 'trace does not end at the drop';

  const speeds: number[] = [];
  let from = first;
  for (const p of trace) {
    if (p[2] === from[2]) continue;
    speeds.push(Math.hypot(p[0] - from[0], p[1] - from[1]) / (p[2] - from[2]));
    from = p;
  }
  if (speeds.length < TRACE_MIN_INTERVALS) return 'too few intervals';
  const mean = speeds.reduce((s, v) => s + v, 0) / speeds.length;
  if (mean <= 0) return 'no movement';
  const variance = speeds.reduce((s, v) => s + (v - mean) ** 2, 0) / speeds.length;
  if (Math.sqrt(variance) / mean < TRACE_MIN_SPEED_CV) return 'constant speed';
  return null;
}

/** Where a new puzzle's gap goes: anywhere clear of the resting piece and the picture's edges. */
export function randomGap() {
  return { gapX: randomInt(GAP_MIN_X, GAP_MAX_X + 1), gapY: randomInt(GAP_MIN_Y, GAP_MAX_Y + 1) };
}

export function createCaptchaService(deps: { repo: CaptchaRepo; clock: Clock }) {
  const { repo, clock } = deps;
  let lastSweep = Number.NEGATIVE_INFINITY;

  /** Cheap housekeeping on the way: old rows would otherwise pile up with every page view. */
  async function sweep(now: Date) {
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now.getTime();
    await repo.deleteExpired(now);
  }

  return {
    async issue(): Promise<CaptchaPuzzle> {
      const now = clock.now();
      await sweep(now);
      const { gapX, gapY } = randomGap();
      const { bg, piece } = await drawPuzzle(gapX, gapY);
      const id = randomToken(16);
      await repo.insert({ id, gapX, gapY, expiresAt: new Date(now.getTime() + CAPTCHA_CHALLENGE_TTL_SECONDS * 1000) });
      return { id, bg, piece, startX: START_X, startY: START_Y, width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT };
    },

    /**
     * One try at a puzzle. Unknown, expired, solved or burnt puzzles answer 'captcha.expired' (the
     * client fetches a new one); a wrong spot or a robotic trace answers 'captcha.failed', without
     * saying which, so a bot learns nothing from the difference.
     */
    async check(input: CaptchaAnswer): Promise<{ ret: number; ticket: string }> {
      const now = clock.now();
      const challenge = await repo.takeAttempt(input.id, CAPTCHA_MAX_ATTEMPTS, now);
      if (!challenge) throw badInput('captcha.expired');
      const near = Math.abs(input.x - challenge.gapX) <= CAPTCHA_TOLERANCE_PX && Math.abs(input.y - challenge.gapY) <= CAPTCHA_TOLERANCE_PX;
      if (!near || judgeTrace(input.trace, input.x - START_X, input.y - START_Y) !== null) {
        throw badInput('captcha.failed');
      }
      const ticket = randomToken();
      const ticketExpiresAt = new Date(now.getTime() + CAPTCHA_TICKET_TTL_SECONDS * 1000);
      if (!(await repo.markSolved(input.id, sha256(ticket), ticketExpiresAt, now))) throw badInput('captcha.expired');
      return { ret: 0, ticket };
    },

    /** Login and register spend their ticket here; true once per ticket, never after it expires. */
    async consumeTicket(ticket: string): Promise<boolean> {
      if (!ticket) return false;
      return repo.useTicket(sha256(ticket), clock.now());
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
