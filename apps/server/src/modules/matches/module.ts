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
  // The first tick writes the replay's history (seconds on a first start): let the server start
  // listening meanwhile instead of waiting for it.
  let starting: Promise<void> = Promise.resolve();
  let closing = false;
  app.addHook('onReady', async () => {
    // After the demo data (main.ts loads it once the server listens; resolved at once otherwise).
    starting = app.demoSeeded.then(() => (closing ? undefined : replay.start())).catch((err) => app.log.error({ err }, 'match replay could not start'));
  });
  app.addHook('onClose', async () => {
    closing = true;
    // A start still waiting for the demo data never comes; one mid-way gets 2 s to finish its tick.
    await Promise.race([starting, new Promise((r) => setTimeout(r, 2000).unref())]);
    await replay.stop();
    await unlisten().catch(() => undefined);
  });
  return { service, replay };
}
