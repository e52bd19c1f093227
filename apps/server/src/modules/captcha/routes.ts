import type { FastifyInstance } from 'fastify';
import * as calls from '@livesports/contracts/captcha';
import { route } from '../../platform/route.ts';
import type { CaptchaService } from './service.ts';

export interface CaptchaRouteOptions {
  service: CaptchaService;
  /** Scales the per-IP limits (0 turns them off). */
  rateLimitScale: number;
}

/** Per IP and minute. Each puzzle costs a drawing and a row, each check a row update: a person needs a handful. */
const GETS_PER_MINUTE = 30;
const CHECKS_PER_MINUTE = 30;

export async function captchaRoutes(app: FastifyInstance, opts: CaptchaRouteOptions) {
  const { service } = opts;
  const limit = (max: number) => (opts.rateLimitScale > 0 ? { rateLimit: { max: Math.ceil(max * opts.rateLimitScale), timeWindow: '1 minute' } } : {});

  route(app, calls.getCaptcha, () => service.issue(), limit(GETS_PER_MINUTE));
  route(app, calls.checkCaptcha, (input) => service.check(input), limit(CHECKS_PER_MINUTE));
}
