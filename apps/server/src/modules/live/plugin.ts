import fp from 'fastify-plugin';
import type { LiveLevel } from '@livesports/contracts/live';
import type { Lang } from '@livesports/contracts/messages';
import { ImCustomType, type LiveStateEvent } from '@livesports/contracts/chat';
import { economyRoomChannel } from '@livesports/contracts/economy-gifts';
import { findFfmpeg } from '../../media/ffmpeg.ts';
import { bounded } from '../../platform/bounded.ts';
import { pageId } from '../../platform/page-images.ts';
import { Ingest, KICK_CHANNEL } from '../../media/ingest.ts';
import { playRoutes } from '../../media/play-routes.ts';
import { allowedLevels, PLAY_TOKEN_TTL_SECONDS, signPlay } from '../../media/play-token.ts';
import { srsHookRoutes } from '../../media/srs-hooks.ts';
import { ViewerCounter } from '../../media/viewers.ts';
import { FOLLOW_CHANGED, type FollowChanged } from '../social/plugin.ts';
import { createApplicationRepo } from './application.repo.ts';
import { type ApplicationService, createApplicationService } from './application.service.ts';
import { createMatchLinkRepo } from './match-link.repo.ts';
import { createMatchLinkService } from './match-link.service.ts';
import { createReservationRepo } from './reservation.repo.ts';
import { type MatchLookup, type ReservationService, createReservationService } from './reservation.service.ts';
import { createRoomRepo } from './room.repo.ts';
import { type LiveMedia, type RoomService, createRoomService } from './room.service.ts';
import { liveRoutes } from './routes.ts';
import { createLiveStaffRepo } from './staff.repo.ts';
import { liveStaffRoutes } from './staff.routes.ts';
import { createLiveStaffService } from './staff.service.ts';
import { streamHealthRoutes } from './stream-health.routes.ts';
import { createStreamHealthService } from './stream-health.service.ts';

/** The longest one shutdown step of the live module may take (ingest, recorder, publishers). */
const CLOSE_STEP_MS = 15_000;

/** Something that pushes into this process's own ingest (the demo's broadcaster): started once it listens, stopped before it. */
export interface LocalPublisher {
  start(ingest: { rtmpUrl: string; ffmpeg: string | null }): Promise<void> | void;
  stop(): Promise<void>;
}

/** The live module's public face. */
export interface LiveModule {
  rooms: RoomService;
  applications: ApplicationService;
  reservations: ReservationService;
  /** Adds a publisher that runs while this process's RTMP ingest runs. */
  addLocalPublisher(publisher: LocalPublisher): void;
  /** The match a room covers at a moment: the studio's link, else a reserved broadcast of a match. */
  matchOf(roomId: number, at: Date): Promise<number | null>;
  /** Someone in a room without a stream connection (the demo fans): one viewer for the next 15 s. */
  seeViewer(roomId: number, who: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveModule;
  }
}

/**
 * The live domain, assembled: anchor applications, rooms, reservations and the media side
 * (RTMP ingest, ladder, HTTP-FLV / HLS playback, SRS-style hooks). The ingest starts when the
 * server starts listening (never in inject-only tests) and stops with the app.
 *
 * Ports filled from other modules' decorators: followers (social), gifts received (economy), a
 * reserved match (matches), whether applications are open (system), room search (search) and
 * the recorder of broadcasts (replays).
 */
