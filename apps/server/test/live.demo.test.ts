import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as rooms from '@livesports/contracts/live';
import { DemoBroadcaster, demoPushArgs, type DemoStream } from '../src/demo/broadcaster.ts';
import { findFfmpeg } from '../src/media/ffmpeg.ts';
import { call, freePort, otherApp } from './helpers.ts';
import { probeFlv } from './flv-reader.ts';
import { approvedAnchor, liveUser } from './live.helpers.ts';

// The demo rooms' streams: each room's picture is rendered once into a file (a 720p loop) and
// pushed without re-encoding; the ladder then makes three real steps from it. A second start
// reuses the file. (A 2 s loop here: the real one is 40 s.)

const ffmpeg = await findFfmpeg(undefined);

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!ffmpeg)('demo streams: rendered once, pushed as a copy', () => {
  let app: FastifyInstance;
  let base: string;
  let rtmp: string;
  let anchor: Awaited<ReturnType<typeof approvedAnchor>>;
  let viewer: Awaited<ReturnType<typeof liveUser>>;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-demo-loops-'));
  const broadcasters: DemoBroadcaster[] = [];

  beforeAll(async () => {
    const rtmpPort = await freePort();
    app = await otherApp({ RTMP_PORT: String(rtmpPort), DEMO_STREAMS: 'off', HOST: '127.0.0.1' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
    rtmp = `rtmp://127.0.0.1:${rtmpPort}/live`;
    const admin = await liveUser(app, { admin: true });
    anchor = await approvedAnchor(app, admin);
    viewer = await liveUser(app);
    await until('the ingest', async () => (await call(app, rooms.getMyRoom, {}, { token: anchor.token })).data.ingest);
  });

  afterAll(async () => {
    for (const b of broadcasters) await b.stop();
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const stream = (): DemoStream => ({ name: 'hoops', streamKey: anchor.key, sport: 'basketball', color: '0xb9804a', kits: ['0x552583', '0x007a33'] });

  it('pushes a copy of the file for ever, never re-encoding', () => {
    const args = demoPushArgs('/data/demo/x.flv', 'rtmp://h/live/k');
    expect(args.join(' ')).toContain('-re -stream_loop -1 -i /data/demo/x.flv -c copy -f flv rtmp://h/live/k');
  });

  it('renders the room once at 720p; the room goes live with HD, SD and smooth as real steps', { timeout: 120_000 }, async () => {
    const demo = new DemoBroadcaster(ffmpeg!, rtmp, dir, app.log, 2);
    broadcasters.push(demo);
    await demo.start([stream()]);
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^hoops-[0-9a-f]{10}\.flv$/);

    const urls = await until('the ladder plan', async () => {
      const r = await call(app, rooms.getLiveUrl, { room_id: anchor.id }, { token: viewer.token });
      return r.data.levels.find((l: { level: string; height: number }) => l.level === 'sd' && l.height > 0) ? r.data : null;
    });
    expect(urls.levels.map((l: { height: number }) => l.height)).toEqual([720, 720, 480, 360]);
    const original = await probeFlv(base + urls.levels[0].flv, { untilFrames: 3, timeoutMs: 10_000 });
    expect(original).toMatchObject({ status: 200, videoConfig: true, height: 720 });
    expect(original.audioFrames).toBeGreaterThan(0);
    // Only the push runs for the source: no encoder of our own.
    expect(demo.pids()).toHaveLength(1);
    await demo.stop();
    await until('the room to go offline', async () => (await call(app, rooms.getRoomInfo, { room_id: anchor.id })).data.live.is_live === 0);
  });

  it('a later start reuses the rendered loop and pushes at once', { timeout: 30_000 }, async () => {
    const file = path.join(dir, fs.readdirSync(dir)[0]);
    const before = fs.statSync(file).mtimeMs;
    const demo = new DemoBroadcaster(ffmpeg!, rtmp, dir, app.log, 2);
    broadcasters.push(demo);
    const t0 = Date.now();
    await demo.start([stream()]);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(fs.statSync(file).mtimeMs).toBe(before);
    await until('the room to go live', async () => (await call(app, rooms.getRoomInfo, { room_id: anchor.id })).data.live.is_live === 1, 15_000);
    await demo.stop();
  });
});
