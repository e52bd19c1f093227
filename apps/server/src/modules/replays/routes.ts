import type { FastifyInstance } from 'fastify';
import * as calls from '@livesports/contracts/replays';
import { Code } from '@livesports/contracts/envelope';
import { localize, sendError } from '../../platform/envelope.ts';
import { answer, route } from '../../platform/route.ts';
import type { Storage } from '../../platform/storage.ts';
import type { ReplayService } from './service.ts';

/** The replays domain's calls, and its playlists at /replay/<id>/<master|level>.m3u8. */
export async function replayRoutes(app: FastifyInstance, opts: { service: ReplayService; storage: Storage }) {
  const { service, storage } = opts;

  route(app, calls.getReplayList, (input) => service.list(input.room_id, input.page, input.limit));
  route(app, calls.getReplay, (input, { user }) => service.detail(input.id, user));
  route(app, calls.getTimeline, (input, { user }) => service.timeline(input.id, input.from, user));
  route(app, calls.sendReplayDanmaku, (input, { user }) => service.sendDanmaku(user, input.id, input.t, input.text).then((d) => answer(d, 'replay.sent')));

  route(app, calls.getRecording, (_input, { user }) => service.recordingState(user));
  route(app, calls.setRecording, (input, { user }) => service.setRecording(user, input.record).then((d) => answer(d, 'replay.saved')));
  route(app, calls.getMyReplays, (input, { user }) => service.mine(user, input.page, input.limit));
  route(app, calls.setReplayHidden, (input, { user }) => service.setHidden(user, input.id, input.hidden).then((d) => answer(d, 'replay.saved')));
  route(app, calls.deleteReplay, (input, { user }) => service.remove(user, input.id).then((d) => answer(d, 'replay.deleted')));
  route(app, calls.replayStorage, (_input, { user }) => service.storageTotals(user));

  route(app, calls.createClip, (input, { user }) => service.createClip(user, input).then((d) => answer(d, 'replay.clip_started')));
  route(app, calls.getClip, (input, { user }) => service.clip(input.id, user));
  route(app, calls.getClipList, (input, { user }) => service.clips(input.replay_id, user));
  route(app, calls.publishClip, (input, { user }) => service.publishClip(user, input.id).then((d) => answer(d, 'replay.clip_published')));
  route(app, calls.deleteClip, (input, { user }) => service.removeClip(user, input.id).then((d) => answer(d, 'replay.deleted')));

  // Segments are served by the storage (/uploads/…, immutable, with ranges: a CDN carries them);
  // a bucket with a public URL is linked directly so players skip the redirect.
  const segmentUrl = (key: string) => (storage.redirectBase ? `${storage.redirectBase}/${key}` : storage.publicUrl(key));
  app.get('/replay/:id/:file', async (req, reply) => {
    const { id, file } = req.params as { id: string; file: string };
    const m = /^(master|original|hd|sd|smooth)\.m3u8$/.exec(file);
    if (!/^\d{1,9}$/.test(id) || !m) return sendError(reply, 404, Code.ERROR, localize(req, 'common.not_found'));
    const out = await service.playlist(Number(id), m[1], req.user, segmentUrl);
    if (!out) return sendError(reply, 404, Code.ERROR, localize(req, 'replay.not_found'));
    return (
      reply
        .header('content-type', 'application/vnd.apple.mpegurl')
        // What a caller gets depends on login (visitors: SD and below) and on who may see a hidden replay.
        .header('cache-control', out.hidden || req.user ? 'private, no-cache' : 'public, max-age=60')
        .header('vary', 'cookie, token')
        .send(out.text)
    );
  });
}
