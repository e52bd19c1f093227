import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { loadSecret } from '../../platform/secrets.ts';
import { imGateway } from '../../realtime/im-gateway.ts';
import type { EconomyService } from '../economy/service.ts';
import { createChatCredentials } from './credentials.ts';
import { createDirectRepo } from './direct.repo.ts';
import { createDirectService } from './direct.service.ts';
import { createHornsService } from './horns.service.ts';
import { createMessagesService } from './messages.service.ts';
import { createModerationRepo } from './moderation.repo.ts';
import { type ModerationService, createModerationService } from './moderation.service.ts';
import { createChatRepo } from './repo.ts';
import { chatRoutes } from './routes.ts';

/** See createBatchedAppend: on embedded PGlite a room's messages are written 30 ms at a time. */
const PGLITE_GATHER_MS = 30;

/**
 * Room chat: credentials (UserSig) for users and tourists, the /ws/im gateway that verifies them,
 * room moderation, one-to-one messages, danmaku over HTTP and site-wide horns. Badges and horn
 * payments come from the economy.
 */
export async function chatModule(app: FastifyInstance, deps: { config: Config; clock: Clock; db: Db; bus: Bus; economy: EconomyService }) {
  const { db, bus, clock, economy } = deps;
  const secret = loadSecret(deps.config.dataDir, 'im', deps.config.IM_SECRET);
  const credentials = createChatCredentials({ sdkAppId: deps.config.IM_SDKAPPID, secret, clock, log: app.log });
  const perks = async (userId: number, roomId: number) => (await economy.perks([userId], roomId))[0] ?? null;

  const modRepo = createModerationRepo(db);
  const directRepo = createDirectRepo(db);
  // Moderation posts its notices through the messages service, which asks moderation for checks.
  let moderation: ModerationService;
  const messages = createMessagesService({ repo: createChatRepo(db, { gatherMs: deps.config.DATABASE_URL ? 0 : PGLITE_GATHER_MS }), bus, clock, moderation: () => moderation, perks });
  moderation = createModerationService({ repo: modRepo, bus, clock, notice: (roomId, actorId, n) => messages.postNotice(roomId, actorId, n) });
  const direct = createDirectService({ repo: directRepo, moderation: modRepo, bus, admit: messages.admit });
  const horns = createHornsService({
    repo: directRepo,
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

  await app.register(chatRoutes, { credentials, messages, moderation, direct, horns, rateLimitScale: deps.config.RATE_LIMIT_SCALE });
  await app.register(imGateway, { credentials, bus, messages, moderation, direct, perks });
  app.addHook('onClose', () => moderation.close());
  return { credentials, messages, moderation };
}
