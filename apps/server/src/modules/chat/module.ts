import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { loadSecret } from '../../platform/secrets.ts';
import { imGateway } from '../../realtime/im-gateway.ts';
import { createChatCredentials } from './credentials.ts';
import { createChatRepo } from './repo.ts';
import { chatRoutes } from './routes.ts';

/** Room chat: credentials (UserSig) for users and tourists, and the /ws/im gateway that verifies them. */
export async function chatModule(app: FastifyInstance, deps: { config: Config; clock: Clock; db: Db; bus: Bus }) {
  const secret = loadSecret(deps.config.dataDir, 'im', deps.config.IM_SECRET);
  const credentials = createChatCredentials({ sdkAppId: deps.config.IM_SDKAPPID, secret, clock: deps.clock, log: app.log });
  await app.register(chatRoutes, { credentials, rateLimitScale: deps.config.RATE_LIMIT_SCALE });
  await app.register(imGateway, { credentials, repo: createChatRepo(deps.db), bus: deps.bus });
  return { credentials };
}
