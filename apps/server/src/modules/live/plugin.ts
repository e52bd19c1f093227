import type { FastifyInstance } from 'fastify';
import type { LiveLevel } from '@livesports/contracts/live';
import type { Config } from '../../config.ts';
import { demoStreams } from '../../db/seed/live.ts';
import { DemoBroadcaster } from '../../media/demo-broadcaster.ts';
import { findFfmpeg } from '../../media/ffmpeg.ts';
import { Ingest, KICK_CHANNEL } from '../../media/ingest.ts';
import { playRoutes } from '../../media/play-routes.ts';
import { allowedLevels, PLAY_TOKEN_TTL_SECONDS, signPlay } from '../../media/play-token.ts';
import { srsHookRoutes } from '../../media/srs-hooks.ts';
import { ViewerCounter } from '../../media/viewers.ts';
import type { Clock } from '../../platform/clock.ts';
import { createApplicationRepo } from './application.repo.ts';
import { createApplicationService } from './application.service.ts';
import { anchorFollowerCount, followsAnchor } from './followers.ts';
import { giftsReceivedDuring } from './gifts.ts';
import { createMatchLookup, createReservationRepo } from './reservation.repo.ts';
import { createReservationService } from './reservation.service.ts';
import { createRoomRepo } from './room.repo.ts';
import { createRoomService, type LiveMedia } from './room.service.ts';
import { liveRoutes } from './routes.ts';

export interface LivePluginOptions {
  config: Config;
  clock: Clock;
  /** Signs play URLs (the app secret). */
  secret: string;
  /** Whether the site takes anchor applications now (system setting apply_for_anchor). */
  applicationsOpen: () => Promise<boolean>;
}

/**
 * The live domain, assembled: anchor applications, rooms, reservations and the media side
 * (RTMP ingest, ladder, HTTP-FLV / HLS playback, SRS-style hooks, demo broadcaster).
 * The ingest starts when the server starts listening (never in inject-only tests) and stops
 * with the app.
 */
export async function livePlugin(app: FastifyInstance, opts: LivePluginOptions) {
  const { config, clock } = opts;
  const db = app.database.db;
  const ffmpeg = config.RTMP_PORT > 0 ? await findFfmpeg(config.FFMPEG) : null;
  const viewers = new ViewerCounter(app.bus);
  let ingestRunning = false;

  const roomRepo = createRoomRepo(db);
  const reservationRepo = createReservationRepo(db);
  const reservations = createReservationService({ repo: reservationRepo, rooms: roomRepo, clock, findMatch: createMatchLookup(db) });

  // Created below once the hooks exist; the room service only reads it through `media`.
  let ingest: Ingest | null = null;
  const rtmpHost = new URL(config.publicUrl).hostname;
  const media: LiveMedia = {
    get rtmpUrl() {
      return ingestRunning ? `rtmp://${rtmpHost}:${config.RTMP_PORT}/live` : '';
    },
    get ingest() {
      return ingestRunning;
    },
    get ladder() {
      return ingestRunning && ffmpeg !== null;
    },
    levels: (roomId) => (ingest && ingestRunning ? ingest.levels(roomId) : [{ level: 'original' as LiveLevel, height: 0 }]),
    playUrls(roomId, level) {
      const expires = Math.floor(clock.now().getTime() / 1000) + PLAY_TOKEN_TTL_SECONDS;
      const q = signPlay(opts.secret, roomId, level, expires);
      return { flv: `/live/${roomId}_${level}.flv?${q}`, hls: this.ladder ? `/live/${roomId}_${level}/index.m3u8?${q}` : null };
    },
    allowedLevels(loggedIn) {
      // Without a transcoder "original" is all there is, and visitors watch it too.
      return this.ladder ? allowedLevels(loggedIn) : new Set<LiveLevel>(['original']);
    },
    online: (roomId) => viewers.online(roomId),
    kick: async (roomId) => {
      if (ingest && ingestRunning) return ingest.kickLocal(roomId) ? 'local' : 'none';
      // Another process may run the ingest (several processes share Redis).
      if (app.bus.kind === 'memory') return 'none';
      await app.bus.publish(KICK_CHANNEL, String(roomId));
      return 'remote';
    },
  };

  const rooms = createRoomService({
    repo: roomRepo,
    clock,
    media,
    giftsDuring: (roomId, from, to) => giftsReceivedDuring(db, roomId, from, to),
    followerCount: (id) => anchorFollowerCount(db, id),
    isFollowing: (userId, anchorId) => followsAnchor(db, userId, anchorId),
    nextReservation: (roomId, viewer) => reservations.next(roomId, viewer),
  });
  const applications = createApplicationService({
    repo: createApplicationRepo(db),
    clock,
    applicationsOpen: opts.applicationsOpen,
    onApproved: async (userId, liveType) => {
      const anchor = await roomRepo.anchorOf(userId);
      await rooms.ensureRoom(userId, liveType, `${anchor?.nickname ?? 'Anchor'}'s live room`.slice(0, 40));
    },
  });

  // Search of live rooms (api/Search/index, live) belongs to the search module; it asks us.
  const search = (app.services as { search?: { setLiveRoomSearch?: (fn: typeof rooms.search) => void } }).search;
  search?.setLiveRoomSearch?.((word, o) => rooms.search(word, o));

  if (config.RTMP_PORT > 0) {
    ingest = new Ingest({ port: config.RTMP_PORT, host: config.HOST, dataDir: config.dataDir, ffmpeg, hooks: rooms, viewers, bus: app.bus, log: app.log });
  }

  await app.register(liveRoutes, { applications, rooms, reservations });
  await app.register(playRoutes, { ingest, viewers, secret: opts.secret, clock });
  await app.register(srsHookRoutes, { hooks: rooms });

  let demo: DemoBroadcaster | null = null;
  app.addHook('onListen', async () => {
    await viewers.start();
    if (!ingest) return;
    try {
      await ingest.start();
      ingestRunning = true;
      app.log.info(`RTMP ingest on rtmp://${rtmpHost}:${config.RTMP_PORT}/live (${ffmpeg ? `quality ladder by ${ffmpeg}` : 'no ffmpeg: only the original quality'})`);
    } catch (err) {
      app.log.error({ err }, `RTMP ingest could not start on port ${config.RTMP_PORT}; live streaming is off`);
      return;
    }
    if (config.DEMO_STREAMS && ffmpeg) {
      demo = new DemoBroadcaster(ffmpeg, `rtmp://127.0.0.1:${config.RTMP_PORT}/live`, app.log);
      // The demo anchors are seeded after the server listens (main.ts): start pushing once they exist.
      const broadcaster = demo;
      void app.demoSeeded
        .then(async () => broadcaster.start(await demoStreams(db)))
        .catch((err) => app.log.error({ err }, 'demo streams could not start'));
    }
  });
  // Before the HTTP server closes: open HTTP-FLV responses would otherwise hold it open, and the
  // last unpublish bookkeeping must reach the database before it closes.
  app.addHook('preClose', async () => {
    await demo?.stop();
    if (ingestRunning) await ingest?.stop();
    ingestRunning = false;
    await viewers.stop();
  });
}
