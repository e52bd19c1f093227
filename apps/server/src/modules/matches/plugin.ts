import fp from 'fastify-plugin';
import { scoreSocket } from './score-socket/index.ts';
import { createReplayFeed } from './replay/feed.ts';
import { createMatchesRepo } from './repo.ts';
import { matchesRoutes } from './routes.ts';
import { createSportSearch } from './search-source.ts';
import { type MatchesService, createMatchesService } from './service.ts';
import { FEED_TOKEN_KEY, createFeedToken, createMatchesStaffService } from './staff.service.ts';
import { matchesStaffRoutes } from './staff.routes.ts';

/** The matches module's public face: its service, and a hook for extras that run after each replay tick. */
export type MatchesModule = MatchesService & {
  /** Runs `fn` after every replay tick this process drives (the demo's pundits hang here). */
  afterReplayTick(fn: () => Promise<void>): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    matches: MatchesModule;
  }
}

/**
 * Matches and live scores: the calls, the /ws/score push, and the embedded replay feed (on when
 * demo data is on and MATCH_REPLAY_SPEED > 0; a provider pushes through api/feed/... instead).
 */
export const matchesModule = fp(
  async (app) => {
    const { config, clock } = app;
    const repo = createMatchesRepo(app.database.db);
    const feedToken = createFeedToken({ configured: app.secrets.named('feed', config.FEED_TOKEN), fromEnv: !!config.FEED_TOKEN, stored: () => app.system.stored(FEED_TOKEN_KEY) });
    const service = createMatchesService({ repo, bus: app.bus, clock, feedToken, cache: app.readCache });
    const unlisten = await service.listen();
    const afterTick: Array<() => Promise<void>> = [];
    app.decorate('matches', { ...service, afterReplayTick: (fn: () => Promise<void>) => void afterTick.push(fn) });
    await app.register(matchesRoutes, { service });
    // Site search finds teams, competitions and their matches by any of their names.
    app.siteSearch.provide({ sports: createSportSearch({ db: app.database.db, now: () => clock.now(), rowsByIds: service.rowsByIds }) });
    await app.register(scoreSocket, { service });
    // The console: feed status and the token's rotation (administrators).
    const staff = createMatchesStaffService({
      db: app.database.db,
      clock,
      token: feedToken,
      audit: app.console.audit,
      storeToken: (value, tx) => app.system.store({ [FEED_TOKEN_KEY]: value }, tx),
      settingsChanged: () => app.system.changed(),
    });
    await app.register(matchesStaffRoutes, { staff });
    const replay = createReplayFeed({
      sink: service.ingest,
      repo,
      clock,
      speed: config.DEMO_DATA ? config.MATCH_REPLAY_SPEED : 0,
      log: app.log,
      afterTick: async () => {
        for (const fn of afterTick) await fn();
      },
    });
    // The first tick writes the replay's history (seconds on a first start): let the server start
    // listening meanwhile instead of waiting for it.
    let starting: Promise<void> = Promise.resolve();
    let closing = false;
    app.addHook('onReady', async () => {
      // After the demo data (the demo plugin loads it once the server listens; resolved at once otherwise).
      starting = app.demoSeeded.then(() => (closing ? undefined : replay.start())).catch((err) => app.log.error({ err }, 'match replay could not start'));
    });
    app.addHook('onClose', async () => {
      closing = true;
      // A start still waiting for the demo data never comes; one mid-way gets 2 s to finish its tick.
      await Promise.race([starting, new Promise((r) => setTimeout(r, 2000).unref())]);
      await replay.stop();
      await unlisten().catch(() => undefined);
    });
  },
  { name: 'matches', fastify: '5.x', dependencies: ['config', 'read-cache', 'secrets', 'database', 'clock', 'bus', 'http', 'envelope', 'auth', 'system', 'console', 'search'] },
);
