import type { FastifyInstance } from 'fastify';
import * as calls from '@livesports/contracts/content';
import { HTTP } from '../../platform/http-cache.ts';
import { answer, route } from '../../platform/route.ts';
import type { ContentService } from './service.ts';
import type { UploadService } from './uploads.ts';

export interface ContentRouteOptions {
  service: ContentService;
  uploads: UploadService;
}

export async function contentRoutes(app: FastifyInstance, opts: ContentRouteOptions) {
  const { service } = opts;

  // Headlines and the circle are cached (platform/read-cache.ts); shared caches may keep them a few seconds.
  const calm = { http: HTTP.calm };
  route(app, calls.classifyList, (_input, { req }) => service.categories(req.lang), calm);
  route(app, calls.getList2, (input, { req }) => service.listArticles(input, req.lang), calm);
  // Every read of a headline is counted (its views), so its handler runs for each.
  route(app, calls.articleDetail, (input, { req, user }) => service.articleDetail(input.id, user?.id ?? null, req.lang), { ...calm, eachRead: true });
  route(app, calls.publishArticle, (input, { user }) => service.publishArticle(user, input).then((d) => answer(d, 'content.published')));

  // Headline comments and likes (comment likes and deletion go through the circle calls).
  route(app, calls.likeArticle, (input, { user }) => service.likeArticle(user, input.id, input.like));
  route(app, calls.commentArticle, (input, { user }) => service.commentArticle(user, input).then((d) => answer(d, 'content.commented')));
  route(app, calls.articleCommentList, (input, { user }) => service.articleCommentList(input, user?.id ?? null));

  route(app, calls.publishPost, (input, { user }) => service.publishPost(user, input).then((d) => answer(d, 'content.published')));
  route(app, calls.userPostList, (input, { req, user }) => service.postList(input, user?.id ?? null, req.lang), calm);
  route(app, calls.postInfo, (input, { user }) => service.postInfo(input.id, user?.id ?? null), calm);
  route(app, calls.likePost, (input, { user }) => service.likePost(user, input.id, input.like));
  route(app, calls.commentPost, (input, { user }) => service.comment(user, input).then((d) => answer(d, 'content.commented')));
  route(app, calls.likeComment, (input, { user }) => service.likeComment(user, input.id, input.like));
  route(app, calls.commentList, (input, { user }) => service.commentList(input, user?.id ?? null));
  route(app, calls.deletePost, (input, { user }) => service.deletePost(user, input.id).then(() => answer(null, 'content.deleted')));
  route(app, calls.deleteComment, (input, { user }) => service.deleteComment(user, input.id).then(() => answer(null, 'content.deleted')));
  route(app, calls.report, (input, { user }) => service.report(user, input).then(() => answer(null, 'content.reported')));

  // tus: the body of a PATCH is the file itself; leave it unread for @tus/server.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
  const tusPath = calls.UPLOAD_ENDPOINT.replace(/\/$/, '');
  for (const url of [tusPath, `${tusPath}/*`]) {
    app.route({
      method: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
      url,
      exposeHeadRoute: false,
      handler: (req, reply) => opts.uploads.handle(req, reply),
    });
  }

  const timer = setInterval(() => void opts.uploads.cleanUp(), 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
