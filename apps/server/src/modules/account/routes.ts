import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as calls from '@livesports/contracts/account';
import { answer, route } from '../../platform/route.ts';
import type { AccountService } from './service.ts';
import { SESSION_TTL_DAYS } from './service.ts';

export interface AccountRouteOptions {
  service: AccountService;
  /** Scales the per-IP limits (0 turns them off). */
  rateLimitScale: number;
}

const byIp = (req: FastifyRequest) => req.ip;
/** Brute force is per account as much as per address: key on both. */
const byIpAndEmail = (req: FastifyRequest) => `${req.ip}|${String((req.body as { mobile?: unknown } | undefined)?.mobile ?? '').toLowerCase()}`;

/**
 * The session in the `token` cookie the spec names, HttpOnly (page scripts never read it, so an
 * injected script cannot take the session away) and Secure on https; beside it a `logged_in`
 * marker the page may read to know it is logged in. API clients use the token from the answer.
 * SameSite=Strict (issue #51 item 1): no request another site starts carries the session, not even
 * a top-level link. Nothing needs it there: every page is the web app, which asks the API from the
 * site itself; the social login comes back to a page that logs in with a call of its own.
 */
function setTokenCookie(reply: FastifyReply, token: string, secure: boolean) {
  const opts = { path: '/', sameSite: 'strict' as const, secure, maxAge: SESSION_TTL_DAYS * 86400 };
  reply.setCookie('token', token, { ...opts, httpOnly: true });
  reply.setCookie('logged_in', '1', opts);
}

export async function accountRoutes(app: FastifyInstance, opts: AccountRouteOptions) {
  const { service } = opts;
  const secureCookies = app.config.publicUrl.startsWith('https://');
  const limit = (max: number, keyGenerator: (req: FastifyRequest) => string = byIp) =>
    opts.rateLimitScale > 0 ? { rateLimit: { max: Math.ceil(max * opts.rateLimitScale), timeWindow: '1 minute', keyGenerator } } : {};
  /** Login: 10 a minute per account and address, and 60 a minute per address whatever the account. */
  const loginLimits =
    opts.rateLimitScale > 0
      ? { ...limit(10, byIpAndEmail), alsoLimit: { max: Math.ceil(60 * opts.rateLimitScale), timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => `login|${req.ip}` } }
      : {};

  route(app, calls.getCode, (input, { req }) => service.requestCode(input, req.lang).then((d) => answer(d, 'auth.code_sent')), limit(5));

  route(app, calls.registered, (input) => service.register(input).then(() => answer(null, 'auth.register_success')), limit(10));

  route(
    app,
    calls.login,
    async (input, { reply }) => {
      const result = 'type' in input ? await service.loginThirdParty(input) : await service.login(input);
      setTokenCookie(reply, result.token, secureCookies);
      return answer(result, 'auth.login_success');
    },
    // Guessing one account, or trying many accounts from one address (credential stuffing).
    loginLimits,
  );

  route(app, calls.loginWithTwitter, (input) => service.startThirdParty(input.redirect), limit(20));

  route(app, calls.forgotPassword, (input) => service.forgotPassword(input).then(() => answer(null, 'auth.password_modified')), limit(10));

  route(app, calls.userInfo, (_input, { user }) => service.info(user));

  route(app, calls.signOut, async (_input, { user, reply }) => {
    await service.signOut(user);
    reply.clearCookie('token', { path: '/' });
    reply.clearCookie('logged_in', { path: '/' });
    return answer(null, 'auth.logout_success');
  });

  route(app, calls.memberInfo, (_input, { user }) => service.memberInfo(user));

  route(app, calls.updateInfo, (input, { user }) => service.updateInfo(user, input).then((d) => answer(d, 'member.updated')));

  route(app, calls.avatarList, async () => service.avatarList());

  route(app, calls.paymentPassword, (input, { user }) => service.setPaymentPassword(user, input).then(() => answer(null, 'member.pay_password_set')));

  route(app, calls.changePassword, (input, { user }) => service.changePassword(user, input).then(() => answer(null, 'auth.password_modified')), limit(10));

  route(app, calls.getQiniuToken, async (_input, { user }) => service.uploadToken(user));
}
