import { z } from 'zod';
import { defineCall } from './call.ts';

// Slider captcha (spec §1/§5): the server draws a picture with a gap, the user drags the piece
// into it, and the server checks the position and the drag trace before issuing a one-time ticket.
// The gap is found in two dimensions (x and y) with one try per puzzle: a blind guess has about a
// 1 in 180 chance, where a horizontal-only slider gives about 1 in 15 over three tries.
export const CAPTCHA_WIDTH = 320;
export const CAPTCHA_HEIGHT = 160;
export const CAPTCHA_PIECE = 48;
export const CAPTCHA_TICKET_TTL_SECONDS = 120;
export const CAPTCHA_CHALLENGE_TTL_SECONDS = 120;

export const getCaptcha = defineCall({
  method: 'GET',
  path: 'api/captcha/get',
  auth: false,
  input: z.object({}),
  data: z.object({
    id: z.string(),
    /** Background with the gap cut out, as a data: URL (PNG). */
    bg: z.string(),
    /** The piece to drag, as a data: URL (PNG), CAPTCHA_PIECE square plus its knob margin. */
    piece: z.string(),
    /** Where the piece rests before the drag (its top-left, px from the picture's top-left). */
    startX: z.number(),
    startY: z.number(),
    width: z.number(),
    height: z.number(),
  }),
});

/** One sample of the drag: x offset in px, y offset in px, ms since the drag began. */
export const tracePoint = z.tuple([z.number(), z.number(), z.number()]);

export const checkCaptcha = defineCall({
  method: 'POST',
  path: 'api/captcha/check',
  auth: false,
  input: z.object({
    id: z.string().min(1, 'captcha.expired'),
    /** Where the piece was dropped: its top-left, px from the picture's top-left. */
    x: z.coerce.number({ error: 'captcha.failed' }),
    y: z.coerce.number({ error: 'captcha.failed' }),
    trace: z.array(tracePoint, { error: 'captcha.failed' }).max(1000, 'captcha.failed'),
  }),
  /** ret 0 = passed, and the ticket to send with login or register. */
  data: z.object({ ret: z.number(), ticket: z.string() }),
});
