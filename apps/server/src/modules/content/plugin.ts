import fp from 'fastify-plugin';
import type { Lang } from '@livesports/contracts/messages';
import { pageId } from '../../platform/page-images.ts';
import { createContentRepo } from './repo.ts';
import { contentRoutes } from './routes.ts';
import { type ContentService, createContentService } from './service.ts';
import { createContentStaffRepo } from './staff.repo.ts';
import { contentStaffRoutes } from './staff.routes.ts';
import { FEATURED_KEY, createContentStaffService } from './staff.service.ts';
import { createUploadService } from './uploads.ts';

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentService;
  }
}

/**
 * Headlines, the circle and uploads (tus at /files/). Rows are indexed with the search module's
 * vectors, and headlines and posts are plugged into its search.
 */
export const contentModule = fp(
  async (app) => {
    const { clock } = app;
    const repo = createContentRepo(app.database.db);
    const service = createContentService({
      repo,
      clock,
      vector: app.siteSearch.vector,
      cache: app.readCache,
      speak: (userId) => app.account.sanctions.assertCanSpeak(userId),
      follows: { followedAmong: (viewer, ids) => app.social.followedAmong(viewer, ids), followees: (viewer) => app.social.followees(viewer) },
    });
    // Views counted in memory reach the database before it closes.
    app.addHook('preClose', async () => service.close().catch((err) => app.log.warn({ err }, 'article views not written')));
    const { config } = app;
    const uploads = createUploadService({
      storage: app.storage,
      repo,
      secret: app.secrets.app,
      clock,
      log: app.log,
      quota: { maxOpen: config.UPLOAD_MAX_OPEN, maxOpenBytes: config.UPLOAD_MAX_OPEN_MB * 1024 * 1024, minFreeBytes: config.UPLOAD_MIN_FREE_MB * 1024 * 1024 },
    });
    app.decorate('content', service);
    app.siteSearch.provide({ articles: service.searchArticles, posts: service.searchPosts });
    // A headline page's cover and title, named in its HTML (platform/page-images.ts). The page
    // shows its text without scripts (quiet): they may wait behind the cover.
    const cover = async (query: URLSearchParams, lang: Lang) => {
      const id = pageId(query);
      const picture = id ? await service.articlePicture(id, lang) : null;
      return picture && { ...picture, quiet: true };
    };
    for (const path of ['detail', 'm/detail']) app.pageImages.set(path, cover);
    await app.register(contentRoutes, { service, uploads });
    // The console: hide, restore, delete, feature on the home page (moderators).
    const staff = createContentStaffService({
      repo: createContentStaffRepo(app.database.db),
      content: repo,
      clock,
      cache: app.readCache,
      audit: app.console.audit,
      transaction: (fn) => app.database.db.transaction(fn),
      featuredIds: () => app.system.stored(FEATURED_KEY),
      storeFeatured: (ids, tx) => app.system.store({ [FEATURED_KEY]: ids }, tx),
      settingsChanged: () => app.system.changed(),
    });
    await app.register(contentStaffRoutes, { staff });
  },
  {
    name: 'content',
    fastify: '5.x',
    dependencies: ['config', 'secrets', 'database', 'clock', 'read-cache', 'storage', 'http', 'envelope', 'auth', 'page-images', 'account', 'search', 'social', 'console', 'system'],
  },
);