export const liveModule = fp(
  async (app) => {
    const { config, clock } = app;
    const db = app.database.db;
    const secret = app.secrets.app;
    const ffmpeg = config.RTMP_PORT > 0 ? await findFfmpeg(config.FFMPEG) : null;
    const viewers = new ViewerCounter(app.bus);
    let ingestRunning = false;

    const roomRepo = createRoomRepo(db);
    const findMatch: MatchLookup = (sport, id, lang) => app.matches.summary(sport, id, lang);
    const reservations = createReservationService({ repo: createReservationRepo(db), rooms: roomRepo, clock, findMatch, cache: app.readCache });
    const links = createMatchLinkService({ repo: createMatchLinkRepo(db), clock, findMatch });

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
        // The expiry is rounded up to the next whole hour, so the URLs a room page polls stay the same
        // string for an hour: a changed URL restarts the player (a stall every poll otherwise).
        const nowSeconds = Math.floor(clock.now().getTime() / 1000);
        const expires = Math.ceil((nowSeconds + PLAY_TOKEN_TTL_SECONDS) / 3600) * 3600;
        const q = signPlay(secret, roomId, level, expires);
        return { flv: `/live/${roomId}_${level}.flv?${q}`, hls: this.ladder ? `/live/${roomId}_${level}/index.m3u8?${q}` : null };
      },
      allowedLevels(loggedIn) {
        // Without a transcoder "original" is all there is, and visitors watch it too.
        return this.ladder ? allowedLevels(loggedIn) : new Set<LiveLevel>(['original']);
      },
      online: (roomId) => viewers.online(roomId),
      // The anchor ended the broadcast: its replay closes (no grace period for a reconnect).
      endRecording: (roomId) => app.replays.endRecording(roomId),
      ladderHealth: (roomId) => (ingest && ingestRunning ? ingest.ladderHealth(roomId) : null),
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
      giftsDuring: (roomId, from, to) => app.economy.giftsReceived(roomId, from, to),
      followerCount: (id) => app.social.anchorFollowers(id),
      isFollowing: (userId, anchorId) => app.social.followsAnchor(userId, anchorId),
      nextReservation: (roomId, viewer) => reservations.next(roomId, viewer),
      linkedMatch: (roomId, lang) => links.linked(roomId, lang),
      cache: app.readCache,
      banned: (userId) => app.account.sanctions.isBanned(userId),
      // The room's chat socket relays its events channel to every page open on the room (im-gateway.ts).
      announce: async (roomId, live) => {
        const event: LiveStateEvent = { type: ImCustomType.LIVE, room_id: roomId, is_live: live ? 1 : 0 };
        await app.bus.publish(economyRoomChannel(roomId), JSON.stringify(event)).catch((err) => app.log.warn({ err, roomId }, 'live: the room could not be told'));
      },
    });
    // A follow changes the anchor's follower count in room info; every process hears it on the bus.
    const unfollow = await app.bus.subscribe(FOLLOW_CHANGED, (raw) => {
      try {
        const m = JSON.parse(raw) as FollowChanged;
        app.readCache.drop([`room:${m.followee}`]);
      } catch {
        // not ours
      }
    });
    app.addHook('onClose', async () => void (await unfollow().catch(() => undefined)));
    const applications = createApplicationService({
      repo: createApplicationRepo(db),
      clock,
      applicationsOpen: async () => (await app.system.settings()).apply_for_anchor !== '0',
      onApproved: async (userId, liveType) => {
        const anchor = await roomRepo.anchorOf(userId);
        await rooms.ensureRoom(userId, liveType, `${anchor?.nickname ?? 'Anchor'}'s live room`.slice(0, 40));
      },
      // Reviews are recorded in the console's audit log in the review's own transaction.
      audit: (entry, tx) => app.console.audit(entry, tx),
    });
    app.siteSearch.provide({ liveRooms: (word, o) => rooms.search(word, o) });

    if (config.RTMP_PORT > 0) {
      ingest = new Ingest({
        port: config.RTMP_PORT,
        host: config.HOST,
        dataDir: config.dataDir,
        ffmpeg,
        hooks: rooms,
        viewers,
        bus: app.bus,
        log: app.log,
        recorder: app.replays.recorder ?? undefined,
      });
    }

    const publishers: LocalPublisher[] = [];
    app.decorate('live', {
      rooms,
      applications,
      reservations,
      addLocalPublisher: (p: LocalPublisher) => void publishers.push(p),
      matchOf: (roomId: number, at: Date) => links.matchOf(roomId, at),
      seeViewer: (roomId: number, who: string) => viewers.touchHls(roomId, who),
    });

    // The pictures the room and home pages show largest, named in their HTML (platform/page-images.ts).
    const roomPicture = async (query: URLSearchParams, lang: Lang) => {
      const id = pageId(query);
      const picture = id ? await rooms.picture(id, lang) : null;
      // Offline, the page needs no player (quiet): its files may wait behind the cover.
      return picture && { src: picture.src, quiet: !picture.live };
    };
    // The home's hero and first live card: the most-watched live room (the list the home asks for);
    // with nobody live, the first of the rooms it shows instead (apps/web live-strip.tsx).
    const topRoomPicture = async () => {
      const live = (await rooms.liveList({ type: 0, page: 1, limit: 4 })).data;
      const first = live.total > 0 ? live.list[0] : (await rooms.roomList({ type: 0, page: 1, limit: 4 })).data.list[0];
      const src = first ? first.cover || first.thumb : '';
      return src ? { src } : null;
    };
    for (const path of ['live', 'm/live']) app.pageImages.set(path, roomPicture);
    for (const path of ['', 'main', 'm']) app.pageImages.set(path, topRoomPicture);

    await app.register(liveRoutes, { applications, rooms, reservations, links });
    await app.register(playRoutes, { ingest, viewers, secret, clock });
    await app.register(srsHookRoutes, { hooks: rooms });
    // What the encoder sends and which rungs are up: the studio (the anchor's own) and the console's media page.
    const health = createStreamHealthService({ source: (roomId) => (ingest && ingestRunning ? ingest.health(roomId) : null) });
    await app.register(streamHealthRoutes, { health });
    // The console: rooms (moderators) and the media status (administrators).
    const staff = createLiveStaffService({
      repo: createLiveStaffRepo(db),
      rooms,
      media,
      audit: (entry) => app.console.audit(entry),
      streams: () => (ingest && ingestRunning ? ingest.streams() : []),
      health: (roomId, lang) => health.of(roomId, lang),
      ffmpeg,
      busKind: app.bus.kind,
    });
    await app.register(liveStaffRoutes, { staff });

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
      for (const p of publishers) await p.start({ rtmpUrl: `rtmp://127.0.0.1:${config.RTMP_PORT}/live`, ffmpeg });
    });
    // Before the HTTP server closes: open HTTP-FLV responses would otherwise hold it open, and the
    // last unpublish bookkeeping must reach the database before it closes. Local publishers first.
    // Each step is bounded (platform/bounded.ts): a close once hung in the recorder's or the ingest's
    // stop under load, and a site must close whatever its encoders and ffmpeg children do.
    app.addHook('preClose', async () => {
      await bounded(app.log, 'demo publishers', CLOSE_STEP_MS, async () => {
        for (const p of publishers) await p.stop();
      });
      if (ingestRunning) await bounded(app.log, 'RTMP ingest', CLOSE_STEP_MS, () => ingest!.stop());
      ingestRunning = false;
      await bounded(app.log, 'replay recorder', CLOSE_STEP_MS, async () => app.replays.recorder?.stop());
      await bounded(app.log, 'viewer counts', CLOSE_STEP_MS, () => viewers.stop());
    });
  },
  {
    name: 'live',
    fastify: '5.x',
    dependencies: [
      'config',
      'secrets',
      'database',
      'clock',
      'bus',
      'read-cache',
      'http',
      'envelope',
      'auth',
      'page-images',
      'account',
      'console',
      'system',
      'search',
      'social',
      'economy',
      'matches',
      'replays',
    ],
  },
);
