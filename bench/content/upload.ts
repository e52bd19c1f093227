// Upload bench: a video through the real site's tus endpoint (tus-js-client, the chunk size the web
// app uses, checks by content at the end) against a bare Node HTTP server writing the same bytes
// to disk, in the same run. `npm run bench -- upload`
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import * as tus from 'tus-js-client';
import { users } from '../../apps/server/src/db/schema/account.ts';
import { loadSecret } from '../../apps/server/src/platform/secrets.ts';
import { signUploadToken } from '../../apps/server/src/platform/upload-token.ts';

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 64) * MB;
/** Same as apps/web/src/features/news/api/upload.ts. */
const CHUNK = 8 * MB;
const ROUNDS = 3;

function video(size: number) {
  const buf = Buffer.alloc(size, 1);
  Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x31]).copy(buf);
  return buf;
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function bare(body: Buffer, dir: string) {
  let n = 0;
  const server = http.createServer((req, res) => {
    void pipeline(req, fs.createWriteStream(path.join(dir, `bare-${n++}`))).then(() => res.end('ok'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    // Same chunking as tus, so the comparison is of the servers, not of request counts.
    for (let off = 0; off < body.length; off += CHUNK) await fetch(url, { method: 'PUT', body: new Uint8Array(body.subarray(off, off + CHUNK)) });
    times.push(performance.now() - t);
  }
  server.close();
  return Math.min(...times);
}

export async function run() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-bench-upload-'));
  const { buildApp } = await import('../../apps/server/src/app.ts');
  const { loadConfig } = await import('../../apps/server/src/config.ts');
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SERVE_WEB: 'off', DEMO_DATA: 'off' }), logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const [u] = await app.database.db
      .insert(users)
      .values({ nickname: `bench-up-${Date.now()}`, inviteCode: `U${Date.now()}` })
      .returning({ id: users.id });
    const token = signUploadToken(loadSecret(dataDir, 'app'), { uid: u.id, exp: Math.floor(Date.now() / 1000) + 3600, scope: 'user' });
    const body = video(SIZE);
    console.log(`\n# Upload of a ${fmt(SIZE / MB)} MB video in ${fmt(CHUNK / MB)} MB chunks, best of ${ROUNDS}`);
    const baseline = await bare(body, dataDir);
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      await new Promise<void>((resolve, reject) => {
        new tus.Upload(body, {
          endpoint: `${base}/files/`,
          chunkSize: CHUNK,
          retryDelays: null,
          headers: { 'upload-token': token },
          metadata: { kind: 'video', filetype: 'video/mp4', filename: 'bench.mp4' },
          onError: reject,
          onSuccess: () => resolve(),
        }).start();
      });
      times.push(performance.now() - t);
    }
    const best = Math.min(...times);
    console.log('| server | MB/s | ratio to baseline |');
    console.log('|---|---:|---:|');
    console.log(`| bare Node HTTP → file (baseline) | ${fmt(SIZE / MB / (baseline / 1000))} | 1.00 |`);
    console.log(`| tus endpoint (auth, resumable, checked by content) | ${fmt(SIZE / MB / (best / 1000))} | ${fmt(baseline / best, 2)} |`);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
