import fp from 'fastify-plugin';
import { createSocialRepo } from './repo.ts';
import { socialRoutes } from './routes.ts';
import { type SocialService, createSocialService } from './service.ts';

// The module's public face for others: the follow event live rooms listen to on the bus.
export { FOLLOW_CHANGED, type FollowChanged } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    social: SocialService;
  }
}

/** Follows and personal spaces; plugs people cards into search and answers live rooms' follower questions. */
export const socialModule = fp(
  async (app) => {
    const service = createSocialService({ repo: createSocialRepo(app.database.db), bus: app.bus });
    app.decorate('social', service);
    app.siteSearch.provide({ findPeople: service.findPeople, people: service.people });
    await app.register(socialRoutes, { service });
  },
  { name: 'social', fastify: '5.x', dependencies: ['database', 'bus', 'http', 'envelope', 'auth', 'search'] },
);
