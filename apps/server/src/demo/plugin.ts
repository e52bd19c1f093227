import path from 'node:path';
import fp from 'fastify-plugin';
import { seedDemo } from '../db/seed/demo.ts';
import { demoStreams } from '../db/seed/live.ts';
import { DemoBroadcaster } from './broadcaster.ts';
import { startDemoChatter } from './chatter.ts';
import { linkDemoRooms } from './match-links.ts';
import { createDemoPundits } from './pundits.ts';

/**
 * Everything that makes a fresh `npm start` look alive, in one plugin that app.ts loads only when
 * DEMO_DATA or DEMO_STREAMS is on (production code never imports it):
 *   - DEMO_DATA: demo content seeded into an empty database once the server listens (`demoSeeded`
 *     resolves then), and demo pundits predicting on the replay's matches;
 *   - DEMO_STREAMS: demo anchors pushing rendered matches into the RTMP ingest (with ffmpeg);
 *   - both: demo fans chatting in the demo rooms while those are live.
 */
export const demoPlugin = fp(
  async (app) => {
    const { config } = app;
    const db = app.database.db;

    if (config.DEMO_DATA) {
      // Listen first, then load the demo data: the embedded database runs in this process's own
      // thread, so bulk demo writes would hold up the first requests. A first start serves its first
      // page within seconds; the content (and the replay and demo streams, which wait for it) follows.
      let seedNow: () => void = () => undefined;
      app.demoSeeded = new Promise<void>((resolve) => (seedNow = resolve)).then(() => seedDemo(app));
      app.demoSeeded.then(
        () => app.log.info(`demo data ready after ${Math.round(performance.now())} ms`),
        (err) => app.log.error({ err }, 'demo data could not be loaded'),
      );
      app.addHook('onListen', async () => void setTimeout(seedNow, 1000).unref());

      const pundits = createDemoPundits({ db, foresight: app.matches.foresight, clock: app.clock });
      app.matches.afterReplayTick(() => pundits.run());
    }

    if (config.DEMO_STREAMS) {
      let broadcaster: DemoBroadcaster | null = null;
      let linked: Array<{ roomId: number; sport: string }> = [];
      // The pictures carry no score: each demo room covers a replayed match whose live strip the
      // room page shows (match-links.ts). Relinked after each replay tick when its match ended.
      const relink = () => linkDemoRooms(app, linked).catch((err) => app.log.warn({ err }, 'demo rooms could not be linked to matches'));
      if (config.DEMO_DATA) app.matches.afterReplayTick(relink);
      app.live.addLocalPublisher({
        start({ rtmpUrl, ffmpeg }) {
          if (!ffmpeg) return;
          // Each room's loop is rendered once into DATA_DIR/demo and pushed without re-encoding.
          const demo = (broadcaster = new DemoBroadcaster(ffmpeg, rtmpUrl, path.join(config.dataDir, 'demo'), app.log));
          // The demo anchors are seeded after the server listens: start pushing once they exist.
          void app.demoSeeded
            .then(async () => {
              const streams = await demoStreams(db);
              linked = streams.map((s) => ({ roomId: s.roomId, sport: s.sport }));
              await relink();
              await demo.start(streams);
            })
            .catch((err) => app.log.error({ err }, 'demo streams could not start'));
        },
        stop: async () => broadcaster?.stop(),
      });
    }

    if (config.DEMO_DATA && config.DEMO_STREAMS) {
      // The demo fans talk in the demo rooms while those stream; the chatter waits for the seed.
      let stopChatter: (() => Promise<void>) | null = null;
      app.addHook('onListen', async () => void (stopChatter = startDemoChatter(app, app.chat.messages)));
      app.addHook('onClose', async () => stopChatter?.());
    }
  },
  { name: 'demo', fastify: '5.x', dependencies: ['config', 'database', 'clock', 'read-cache', 'matches', 'live', 'chat'] },
);
