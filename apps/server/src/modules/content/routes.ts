import type { FastifyInstance } from 'fastify';
import * as calls from '@livesports/contracts/content';
import { answer, route } from '../../platform/route.ts';
import type { ContentService } from './service.ts';
import type { Storage } from './storage.ts';
import type { UploadService } from './uploads.ts';

export interface ContentRouteOptions {
  service: ContentService;
  uploads: UploadService;
  storage: Storage;
}

export async function contentRoutes(app: FastifyInstance, opts: ContentRouteOptions) {
  const { service } = opts;

  route(app, calls.classifyList, (_input, { req }) => service.categories(req.lang));
  route(app, calls.getList2, (input, { req }) => service.listArticles(input, req.lang));
  route(app, calls.articleDetail, (input, { req, user }) => service.articleDetail(input.id, user?.id ?? null, req.lang));
  route(app, calls.publishArticle, (input, { user }) => service.publishArticle(user, input).then((d) => answer(d, 'content.published')));
  // The spec writes this call as GET; short articles from such clients still work.
  route(app, { ...calls.publishArticle, method: 'GET' }, (input, { user }) => service.publishArticle(user, input).then((d) => answer(d, 'content.published')));

  route(app, calls.publishPost, (input, { user }) => service.publishPost(user, input).then((d) => answer(d, 'content.published')));
  route(app, calls.userPostList, (input, { user }) => service.postList(input, user?.id ?? null));
  route(app, calls.postInfo, (input, { user }) => service.postInfo(input.id, user?.id ?? null));
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

  // With a bucket, /uploads/<key> keeps working: a redirect to the public bucket, or a stream.
  if (opts.storage.kind === 's3') {
    app.get('/uploads/*', async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      if (opts.storage.redirectBase) return reply.redirect(`${opts.storage.redirectBase}/${key}`, 302);
      const obj = await opts.storage.get(key);
      if (!obj) return reply.status(404).send({ code: 1, msg: 'Not found', data: null });
      return reply.header('content-type', obj.contentType).header('cache-control', 'public, max-age=31536000, immutable').send(obj.body);
    });
  }

  const timer = setInterval(() => void opts.uploads.cleanUp(), 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
