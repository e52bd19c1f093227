import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '@livesports/contracts/envelope';
import type { LiveLevel } from '@livesports/contracts/live';
import type { MessageKey } from '@livesports/contracts/messages';
import type { Clock } from '../platform/clock.ts';
import { localize, sendError } from '../platform/envelope.ts';
import type { Ingest } from './ingest.ts';
import type { FlvSink } from './nms.ts';
import { parseStreamName, verifyPlay } from './play-token.ts';
import type { ViewerCounter } from './viewers.ts';

// Playback through the site's own port:
//   GET /live/<room>_<level>.flv?e=&s=              HTTP-FLV, one long response per viewer
//   GET /live/<room>_<level>/index.m3u8?e=&s=       HLS playlist (segment URLs carry the same token)
//   GET /live/<room>_<level>/seg00042.ts?e=&s=      HLS segment
// Every request needs a valid signature for that room and level (see play-token.ts).

/** A viewer this far behind (bytes queued in the socket) is dropped; its player reconnects. */
const MAX_VIEWER_BACKLOG = 8 * 1024 * 1024;
/** How long an HTTP-FLV request for a live room's level waits for the ladder to start it. */
const LEVEL_WAIT_MS = 5000;

export interface PlayRouteOptions {
  ingest: Ingest | null;
  viewers: ViewerCounter;
  secret: string;
  clock: Clock;
}

export async function playRoutes(app: FastifyInstance, opts: PlayRouteOptions) {
  const fail = (req: FastifyRequest, reply: FastifyReply, status: number, key: MessageKey) => sendError(reply, status, Code.ERROR, localize(req, key));
  const now = () => Math.floor(opts.clock.now().getTime() / 1000);

  type Authorized = { error: 403 | 404 } | { error?: undefined; stream: { roomId: number; level: LiveLevel }; token: string };
  function authorize(req: FastifyRequest, name: string): Authorized {
    const stream = parseStreamName(name);
    if (!stream) return { error: 404 };
    const q = req.query as Record<string, unknown>;
    if (!verifyPlay(opts.secret, stream.roomId, stream.level, q.e, q.s, now())) return { error: 403 };
    return { stream, token: `e=${q.e}&s=${q.s}` };
  }

  app.get('/live/:file', async (req, reply) => {
    const file = (req.params as { file: string }).file;
    if (!file.endsWith('.flv')) return fail(req, reply, 404, 'common.not_found');
    const auth = authorize(req, file.slice(0, -4));
    if (auth.error) return fail(req, reply, auth.error, auth.error === 403 ? 'common.forbidden' : 'common.not_found');
    const { roomId, level } = auth.stream;
    const ingest = opts.ingest;
    if (!ingest || !ingest.flvPath(roomId, level)) return fail(req, reply, 404, 'live.room_offline');

    const raw = reply.raw;
    let detach: (() => void) | null = null;
    let leave: (() => void) | null = null;
    const close = () => {
      detach?.();
      leave?.();
      detach = leave = null;
    };
    const sink: FlvSink = {
      write(buf) {
        if (raw.destroyed) return;
        if (raw.writableLength > MAX_VIEWER_BACKLOG) {
          raw.destroy();
          return;
        }
        raw.write(buf);
      },
      end() {
        if (!raw.writableEnded) raw.end();
        close();
      },
    };
    const attach = () => {
      const streamPath = ingest.flvPath(roomId, level);
      return streamPath
        ? ingest.attachViewer(streamPath, sink, () => {
            // Headers go out just before the first byte, so a refused attach can still answer 404.
            reply.hijack();
            raw.writeHead(200, {
              'content-type': 'video/x-flv',
              'cache-control': 'no-store',
              'access-control-allow-origin': '*',
              connection: 'keep-alive',
            });
          })
        : null;
    };
    detach = attach();
    // The ladder's levels come a second or so after the room goes live (ffmpeg starting): a viewer
    // who asks for one then waits here for it, instead of a 404 and a retry seconds later.
    for (const until = Date.now() + LEVEL_WAIT_MS; !detach && ingest.isLive(roomId) && Date.now() < until && !req.raw.destroyed;) {
      await new Promise((r) => setTimeout(r, 50));
      detach = attach();
    }
    if (!detach) return fail(req, reply, 404, 'live.room_offline');
    leave = opts.viewers.open(roomId);
    ingest.notePeak(roomId);
    req.raw.on('close', close);
    raw.on('close', close);
    return reply;
  });

  app.get('/live/:stream/:file', async (req, reply) => {
    const { stream: name, file } = req.params as { stream: string; file: string };
    // Room stills are public (cards show them to everyone): /live/<room>/thumb.jpg
    if (file === 'thumb.jpg' && /^\d{1,10}$/.test(name)) {
      const thumb = opts.ingest?.thumbPath(Number(name)) ?? null;
      const bytes = thumb ? await fs.promises.readFile(thumb).catch(() => null) : null;
      if (!bytes) return fail(req, reply, 404, 'live.room_offline');
      return reply.header('content-type', 'image/jpeg').header('cache-control', 'public, max-age=5').send(bytes);
    }
    const isPlaylist = file === 'index.m3u8';
    if (!isPlaylist && !/^seg\d{5,9}\.ts$/.test(file)) return fail(req, reply, 404, 'common.not_found');
    const auth = authorize(req, name);
    if (auth.error) return fail(req, reply, auth.error, auth.error === 403 ? 'common.forbidden' : 'common.not_found');
    const { roomId, level } = auth.stream;
    const dir = opts.ingest?.hlsDir(roomId, level) ?? null;
    if (!dir) return fail(req, reply, 404, 'live.room_offline');
    const filePath = path.join(dir, file);
    if (isPlaylist) {
      let text: string;
      try {
        text = await fs.promises.readFile(filePath, 'utf8');
      } catch {
        // The transcoder writes the first playlist after its first segment (about 2 s in).
        return fail(req, reply, 404, 'live.room_offline');
      }
      // One viewer per address and browser: the token differs per quality level, and a player that
      // changes level (or a page that reloads) must not count twice.
      opts.viewers.touchHls(roomId, `${req.ip}|${req.headers['user-agent'] ?? ''}`);
      opts.ingest!.notePeak(roomId);
      // Segment URLs are relative; give each the token, since a relative URL drops the query.
      const signed = text.replace(/^(?!#)(\S+)$/gm, `$1?${auth.token}`);
      return reply.header('content-type', 'application/vnd.apple.mpegurl').header('cache-control', 'no-cache').header('access-control-allow-origin', '*').send(signed);
    }
    try {
      const stat = await fs.promises.stat(filePath);
      return reply
        .header('content-type', 'video/mp2t')
        .header('content-length', stat.size)
        .header('cache-control', 'public, max-age=60')
        .header('access-control-allow-origin', '*')
        .send(fs.createReadStream(filePath));
    } catch {
      return fail(req, reply, 404, 'common.not_found');
    }
  });
}
