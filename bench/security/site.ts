// The site the security bench attacks, in its own process (so its memory is its own): every
// plugin with the limits an operator runs (RATE_LIMIT_SCALE 1, TRUST_PROXY off), no demo;
// BENCH_RATE_LIMIT_SCALE lifts the per-address limits where a count needs volume.
// argv[2]: 'captcha' keeps the slider on; otherwise it is off (the login bench measures the
// password limits alone). Replies { port, email, registered } over IPC (a user whose password is
// 'rightpass1'; `registered`: BENCH_TIMING_ACCOUNTS more, hashed as the site hashes a sign-up's
// password, for the login timing row), then answers { rss: true } with its resident memory.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const { buildApp } = await import('../../apps/server/src/app.ts');
const { loadConfig } = await import('../../apps/server/src/config.ts');
const { createAccountRepo } = await import('../../apps/server/src/modules/account/repo.ts');
const { shortCode } = await import('../../apps/server/src/platform/crypto.ts');
const { createPasswordHasher } = await import('../../apps/server/src/platform/password.ts');
// The site's own hasher at the standard cost, so registered accounts cost what real ones do.
const hasher = createPasswordHasher('standard');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-bench-security-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SERVE_WEB: 'off',
  RATE_LIMIT_SCALE: process.env.BENCH_RATE_LIMIT_SCALE ?? '1',
  DEMO_DATA: 'off',
  DEMO_STREAMS: 'off',
  MATCH_REPLAY_SPEED: '0',
  RTMP_PORT: '0',
  CAPTCHA: process.argv[2] === 'captcha' ? 'on' : 'off',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
});
const app = await buildApp({ config, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as net.AddressInfo).port;
const email = `bench.victim.${Date.now()}@example.com`;
await createAccountRepo(app.database.db).createUser({ email, passwordHash: await hasher.hash('rightpass1'), nickname: `victim${Date.now() % 1e6}`, inviteCode: shortCode() });
const registered: string[] = [];
for (let i = 0; i < Number(process.env.BENCH_TIMING_ACCOUNTS ?? 0); i++) {
  const address = `bench.registered.${i}.${Date.now()}@example.com`;
  await createAccountRepo(app.database.db).createUser({ email: address, passwordHash: await hasher.hash('rightpass1'), nickname: `reg${i}x${Date.now() % 1e6}`, inviteCode: shortCode() });
  registered.push(address);
}
process.send!({ port, email, registered });
process.on('message', (m: { rss?: boolean }) => {
  if (m.rss) {
    global.gc?.();
    const m = process.memoryUsage();
    process.send!({ rss: m.rss, heap: m.heapUsed });
  }
});
process.on('SIGTERM', () => void app.close().finally(() => (fs.rmSync(dataDir, { recursive: true, force: true }), process.exit(0))));
