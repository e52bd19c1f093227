// The site the replay bench measures, in its own process (forked by replay.ts so its CPU time is
// its own): real plugins, the built web app, the RTMP ingest and ffmpeg's ladder (which also
// records). Sends back its port, the RTMP URL of an approved anchor's room and that anchor's token.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

async function freePort() {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

const { buildApp } = await import('../../apps/server/src/app.ts');
const { loadConfig } = await import('../../apps/server/src/config.ts');
const { createAccountRepo } = await import('../../apps/server/src/modules/account/repo.ts');
const { randomToken, sha256, shortCode } = await import('../../apps/server/src/platform/crypto.ts');
const { liveRooms } = await import('../../apps/server/src/db/schema/live.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-bench-replay-'));
const rtmpPort = await freePort();
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SERVE_WEB: 'on',
  RATE_LIMIT_SCALE: '0',
  DEMO_DATA: 'off',
  DEMO_STREAMS: 'off',
  MATCH_REPLAY_SPEED: '0',
  RTMP_PORT: String(rtmpPort),
  FFMPEG: process.env.BENCH_FFMPEG, // unset: the ffmpeg on PATH
  // Every round is its own replay: a new broadcast does not continue the last one.
  REPLAY_GRACE_SECONDS: '0',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
});
const app = await buildApp({ config, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as net.AddressInfo).port;
const accounts = createAccountRepo(app.database.db);
const anchor = await accounts.createUser({ email: `bench.replay.${Date.now()}@example.com`, passwordHash: null, nickname: `benchreplay${Date.now() % 1e6}`, inviteCode: shortCode(), isAnchor: 1 });
const key = randomToken(18);
await app.database.db.insert(liveRooms).values({ id: anchor.id, title: 'Bench replay room', type: 1, streamKey: key });
const token = randomToken(32);
await accounts.createSession({ userId: anchor.id, tokenHash: sha256(token), deviceType: 'pc', expiresAt: new Date(Date.now() + 86_400_000) });
for (let i = 0; i < 100; i++) {
  const ok = await new Promise<boolean>((r) => {
    const c = net.connect(rtmpPort, '127.0.0.1', () => (c.destroy(), r(true)));
    c.on('error', () => r(false));
  });
  if (ok) break;
  await new Promise((r) => setTimeout(r, 50));
}
process.send!({ port, rtmp: `rtmp://127.0.0.1:${rtmpPort}/live/${key}`, roomId: anchor.id, token });
process.on('SIGTERM', () => void app.close().finally(() => (fs.rmSync(dataDir, { recursive: true, force: true }), process.exit(0))));
