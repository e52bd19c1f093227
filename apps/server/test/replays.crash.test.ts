import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { CallDef } from '@livesports/contracts/call';
import * as rooms from '@livesports/contracts/live';
import * as api from '@livesports/contracts/replays';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { findFfmpeg } from '../src/media/ffmpeg.ts';
import { freePort } from './helpers.ts';
import { approvedAnchor, liveUser } from './live.helpers.ts';
import { exited, push, sleep, until } from './stream-helpers.ts';

// Issue #50 item 5: the server is killed (kill -9) in the middle of a broadcast. Segments are stored
// as they come, and the ffmpeg that records the original finishes its files when its input goes
// with the dead process; after the restart what was recorded up to the kill is a replay that plays.
// The site runs as its own process (src/main.ts) on a data dir of its own; on PostgreSQL it uses
// the run's database.

const ffmpeg = await findFfmpeg(undefined);
if (!ffmpeg) console.warn('replays.crash.test: SKIPPED — no ffmpeg on PATH (apt-get install ffmpeg)');
const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-crash-'));
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One contract call over HTTP, as a client would. */
async function http<T = any>(base: string, def: CallDef<any, any>, input: Record<string, unknown>, token?: string): Promise<{ code: number; data: T }> {
  const url = new URL(base + '/' + def.path.replace(/^\/+/, ''));
  const headers: Record<string, string> = token ? { token } : {};
  if (def.method === 'GET') for (const [k, v] of Object.entries(input)) url.searchParams.set(k, String(v));
  else headers['content-type'] = 'application/json';
  const res = await fetch(url, { method: def.method, headers, body: def.method === 'GET' ? undefined : JSON.stringify(input) });
  return (await res.json()) as { code: number; data: T };
}

describe.skipIf(!ffmpeg)('a server killed mid-broadcast', () => {
  it('leaves a playable replay of what was recorded up to the kill, after the restart', async () => {
    const dbUrl = process.env.TEST_DATABASE_URL ?? '';
    // The anchor is made in this process, on the database the site will open.
    const database = await openDatabase({ url: dbUrl || undefined, dataDir });
    const seed = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SERVE_WEB: 'off', DEMO_DATA: 'off' }), database, logger: false });
    const admin = await liveUser(seed, { admin: true });
    const anchor = await approvedAnchor(seed, admin);
    await seed.close();
    await database.close();

    const [port, rtmpPort] = [await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    const start = async () => {
      const site = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../src/main.ts')], {
        env: {
          ...process.env,
          WORKERS: '1',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: dbUrl,
          REDIS_URL: '',
          DEMO_DATA: 'off',
          DEMO_STREAMS: 'off',
          RTMP_PORT: String(rtmpPort),
          SERVE_WEB: 'off',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(site);
      let log = '';
      site.stdout!.on('data', (b: Buffer) => void (log += b.toString()));
      await until('the site and its ingest', async () => log.includes('RTMP ingest on') || site.exitCode !== null, 120_000);
      expect(log).toContain('RTMP ingest on');
      return site;
    };

    const site = await start();
    const encoder = push(ffmpeg!, `rtmp://127.0.0.1:${rtmpPort}/live/${anchor.key}`, 60);
    await until('the room to go live', async () => (await http(base, rooms.getRoomInfo, { room_id: anchor.id })).data.live.is_live === 1, 30_000);
    const liveAt = Date.now();
    await sleep(13_000);
    site.kill('SIGKILL');
    const killedAt = Date.now();
    await exited(site);
    await exited(encoder);
    const recordedSeconds = (killedAt - liveAt) / 1000;

    const again = await start();
    const replay = await until(
      'the recovered replay',
      async () => {
        const mine = await http<{ list: Array<{ id: number; status: number; duration: number }> }>(base, api.getMyReplays, {}, anchor.token);
        return mine.data?.list.find((x) => x.status === api.ReplayStatus.READY);
      },
      60_000,
    );
    // Everything up to the kill, give or take the moment it took to see the room live.
    expect(replay.duration).toBeGreaterThan(recordedSeconds - 2.5);
    expect(replay.duration).toBeLessThan(recordedSeconds + 2.5);

    // Playable: the original's VOD playlist lists segments that decode back to back for that long.
    const list = await (await fetch(`${base}/replay/${replay.id}/original.m3u8`, { headers: { token: anchor.token } })).text();
    expect(list).toContain('#EXT-X-ENDLIST');
    const file = path.join(dataDir, 'whole.ts');
    fs.writeFileSync(file, '');
    for (const seg of list.split('\n').filter((l) => l.startsWith('/uploads/'))) {
      const res = await fetch(base + seg);
      expect(res.status).toBe(200);
      fs.appendFileSync(file, Buffer.from(await res.arrayBuffer()));
    }
    const decode = spawnSync(ffmpeg!, ['-v', 'error', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' });
    expect(decode.status).toBe(0);
    const probe = spawnSync(path.join(path.dirname(ffmpeg!), 'ffprobe'), ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' });
    expect(Math.abs(Number.parseFloat(probe.stdout) - replay.duration)).toBeLessThan(1.5);

    again.kill('SIGTERM');
    await exited(again);
  }, 300_000);
});
