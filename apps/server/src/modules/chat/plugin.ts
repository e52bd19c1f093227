import fp from 'fastify-plugin';
import { createMemoryGate, createRedisGate } from '../../platform/flood-gate.ts';
import { imGateway } from './gateway/index.ts';
import { createSessionCheck } from './gateway/session-check.ts';
import { SESSIONS_ENDED } from '../account/plugin.ts';
import { type ChatCredentials, createChatCredentials } from './credentials.ts';
import { createDirectRepo } from './direct.repo.ts';
import { createDirectService } from './direct.service.ts';
import { createHornsService } from './horns.service.ts';
import { type MessagesService, createMessagesService } from './messages.service.ts';
import { createModerationRepo } from './moderation.repo.ts';
import { type ModerationService, createModerationService } from './moderation.service.ts';
import { createNumbering } from './numbering.ts';
import { createChatRepo } from './repo.ts';
import { chatRoutes } from './routes.ts';
import { chatStaffRoutes } from './staff.routes.ts';

/** The chat module's public face. */
export interface ChatModule {
  credentials: ChatCredentials;
  messages: MessagesService;
  moderation: ModerationService;
}

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatModule;
  }
}

/**
 * Room chat: credentials (UserSig) for users and tourists, the /ws/im gateway that verifies them,
 * room moderation, one-to-one messages, danmaku over HTTP and site-wide horns. Badges and horn
 * payments come from the economy's decorator.
 */
export const chatModule = fp(
  async (app) => {
    const { config, bus, clock, economy } = app;
    const db = app.database.db;
    const secret = app.secrets.named('im', config.IM_SECRET);
    const credentials = createChatCredentials({ sdkAppId: config.IM_SDKAPPID, secret, clock, log: app.log });
    // A site-wide mute (or ban) silences the user in every room, in direct messages and horns.
    const speak = (userId: number) => app.account.sanctions.assertCanSpeak(userId);

    const modRepo = createModerationRepo(db);
    const directRepo = createDirectRepo(db);
    // Moderation posts its notices through the messages service, which asks moderation for checks.
    let moderation: ModerationService;
    // Message gaps and slow mode count in Redis when there is one, so every process agrees.
    const gate = config.REDIS_URL ? createRedisGate(config.REDIS_URL, `${config.REDIS_PREFIX}flood:`) : createMemoryGate(clock);
    app.addHook('onClose', () => gate.close());
    const repo = createChatRepo(db, { onSplit: (groupId, count, err) => app.log.warn({ err, groupId, count }, 'chat write failed: its messages are written one by one') });
    const numbering = createNumbering({ repo, bus, owner: app.owner, embedded: app.database.kind === 'pglite', now: () => clock.now(), log: app.log });
    // On shutdown the rows still on their way are written before the database closes.
    app.addHook('onClose', () => numbering.flush());
    const messages = createMessagesService({
      repo,
      append: numbering.append,
      settled: numbering.settled,
      clock,
      moderation: () => moderation,
      perks: (userIds, roomId) => economy.perks(userIds, roomId),
      speak,
      gate,
      // RATE_LIMIT_SCALE 0 (the benches) turns the per-user gap off with the other limits.
      minGapMs: config.RATE_LIMIT_SCALE > 0 ? config.CHAT_MIN_GAP_MS : 0,
      log: app.log,
    });
    moderation = createModerationService({ repo: modRepo, bus, clock, notice: async (roomId, actorId, n) => void (await messages.postNotice(roomId, actorId, n)) });
    const direct = createDirectService({ repo: directRepo, moderation: modRepo, bus, admit: messages.admit, speak });
    const horns = createHornsService({
      repo: directRepo,
      speak,
      moderation: modRepo,
      bus,
      clock,
      payment: {
        pay: (userId, key, request, record) => economy.horns.pay(userId, key, request, record),
        async freeLeft(userId) {
          const s = await economy.nobles.status(userId);
          return { noble: s?.tier ?? null, free_horns_left: s?.free_horns_left ?? 0 };
        },
      },
    });

    // Member logins ask the database about their session once per few seconds, not once per
    // socket; a credential just signed for a session vouches for it (gateway/session-check.ts).
    const sessions = createSessionCheck({ sessionActive: (sessionId, userId) => app.account.sessionActive(sessionId, userId), bus, sessionsEndedChannel: SESSIONS_ENDED });
    app.addHook('onClose', () => sessions.close());

    app.decorate('chat', { credentials, messages, moderation });
    await app.register(chatRoutes, { credentials, sessions, messages, moderation, direct, horns, rateLimitScale: config.RATE_LIMIT_SCALE });
    await app.register(imGateway, { credentials, bus, messages, moderation, direct, sessions, sessionsEndedChannel: SESSIONS_ENDED });
    await app.register(chatStaffRoutes, {
      messages,
      moderation,
      audit: (entry) => app.console.audit(entry),
      anchor: async (roomId) => {
        const u = await modRepo.user(roomId);
        return u && u.isAnchor === 1 ? { nick: u.user_nickname } : null;
      },
    });
    app.addHook('onClose', () => moderation.close());
  },
  { name: 'chat', fastify: '5.x', dependencies: ['config', 'secrets', 'database', 'clock', 'bus', 'owner', 'http', 'envelope', 'auth', 'account', 'economy', 'console'] },
);
