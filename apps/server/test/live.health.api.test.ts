import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as catalog from '@livesports/contracts/console-catalog';
import * as rooms from '@livesports/contracts/live';
import { streamHealth, type StreamHealth } from '@livesports/contracts/live-health';
import { findFfmpeg } from '../src/media/ffmpeg.ts';
import { call, otherApp } from './helpers.ts';
import { approvedAnchor, liveUser } from './live.helpers.ts';

// Issue #50 item 4: the anchor sees the stream's health. A real ffmpeg pushes over RTMP into the
// embedded ingest; api/Anchor/streamHealth reports what arrives, and warns in the anchor's
// language when keyframes are far apart. The console's media status carries the same per stream.

const ffmpeg = await findFfmpeg(undefined);
if (!ffmpeg) console.warn('live.health.api.test: SKIPPED — no ffmpeg on PATH');

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** A small 25 fps picture at a set bitrate, with a keyframe every `gop` frames (OBS's "keyframe interval"). */
function push(url: string, gop: number): ChildProcess {
  const args = ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'];
  args.push('-t', '40', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0');
  args.push('-b:v', '300k', '-maxrate', '300k', '-bufsize', '300k', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-f', 'flv', url);
  return spawn(ffmpeg!, args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('stream health: who may ask', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await otherApp({ RTMP_PORT: '0', DEMO_STREAMS: 'off' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('not logged in: 700; a viewer: not an anchor; another anchor room: refused; bad room id: its message', async () => {
    expect((await call(app, streamHealth, {})).code).toBe(700);
    const viewer = await liveUser(app);
    const asViewer = await call(app, streamHealth, {}, { token: viewer.token });
    expect({ status: asViewer.status, code: asViewer.code }).toEqual({ status: 403, code: 1 });
    expect(asViewer.msg).toBe((await call(app, rooms.getMyRoom, {}, { token: viewer.token })).msg);
    const admin = await liveUser(app, { admin: true });
    const a = await approvedAnchor(app, admin);
    const b = await approvedAnchor(app, admin);
    const other = await call(app, streamHealth, { room_id: a.id }, { token: b.token, lang: 'en' });
    expect({ status: other.status, code: other.code, msg: other.msg }).toEqual({ status: 403, code: 1, msg: 'You can only see the health of your own stream' });
    const otherEs = await call(app, streamHealth, { room_id: a.id }, { token: b.token, lang: 'es' });
    expect(otherEs.msg).toBe('Solo puede ver el estado de su propia emisión');
    const bad = await call(app, streamHealth, { room_id: 'abc' }, { token: a.token, lang: 'en' });
    expect({ status: bad.status, code: bad.code, msg: bad.msg }).toEqual({ status: 400, code: 1, msg: 'Unknown live room' });
    // Their own room, named or not: nothing arrives, so no figures and no warning.
    for (const input of [{}, { room_id: a.id }]) {
      const own = await call<StreamHealth>(app, streamHealth, input, { token: a.token });
      expect(own.data).toMatchObject({ room_id: a.id, receiving: false, bitrate_kbps: 0, keyframe_interval_s: null, rungs: [], warnings: [] });
    }
  });
});

describe.skipIf(!ffmpeg)('stream health of a real RTMP push', () => {
  let app: FastifyInstance;
  let rtmp: string;
  let admin: Awaited<ReturnType<typeof liveUser>>;
  let anchor: Awaited<ReturnType<typeof approvedAnchor>>;
  let other: Awaited<ReturnType<typeof approvedAnchor>>;
  let encoder: ChildProcess | null = null;

  beforeAll(async () => {
    const rtmpPort = await freePort();
    app = await otherApp({ RTMP_PORT: String(rtmpPort), DEMO_STREAMS: 'off', HOST: '127.0.0.1' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    rtmp = `rtmp://127.0.0.1:${rtmpPort}/live`;
    admin = await liveUser(app, { admin: true });
    anchor = await approvedAnchor(app, admin);
    other = await approvedAnchor(app, admin);
    await until('the ingest', async () => (await call(app, rooms.getMyRoom, {}, { token: anchor.token })).data.ingest);
  });
  afterEach(async () => {
    if (!encoder) return;
    const done = new Promise((r) => encoder!.once('exit', r));
    encoder.kill('SIGKILL');
    await done;
    encoder = null;
    // The room goes offline before the next push.
    await until('the stream to end', async () => !(await call<StreamHealth>(app, streamHealth, {}, { token: anchor.token })).data.receiving);
  });
  afterAll(async () => {
    encoder?.kill('SIGKILL');
    await app?.close();
  });

  /** Numbers and units are held together by no-break spaces; compare with plain ones. */
  const plain = (s: string) => s.replaceAll('\u00a0', ' ');
  const health = async (lang = 'en') => (await call<StreamHealth>(app, streamHealth, {}, { token: anchor.token, lang })).data;

  it('a keyframe every 2 s: the figures of what the encoder sends, every rung up, no warning', async () => {
    encoder = push(`${rtmp}/${anchor.key}`, 50);
    // Enough stream for a full 5 s window and two keyframes, and the ladder's rungs started.
    const h = await until('figures and every rung', async () => {
      const x = await health();
      return x.receiving && x.keyframe_interval_s !== null && x.rungs.length > 1 && x.rungs.every((r) => r.up) && Date.now() - Date.parse(x.since!) > 6000 && x;
    });
    expect(h).toMatchObject({ room_id: anchor.id, width: 320, height: 180, keyframe_interval_s: 2, warnings: [] });
    // 300 kbps of video and 64 of audio asked for; x264 at ultrafast lands near, not on, it.
    expect(h.bitrate_kbps).toBeGreaterThan(150);
    expect(h.bitrate_kbps).toBeLessThan(800);
    expect(h.fps).toBeGreaterThan(20);
    expect(h.fps).toBeLessThan(30);
    expect(h.dropped_frames).toBe(0);
    expect(h.rungs.map((r) => r.level)).toEqual(['original', 'hd', 'sd', 'smooth']);
    // Another anchor sees only their own (silent) room.
    expect((await call<StreamHealth>(app, streamHealth, {}, { token: other.token })).data).toMatchObject({ room_id: other.id, receiving: false });
  });

  it('a keyframe every 12 s: a warning in the anchor language with the OBS setting, and the console shows it too', async () => {
    encoder = push(`${rtmp}/${anchor.key}`, 300);
    // The open interval counts once it passes 4 s: the warning comes well before the second keyframe.
    const h = await until('the keyframe warning', async () => {
      const x = await health('zh');
      return x.warnings.some((w) => w.code === 'keyframe_far') && x;
    });
    expect(Date.now() - Date.parse(h.since!)).toBeLessThan(11_000);
    expect(h.keyframe_interval_s).toBeGreaterThan(4);
    const w = h.warnings.find((x) => x.code === 'keyframe_far')!;
    expect(w.params).toMatchObject({ max: 4, advised: 2 });
    expect(plain(w.message)).toContain('设置 → 输出 → 关键帧间隔 → 2 秒');
    const en = (await health('en')).warnings.find((x) => x.code === 'keyframe_far')!;
    expect(plain(en.message)).toMatch(/^Keyframes arrive every \d+(\.\d)? s \(at most 4 s is fine\).*In OBS: Settings → Output → Keyframe Interval → 2 s\.$/);

    const media = await call(app, catalog.mediaStatus, {}, { token: admin.token, lang: 'es' });
    const row = media.data.streams.find((s: { room_id: number }) => s.room_id === anchor.id);
    expect(row.health).toMatchObject({ room_id: anchor.id, receiving: true, width: 320 });
    expect(row.health.warnings.map((x: { code: string }) => x.code)).toContain('keyframe_far');
    expect(plain(row.health.warnings.find((x: { code: string }) => x.code === 'keyframe_far').message)).toContain('Intervalo de fotogramas clave → 2 s');
  });
});
