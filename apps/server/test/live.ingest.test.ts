import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ImCustomType, type LiveStateEvent } from '@livesports/contracts/chat';
import { economyRoomChannel } from '@livesports/contracts/economy-gifts';
import * as rooms from '@livesports/contracts/live';
import { findFfmpeg } from '../src/media/ffmpeg.ts';
import { call, otherApp } from './helpers.ts';
import { probeFlv } from './flv-reader.ts';
import { approvedAnchor, liveUser } from './live.helpers.ts';

// The real media path: ffmpeg pushes a test pattern over RTMP into the embedded ingest, the
// publish hook accepts the anchor's key, the ladder makes HD/SD/smooth, and we read valid
// HTTP-FLV and HLS back for every level through the site's own port.

const ffmpeg = await findFfmpeg(undefined);
if (!ffmpeg) console.warn('live.ingest.test: SKIPPED — no ffmpeg on PATH (apt-get install ffmpeg to run the RTMP ingest test)');

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** ffmpeg publishing a 640x360 test pattern with a tone, as OBS would publish a camera. */
function push(rtmpUrl: string, seconds: number): ChildProcess {
  return spawn(
    ffmpeg!,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=640x360:r=15',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=44100',
      '-t',
      String(seconds),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-tune',
      'zerolatency',
      '-g',
      '15',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      '600k',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-f',
      'flv',
      rtmpUrl,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
}

const exited = (p: ChildProcess, ms: number) =>
  new Promise<number | null | 'timeout'>((resolve) => {
    if (p.exitCode !== null) return resolve(p.exitCode);
    const t = setTimeout(() => resolve('timeout'), ms);
    p.once('exit', (code) => {
      clearTimeout(t);
      resolve(code);
    });
  });

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe.skipIf(!ffmpeg)('RTMP ingest, quality ladder and playback', () => {
  let app: FastifyInstance;
  let base: string;
  let rtmp: string;
  let anchor: Awaited<ReturnType<typeof approvedAnchor>>;
  let viewer: Awaited<ReturnType<typeof liveUser>>;
  let encoder: ChildProcess | null = null;

  beforeAll(async () => {
    const rtmpPort = await freePort();
    app = await otherApp({ RTMP_PORT: String(rtmpPort), DEMO_STREAMS: 'off', HOST: '127.0.0.1' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
    rtmp = `rtmp://127.0.0.1:${rtmpPort}/live`;
    const admin = await liveUser(app, { admin: true });
    anchor = await approvedAnchor(app, admin);
    viewer = await liveUser(app);
    // The ingest starts once the server listens.
    await until('the ingest', async () => (await call(app, rooms.getMyRoom, {}, { token: anchor.token })).data.ingest);
  });

  afterAll(async () => {
    encoder?.kill('SIGKILL');
    await app?.close();
  });

  it('the anchor sees where to push', async () => {
    const room = await call(app, rooms.getMyRoom, {}, { token: anchor.token });
    expect(room.data).toMatchObject({ ingest: true, ladder: true, stream_key: anchor.key });
    expect(room.data.push_url).toMatch(new RegExp(`^rtmp://[^/]+:\\d+/live/${anchor.key}$`));
  });

  it('refuses a wrong key: the encoder is cut off and nothing goes live', async () => {
    const wrong = push(`${rtmp}/${'x'.repeat(24)}`, 5);
    expect(await exited(wrong, 8000)).not.toBe(0);
    expect((await call(app, rooms.getLiveList, {})).data.list.map((r: { room_id: number }) => r.room_id)).not.toContain(anchor.id);
  });

  it('accepts the anchor key and serves valid HTTP-FLV and HLS for every level', async () => {
    // The room's open pages hear the stream start on the room's chat channel (type 104).
    const heard: LiveStateEvent[] = [];
    const off = await app.bus.subscribe(economyRoomChannel(anchor.id), (raw) => heard.push(JSON.parse(raw) as LiveStateEvent));
    encoder = push(`${rtmp}/${anchor.key}`, 40);
    await until('the room to go live', async () => (await call(app, rooms.getRoomInfo, { room_id: anchor.id })).data.live.is_live === 1);
    // A visitor asking for SD right away waits for the ladder to start it (no 404 and retry).
    const early = (await call(app, rooms.getLiveUrl, { room_id: anchor.id })).data.levels.find((l: { level: string }) => l.level === 'sd');
    const firstSd = await probeFlv(base + early.flv, { untilFrames: 1, timeoutMs: 8000 });
    expect(firstSd).toMatchObject({ status: 200, header: true, videoConfig: true });
    await until('the live event', async () => heard.some((e) => e.type === ImCustomType.LIVE && e.is_live === 1));
    expect(heard.find((e) => e.type === ImCustomType.LIVE)).toEqual({ type: 104, room_id: anchor.id, is_live: 1 });
    await off();

    const urls = await until('the ladder plan', async () => {
      const r = await call(app, rooms.getLiveUrl, { room_id: anchor.id }, { token: viewer.token });
      return r.data.levels.find((l: { level: string; height: number }) => l.level === 'sd' && l.height > 0) ? r.data : null;
    });
    expect(urls.ladder).toBe(true);
    expect(urls.levels.map((l: { level: string }) => l.level)).toEqual(['original', 'hd', 'sd', 'smooth']);
    // A 360p push: HD is the original itself, SD 240p and smooth 180p are encoded.
    expect(urls.levels.map((l: { height: number }) => l.height)).toEqual([360, 360, 240, 180]);
    expect(urls.levels.every((l: { locked: boolean }) => !l.locked)).toBe(true);

    const expected: Record<string, number> = { original: 360, hd: 360, sd: 240, smooth: 180 };
    for (const level of urls.levels as Array<{ level: string; flv: string; hls: string }>) {
      const flv = await until(`FLV of ${level.level}`, async () => {
        const p = await probeFlv(base + level.flv, { untilFrames: 5, timeoutMs: 6000 });
        return p.status === 200 && p.videoFrames >= 5 ? p : null;
      });
      expect(flv, level.level).toMatchObject({ header: true, videoConfig: true, height: expected[level.level] });
      expect(flv.firstKeyFrameMs, level.level).toBeGreaterThanOrEqual(0);
      expect(flv.audioFrames, level.level).toBeGreaterThan(0);

      const playlist = await until(`HLS playlist of ${level.level}`, async () => {
        const res = await fetch(base + level.hls);
        const text = res.ok ? await res.text() : '';
        return text.includes('.ts?') ? text : null;
      });
      expect(playlist.startsWith('#EXTM3U')).toBe(true);
      const segment = playlist.split('\n').find((l) => l.includes('.ts?'))!;
      const res = await fetch(new URL(segment, base + level.hls));
      expect(res.status, level.level).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      // MPEG-TS: 188-byte packets, each starting with the sync byte 0x47.
      expect(bytes.length % 188).toBe(0);
      expect(bytes[0]).toBe(0x47);
      expect(bytes[188]).toBe(0x47);
    }
    // One person fetched the playlists of four levels (as a player changing quality does): one viewer.
    const online = async () => (await call(app, rooms.getOnlineMemberNum, { room_id: anchor.id })).data.num as number;
    await until('the FLV probes to leave', async () => (await online()) <= 1, 5000).catch(() => undefined);
    expect(await online()).toBe(1);
  });

  it('room cards show a still of the live picture', async () => {
    const card = (await call(app, rooms.getLiveList, {})).data.list.find((r: { room_id: number }) => r.room_id === anchor.id);
    expect(card.thumb).toMatch(new RegExp(`^/live/${anchor.id}/thumb\\.jpg\\?m=\\d+$`));
    const jpeg = await until('the first still', async () => {
      const res = await fetch(base + card.thumb);
      return res.ok ? Buffer.from(await res.arrayBuffer()) : null;
    });
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
  });

  it('visitors get SD at most, enforced by the signed URLs', async () => {
    const v = await call(app, rooms.getLiveUrl, { room_id: anchor.id });
    const byLevel = Object.fromEntries(v.data.levels.map((l: { level: string }) => [l.level, l]));
    expect(byLevel.original).toMatchObject({ locked: true, flv: null, hls: null });
    expect(byLevel.hd).toMatchObject({ locked: true, flv: null, hls: null });
    expect(byLevel.sd.locked).toBe(false);
    expect(byLevel.smooth.locked).toBe(false);
    // The SD signature does not open HD, nor does none at all.
    const forged = byLevel.sd.flv.replace('_sd.flv', '_hd.flv');
    expect((await fetch(base + forged)).status).toBe(403);
    expect((await fetch(`${base}/live/${anchor.id}_hd.flv`)).status).toBe(403);
    expect((await fetch(base + byLevel.sd.hls.replace('_sd/', '_original/'))).status).toBe(403);
    const sd = await probeFlv(base + byLevel.sd.flv, { untilFrames: 3, timeoutMs: 6000 });
    expect(sd).toMatchObject({ status: 200, header: true, height: 240 });
  });

  it('gives the same play URL to a page polling the room (a new URL would restart its player)', async () => {
    const first = (await call(app, rooms.getRoomInfo, { room_id: anchor.id })).data.live.levels;
    await new Promise((r) => setTimeout(r, 1100));
    const again = (await call(app, rooms.getRoomInfo, { room_id: anchor.id })).data.live.levels;
    expect(again.map((l: { flv: string | null }) => l.flv)).toEqual(first.map((l: { flv: string | null }) => l.flv));
    const expiry = Number(/[?&]e=(\d+)/.exec(first.find((l: { flv: string | null }) => l.flv)!.flv)![1]);
    expect(expiry - Date.now() / 1000).toBeGreaterThanOrEqual(6 * 3600 - 5);
  });

  it('counts connected viewers, and ending the room cuts the encoder and closes the record', async () => {
    const url = (await call(app, rooms.getLiveUrl, { room_id: anchor.id }, { token: viewer.token })).data.levels[0].flv;
    const watching = probeFlv(base + url, { untilFrames: 10_000, timeoutMs: 20_000 });
    await until('a viewer to be counted', async () => (await call(app, rooms.getOnlineMemberNum, { room_id: anchor.id })).data.num >= 1);

    const heard: LiveStateEvent[] = [];
    const off = await app.bus.subscribe(economyRoomChannel(anchor.id), (raw) => heard.push(JSON.parse(raw) as LiveStateEvent));
    const ended = await call(app, rooms.endRoom, {}, { token: anchor.token });
    expect(ended.data).toMatchObject({ status: 0, is_live: 0 });
    await until('the offline event', async () => heard.some((e) => e.type === ImCustomType.LIVE && e.is_live === 0));
    await off();
    // The viewer's stream ends (its player goes to the offline screen), the encoder is cut off.
    const seen = await watching;
    expect(seen.videoFrames).toBeGreaterThan(0);
    expect(await exited(encoder!, 8000)).not.toBe('timeout');
    expect((await call(app, rooms.getOnlineMemberNum, { room_id: anchor.id })).data.num).toBe(0);
    const record = (await call(app, rooms.getLiveRecord, {}, { token: anchor.token })).data.list[0];
    expect(record.end_time).not.toBeNull();
    expect(record.peak_viewers).toBeGreaterThanOrEqual(1);
    expect(record.duration).toBeGreaterThanOrEqual(1);
  });
});
