import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { loadSecret } from '../../platform/secrets.ts';
import { scoreSocket } from '../../realtime/score-socket.ts';
import { createDemoPundits } from './replay/demo-pundits.ts';
import { createReplayFeed } from './replay/feed.ts';
import { createMatchesRepo } from './repo.ts';
import { matchesRoutes } from './routes.ts';
import { createMatchesService } from './service.ts';

/**
 * Matches and live scores: the calls, the /ws/score push, and the embedded replay feed (on when
 * demo data is on and MATCH_REPLAY_SPEED > 0; a provider pushes through api/feed/... instead).
 */
export async function matchesModule(app: FastifyInstance, deps: { db: Db; bus: Bus; clock: Clock; config: Config }) {
  const repo = createMatchesRepo(deps.db);
  const service = createMatchesService({ repo, bus: deps.bus, clock: deps.clock, feedToken: loadSecret(deps.config.dataDir, 'feed', deps.config.FEED_TOKEN) });
  const unlisten = await service.listen();
  await app.register(matchesRoutes, { service });
  await app.register(scoreSocket, { service });
  const demo = deps.config.DEMO_DATA;
  const pundits = createDemoPundits({ db: deps.db, foresight: service.foresight, clock: deps.clock });
  const replay = createReplayFeed({
    sink: service.ingest,
    repo,
    clock: deps.clock,
    speed: demo ? deps.config.MATCH_REPLAY_SPEED : 0,
    log: app.log,
    afterTick: () => pundits.run(),
  });
  app.addHook('onReady', () => replay.start());
  app.addHook('onClose', async () => {
    await replay.stop();
    await unlisten().catch(() => undefined);
  });
  return { service, replay };
}
