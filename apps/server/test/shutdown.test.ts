import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, ownDataDir } from './helpers.ts';

// SIGTERM closes the site (serve.ts exitOnSignal) and it exits 0, RTMP ingest included. The ingest's
// store (node-media-server) raised the signal on the process again after flushing: the process
// died of it at once, no close ran, and a demo render it had started (ffmpeg) lived on without it.
const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = ownDataDir('livesports-shutdown-');
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('stopping the site', () => {
  it('SIGTERM closes a site whose RTMP ingest runs, and it exits 0', async () => {
    const [port, rtmp] = [await freePort(), await freePort()];
    const site = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../src/main.ts')], {
      env: {
        ...process.env,
        WORKERS: '1',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        DEMO_DATA: 'off',
        DEMO_STREAMS: 'off',
        RTMP_PORT: String(rtmp),
        SERVE_WEB: 'off',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let log = '';
    site.stdout!.on('data', (b: Buffer) => void (log += b.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => site.once('exit', (code, signal) => r({ code, signal })));
    // Up once the ingest listens (it starts after the HTTP server).
    const end = Date.now() + 120_000;
    while (!log.includes('RTMP ingest on') && Date.now() < end && site.exitCode === null) await new Promise((r) => setTimeout(r, 100));
    expect(log).toContain('RTMP ingest on');

    site.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(log).toContain('SIGTERM: closing');
    expect(log).not.toContain('again');
  }, 150_000);
});
