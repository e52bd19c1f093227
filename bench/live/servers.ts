// The two servers the live bench compares, each in its own process (forked by live.ts):
//   site     — the real site with its embedded RTMP ingest; an approved anchor's room, whose key
//              and a viewer token go back to the parent. FFMPEG from the environment (the
//              parent decides whether the ladder runs).
//   baseline — a plain Node HTTP server that plays the very same FLV file to every client at
//              its real-time pace (no RTMP, no parsing, no access checks): the floor.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../lib/ports.ts';

const kind = process.argv[2];

if (kind === 'site') {
  const { buildApp } = await import('../../apps/server/src/app.ts');
  const { loadConfig } = await import('../../apps/server/src/config.ts');
  const { createAccountRepo } = await import('../../apps/server/src/modules/account/repo.ts');
  const { randomToken, sha256, shortCode } = await import('../../apps/server/src/platform/crypto.ts');
  const { liveRooms } = await import('../../apps/server/src/db/schema/live.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-bench-live-'));
  const rtmpPort = await freePort();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // The replay bench opens the replay page in Chromium: it serves the built web app.
    SERVE_WEB: process.env.BENCH_SERVE_WEB ?? 'off',
    // Off for the push benches; the starved bench's chat half runs with the site's own limits (the
    // 1 s gap between one person's lines is what it must refuse visibly).
    RATE_LIMIT_SCALE: process.env.BENCH_RATE_LIMIT_SCALE ?? '0',
    DEMO_DATA: 'off',
    DEMO_STREAMS: 'off',
    MATCH_REPLAY_SPEED: '0',
    RTMP_PORT: String(rtmpPort),
    // 'auto': the system's ffmpeg (the replay bench records through the ladder).
    FFMPEG: process.env.BENCH_FFMPEG === 'auto' ? undefined : (process.env.BENCH_FFMPEG ?? 'off'),
    // Every broadcast of the replay bench is its own replay.
    REPLAY_GRACE_SECONDS: '0',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  });
  const app = await buildApp({ config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as net.AddressInfo).port;
  // An approved anchor with a room, and a logged-in viewer (users may watch every level).
  const accounts = createAccountRepo(app.database.db);
  const anchor = await accounts.createUser({ email: `bench.anchor.${Date.now()}@example.com`, passwordHash: null, nickname: `benchanchor${Date.now() % 1e6}`, inviteCode: shortCode(), isAnchor: 1 });
  const key = randomToken(18);
  await app.database.db.insert(liveRooms).values({ id: anchor.id, title: 'Bench room', type: 1, streamKey: key });
  const viewer = await accounts.createUser({ email: `bench.viewer.${Date.now()}@example.com`, passwordHash: null, nickname: `benchviewer${Date.now() % 1e6}`, inviteCode: shortCode() });
  const token = randomToken(32);
  await accounts.createSession({ userId: viewer.id, tokenHash: sha256(token), deviceType: 'pc', expiresAt: new Date(Date.now() + 86_400_000) });
  // The anchor's own session (the replay bench turns the room's recording on and off).
  const anchorToken = randomToken(32);
  await accounts.createSession({ userId: anchor.id, tokenHash: sha256(anchorToken), deviceType: 'pc', expiresAt: new Date(Date.now() + 86_400_000) });
  // The ingest starts on listen; wait until it accepts connections.
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((r) => {
      const c = net.connect(rtmpPort, '127.0.0.1', () => (c.destroy(), r(true)));
      c.on('error', () => r(false));
    });
    if (ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  // More rooms when asked (the demo CPU figure pushes one stream per demo room).
  const rooms: Array<{ roomId: number; rtmp: string }> = [];
  for (let i = 1; i < Number(process.env.BENCH_LIVE_ROOMS ?? 1); i++) {
    const other = await accounts.createUser({
      email: `bench.anchor${i}.${Date.now()}@example.com`,
      passwordHash: null,
      nickname: `benchanchor${i}x${Date.now() % 1e5}`,
      inviteCode: shortCode(),
      isAnchor: 1,
    });
    const otherKey = randomToken(18);
    await app.database.db.insert(liveRooms).values({ id: other.id, title: `Bench room ${i + 1}`, type: 1, streamKey: otherKey });
    rooms.push({ roomId: other.id, rtmp: `rtmp://127.0.0.1:${rtmpPort}/live/${otherKey}` });
  }
  // Signed-in viewers of their own when asked (the starved bench's two chatting viewers).
  const chatTokens: string[] = [];
  for (let i = 0; i < Number(process.env.BENCH_CHAT_VIEWERS ?? 0); i++) {
    const fan = await accounts.createUser({ email: `bench.fan${i}.${Date.now()}@example.com`, passwordHash: null, nickname: `benchfan${i}x${Date.now() % 1e5}`, inviteCode: shortCode() });
    const fanToken = randomToken(32);
    await accounts.createSession({ userId: fan.id, tokenHash: sha256(fanToken), deviceType: 'pc', expiresAt: new Date(Date.now() + 86_400_000) });
    chatTokens.push(fanToken);
  }
  process.send!({ port, rtmp: `rtmp://127.0.0.1:${rtmpPort}/live/${key}`, roomId: anchor.id, token, anchorToken, rooms, chatTokens });
  process.on('SIGTERM', () => void app.close().finally(() => (fs.rmSync(dataDir, { recursive: true, force: true }), process.exit(0))));
} else {
  // Baseline: the FLV file, tag by tag, paced by the tags' own timestamps, looped; every client
  // gets the header, then joins the running stream (as a live viewer does).
  const file = process.argv[3];
  const data = fs.readFileSync(file);
  const header = data.subarray(0, 13);
  const tags: Array<{ at: number; buf: Buffer }> = [];
  for (let p = 13; p + 11 <= data.length;) {
    const size = data.readUIntBE(p + 1, 3);
    const time = data.readUIntBE(p + 4, 3) | (data[p + 7] << 24);
    tags.push({ at: time, buf: data.subarray(p, p + 11 + size + 4) });
    p += 11 + size + 4;
  }
  const duration = tags.at(-1)!.at + 40;
  const clients = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'video/x-flv', 'cache-control': 'no-store' });
    res.write(header);
    clients.add(res);
    req.on('close', () => clients.delete(res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const started = performance.now();
  let i = 0;
  let loop = 0;
  const tick = () => {
    const elapsed = performance.now() - started;
    while (tags[i].at + loop * duration <= elapsed) {
      for (const c of clients) {
        // The same policy as the site: a client 8 MB behind is dropped rather than buffered.
        if (c.writableLength > 8 * 1024 * 1024) {
          c.destroy();
          clients.delete(c);
        } else c.write(tags[i].buf);
      }
      if (++i === tags.length) {
        i = 0;
        loop++;
      }
    }
    setTimeout(tick, 5);
  };
  tick();
  process.send!({ port: (server.address() as net.AddressInfo).port });
  process.on('SIGTERM', () => process.exit(0));
}
