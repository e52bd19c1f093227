import fp from 'fastify-plugin';
import { createPasswordHasher } from '../../platform/password.ts';
import { createGoogleLogin } from './oauth.ts';
import { createConsoleUsersRepo } from './console-users.repo.ts';
import { consoleUsersRoutes } from './console-users.routes.ts';
import { createConsoleUsersService } from './console-users.service.ts';
import { createAccountRepo } from './repo.ts';
import { accountRoutes } from './routes.ts';
import { createSanctionsRepo } from './sanctions.repo.ts';
import { type SanctionsService, createSanctionsService } from './sanctions.service.ts';
import { type AccountService, type SessionsEnded, createAccountService } from './service.ts';

/** Bus channel: sessions that just ended (JSON SessionsEnded); the chat closes their sockets. */
export const SESSIONS_ENDED = 'account.sessions_ended';
/** Bus channel: a user's site-wide sanctions changed (the user id); every process re-reads them. */
export const SANCTIONS_CHANGED = 'account.sanctions_changed';
export type { SessionsEnded };
export type { SanctionsService } from './sanctions.service.ts';

/** The account module's public face: accounts and sessions, and site-wide sanctions. */
export type AccountModule = AccountService & {
  /**
   * Site-wide mutes and bans. Other modules call `assertCanSpeak(userId)` before anything a user
   * writes for others (chat, danmaku, horns, comments, posts, articles, direct messages): it throws
   * the localized refusal, from memory. The console (e.g. the reports queue) sanctions through
   * `impose(actor, { userId, kind, minutes, reason })` and `lift(actor, sanctionId, reason)`, which
   * check who may, audit, and for a ban end every session and socket and stop the broadcast.
   */
  sanctions: SanctionsService;
};

declare module 'fastify' {
  interface FastifyInstance {
    account: AccountModule;
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
    const repo = createAccountRepo(db);
    const sessionsEnded = (ended: SessionsEnded) => app.bus.publish(SESSIONS_ENDED, JSON.stringify(ended));
    // The console and the live module register after this one (they depend on accounts): their
    // decorators are reached when a sanction is given, never while the app is being built.
    const sanctions = createSanctionsService({
      db,
      repo: createSanctionsRepo(db),
      clock,
      audit: (entry, tx) => app.console.audit(entry, tx),
      async endSessions(userId) {
        await repo.deleteSessionsOf(userId);
        await sessionsEnded({ userId });
      },
      async stopBroadcast(userId) {
        const u = await repo.findById(userId);
        if (!u?.isAnchor || !app.hasDecorator('live')) return;
        await app.live.rooms.stopForStaff(userId);
      },
      announce: (userId) => app.bus.publish(SANCTIONS_CHANGED, String(userId)),
      log: app.log,
    });
    await sanctions.load();
    const offSanctions = await app.bus.subscribe(SANCTIONS_CHANGED, (raw) => {
      const id = Number(raw);
      if (Number.isInteger(id) && id > 0) sanctions.reload(id).catch((err) => app.log.warn({ err, userId: id }, 'sanctions reload failed'));
    });
    app.addHook('onClose', async () => void (await offSanctions().catch(() => undefined)));
    const service = createAccountService({
      repo,
      mailer: app.mailer,
      clock,
      captcha: { enabled: config.CAPTCHA === 'on', consumeTicket: (t) => app.captcha.consumeTicket(t) },
      thirdParty,
      uploadSecret: app.secrets.app,
      siteName: 'LiveSports',
      // Names and avatars show on room cards, headlines, posts and leaderboards (tag `people`).
      profileChanged: () => app.readCache.invalidate(['people']),
      sessionsEnded,
      sanctions,
      hasher: createPasswordHasher(config.PASSWORD_HASH_COST),
      // Counted with withdrawals and payout bindings (the economy registers after this module).
      payPassword: {
        verify: (userId, hash, password) => {
          if (!app.hasDecorator('economy')) throw new Error('the economy module is not registered');
          return app.economy.withdrawals.verifyPayPassword(userId, hash, password);
        },
      },
    });
    app.decorate('account', Object.assign(service, { sanctions }));
    app.auth.useResolver((token) => service.resolveToken(token));
    await app.register(accountRoutes, { service, rateLimitScale: config.RATE_LIMIT_SCALE });
    const users = createConsoleUsersService({ repo: createConsoleUsersRepo(db), sanctions, clock });
    await app.register(consoleUsersRoutes, { users, sanctions });
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) await service.ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  },
  { name: 'account', fastify: '5.x', dependencies: ['config', 'secrets', 'database', 'bus', 'clock', 'read-cache', 'mailer', 'http', 'envelope', 'auth', 'captcha'] },
);
