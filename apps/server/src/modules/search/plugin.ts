import fp from 'fastify-plugin';
import { searchRoutes } from './routes.ts';
import { createSearchService } from './service.ts';
import { tsvectorLiteral } from './tokenize.ts';

/**
 * The search module's public face: the search calls' service, where domains plug in what they
 * can find (`provide`, the SearchSources port), and the indexing they store with their rows
 * (`vector`: one tokenizer for documents and queries alike).
 */
export type SearchModule = ReturnType<typeof createSearchService> & { vector: typeof tsvectorLiteral };

declare module 'fastify' {
  interface FastifyInstance {
    /** The search module (not `search`: that name is Fastify's shorthand for SEARCH-method routes). */
    siteSearch: SearchModule;
  }
}

/** Site search over people, live rooms, headlines and posts. Registered before the domains it finds things in. */
export const searchModule = fp(
  async (app) => {
    const service = createSearchService({ countKeyword: (name, lang) => app.system.countKeyword(name, lang) });
    app.decorate('siteSearch', { ...service, vector: tsvectorLiteral });
    await app.register(searchRoutes, { service });
  },
  { name: 'search', fastify: '5.x', dependencies: ['http', 'envelope', 'auth', 'system'] },
);
