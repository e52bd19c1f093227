import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as calls from '@livesports/contracts/matches';
import { answer, route } from '../../platform/route.ts';
import type { MatchesService } from './service.ts';

/** The feed token comes as `Authorization: Bearer …` or as an `x-feed-token` header. */
function feedToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization ?? req.headers['x-feed-token'];
  return Array.isArray(h) ? h[0] : h;
}

export async function matchesRoutes(app: FastifyInstance, opts: { service: MatchesService }) {
  const s = opts.service;

  route(app, calls.initialList, (input) => s.hotCompetitions(input.type, input.all === 1));
  route(app, calls.recommend, (input, { user }) => s.recommend(input.type, input.limit, user));
  route(app, calls.getRobot, (input, { req }) => s.robot(input.match_id, req.lang));
  route(app, calls.allMatch, (input, { user }) => s.allMatch(input, user));
  route(app, calls.seasonTable, (input) => s.seasonTable(input.competition_id, input.season_id));
  route(app, calls.matchDetail, (input, { user }) => s.detail(input.id, user));
  route(app, calls.matchHeadToHead, (input) => s.headToHead(input.id));
  route(app, calls.teamDetail, (input) => s.team(input.id));
  route(app, calls.companies, () => s.companies());
  route(app, calls.reserveList, (input, { user }) => s.reserveList(user, input.type));

  route(app, calls.collect, async (input, { user }) => {
    const r = await s.collect(user, input);
    return answer(r, r.collect ? 'matches.collected' : 'matches.uncollected');
  });
  for (const call of [calls.reserveMatch, calls.reserveMatch2]) {
    route(app, call, async (input, { user }) => {
      const r = await s.reserve(user, input);
      return answer(r, r.reserve ? 'matches.reserved' : 'matches.unreserved');
    });
  }

  route(app, calls.foresightList, (input) => s.foresight.list(input));
  route(app, calls.foresightDetail, (input) => s.foresight.detail(input.id));
  route(app, calls.foresightPublish, async (input, { user }) => answer(await s.foresight.publish(user, input), 'matches.foresight_published'));
  route(app, calls.foresightPundits, (input) => s.foresight.top(input.limit));

  // Ingest: the token is checked before the body is looked at, so a stranger learns nothing.
  await app.register(async (feed) => {
    feed.addHook('preValidation', async (req) => s.checkFeedToken(feedToken(req)));
    route(feed, calls.feedMatches, async (input) => ({ ids: await s.ingest.upsertMatches(input.matches, 'feed') }));
    route(feed, calls.feedEvents, (input) => s.ingest.addEvents(input, input.events, 'feed'));
    route(feed, calls.feedOdds, (input) => s.ingest.setOdds(input, input.odds, 'feed'));
  });
}
