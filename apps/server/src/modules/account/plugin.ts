import fp from 'fastify-plugin';
import { createGoogleLogin } from './oauth.ts';
import { createAccountRepo } from './repo.ts';
import { accountRoutes } from './routes.ts';
import { type AccountService, type SessionsEnded, createAccountService } from './service.ts';

/** Bus channel: sessions that just ended (JSON SessionsEnded); the chat closes their sockets. */
export const SESSIONS_ENDED = 'account.sessions_ended';
export type { SessionsEnded };

declare module 'fastify' {
  interface FastifyInstance {
    account: AccountService;
  }
}

/**
 * Accounts and sessions: registration by mailed code, login (password or OpenID Connect), the
 * member's profile. It plugs its session lookup into the platform's auth hook, and takes the
 * captcha's one-time tickets through the captcha module's decorator.
 */
export const accountModule = fp(
  async (app) => {
    const { config, clock } = app;
    const db = app.database.db;
    const thirdParty = createGoogleLogin({
      issuer: config.OAUTH_GOOGLE_ISSUER,
      clientId: config.OAUTH_GOOGLE_CLIENT_ID,
      clientSecret: config.OAUTH_GOOGLE_CLIENT_SECRET,
      redirectUri: `${config.publicUrl}/loginWithTwitter`,
      db,
      clock,
      log: app.log,
    });
    const service = createAccountService({
      repo: createAccountRepo(db),
      mailer: app.mailer,
      clock,
      captcha: { enabled: config.CAPTCHA === 'on', consumeTicket: (t) => app.captcha.consumeTicket(t) },
      thirdParty,
      uploadSecret: app.secrets.app,
      siteName: 'LiveSports',
      // Names and avatars show on room cards, headlines, posts and leaderboards (tag `people`).
      profileChanged: () => app.readCache.invalidate(['people']),
      sessionsEnded: (ended) => app.bus.publish(SESSIONS_ENDED, JSON.stringify(ended)),
    });
    app.decorate('account', service);
    app.auth.useResolver((token) => service.resolveToken(token));
    await app.register(accountRoutes, { service, rateLimitScale: config.RATE_LIMIT_SCALE });
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) await service.ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  },
  { name: 'account', fastify: '5.x', dependencies: ['config', 'secrets', 'database', 'bus', 'clock', 'read-cache', 'mailer', 'http', 'envelope', 'auth', 'captcha'] },
);
