import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PublishHooks } from './ingest.ts';

// SRS-style HTTP callbacks, so SRS (or a CDN speaking the same hooks) can take RTMP in front of
// us instead of the embedded ingest: configure its http_hooks on_publish / on_unpublish as
//   http://<site>/api/live/hooks/on_publish   and   http://<site>/api/live/hooks/on_unpublish
// The answer follows SRS: HTTP 200 with {"code":0} lets the publish through; anything else
// refuses it. The stream name is the anchor's stream key, exactly as with the embedded ingest.

interface SrsCallback {
  action?: string;
  app?: string;
  stream?: string;
}

export async function srsHookRoutes(app: FastifyInstance, opts: { hooks: PublishHooks }) {
  const refuse = (reply: FastifyReply) => reply.status(403).send({ code: 403, msg: 'publish refused' });

  async function handle(action: string | undefined, body: SrsCallback, reply: FastifyReply) {
    const appName = String(body.app ?? '');
    const key = String(body.stream ?? '');
    if (action === 'on_publish') {
      const roomId = await opts.hooks.authorize(appName, key);
      if (roomId === null) return refuse(reply);
      await opts.hooks.published(roomId);
      return { code: 0 };
    }
    if (action === 'on_unpublish') {
      const roomId = await opts.hooks.roomOfKey(appName, key);
      if (roomId !== null) await opts.hooks.unpublished(roomId, 0);
      return { code: 0 };
    }
    // Other SRS events (on_play, on_stop, on_dvr…) need nothing from us.
    return { code: 0 };
  }

  app.post('/api/live/hooks', async (req, reply) => handle((req.body as SrsCallback | undefined)?.action, (req.body ?? {}) as SrsCallback, reply));
  app.post('/api/live/hooks/:action', async (req, reply) => handle((req.params as { action: string }).action, (req.body ?? {}) as SrsCallback, reply));
}
