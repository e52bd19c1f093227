import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { liveRooms } from '../../db/schema/live.ts';
import { findFfmpeg } from '../../media/ffmpeg.ts';
import { Recorder } from '../../media/recorder.ts';
import { createReplayRepo } from './repo.ts';
import { replayRoutes } from './routes.ts';
import { createReplayService, type ReplayService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Replays and clips; `recorder` is there when this process records (ingest with ffmpeg). */
    replays: {
      service: ReplayService;
      recorder: Recorder | null;
      /** The anchor ended the broadcast (from any process): the replay closes, no grace for a reconnect. */
      endRecording(roomId: number): Promise<void>;
    };
  }
}

const SWEEP_MS = 60 * 60 * 1000;

/**
 * Replays of broadcasts and clips cut from them. The recorder runs beside the embedded ingest
 * (the live module hands it to the ingest); recording needs ffmpeg, whose ladder writes the
 * segments. Old replays are removed after REPLAY_DAYS, hourly. Clips are published as video
 * headlines through the content module's decorator.
 */
export const replaysModule = fp(
  async (app) => {
    const { config, clock, storage } = app;
    const db = app.database.db;
    const repo = createReplayRepo(db);
    const ffmpeg = await findFfmpeg(config.FFMPEG);
    const ingest = config.RTMP_PORT > 0;
    const recorder =
      ingest && ffmpeg
        ? new Recorder({
            dataDir: config.dataDir,
            storage,
            repo,
            ffmpeg,
            clock,
            log: app.log,
            graceMs: config.REPLAY_GRACE_SECONDS * 1000,
            // Asked when a broadcast starts, long after every module is registered: the live
            // module (registered after this one, it hands the recorder to its ingest) knows the
            // room's match — the studio's link or a reservation — with the same rule as the room page.
            linkedMatch: (roomId, at) => (app.hasDecorator('live') ? app.live.matchOf(roomId, at) : repo.reservedMatch(roomId, at)),
          })
        : null;
    const service = createReplayService({
      repo,
      storage,
      clock,
      ffmpeg,
      log: app.log,
      recording: { available: !!recorder, reason: !ingest ? 'no_ingest' : ffmpeg ? null : 'ffmpeg_off' },
      keepDays: config.REPLAY_DAYS,
      publishVideo: (authorId, input) => app.content.publishVideo(authorId, input),
      speak: (userId) => app.account.sanctions.assertCanSpeak(userId),
      roomType: async (roomId) => (await db.select({ type: liveRooms.type }).from(liveRooms).where(eq(liveRooms.id, roomId)).limit(1))[0]?.type ?? 4,
    });
    app.decorate('replays', {
      service,
      recorder,
      async endRecording(roomId: number) {
        // In memory where this process records; in the database for the process that does (the
        // finaliser keeps a closed replay closed, and a broadcast after it opens a new one).
        recorder?.close(roomId);
        await repo.closeRoom(roomId);
      },
    });
    await app.register(replayRoutes, { service, storage });

    let timer: NodeJS.Timeout | null = null;
    app.addHook('onListen', async () => {
      // Only the process that runs the ingest records; it also tidies after a restart.
      if (recorder) await recorder.recoverStale().catch((err) => app.log.error({ err }, 'replay: recovering replays failed'));
      const sweep = () => void service.sweep().catch((err) => app.log.error({ err }, 'replay: retention sweep failed'));
      sweep();
      timer = setInterval(sweep, SWEEP_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      await service.idle();
    });
  },
  { name: 'replays', fastify: '5.x', dependencies: ['config', 'database', 'clock', 'storage', 'http', 'envelope', 'auth', 'account', 'content'] },
);
