// Live streaming bench (npm run bench -- live):
//  1. Publish → first playable frame at a viewer over HTTP-FLV: an encoder starts pushing over
//     RTMP; a viewer polls the room until it is live, opens the HTTP-FLV URL and waits for the
//     codec header and a key frame. Baseline in the same run: the same ffmpeg writing the same
//     file to a pipe, time to its first key frame (the encoder's own start-up, no server at all).
//     Goal: ≤ 1.5 s.
//  2. Concurrent HTTP-FLV viewers of one 2 Mbit/s stream that one server process serves with no
//     stall (no viewer's data stops for more than 1 s, each gets ≥ 90 % of the stream's rate),
//     next to a plain Node HTTP server playing the same file at the same pace to the same number
//     of clients. Goal: ≥ 500 viewers.
//
//  3. The demo streams' CPU (every demo ffmpeg: pushes + ladders), now against the old live encode.
//  4. The picture in Chromium: offline room → first frame once the encoder starts (goal ≤ 1.5 s),
//     opening a live room → first frame (goal ≤ 1 s); medians of several tries.
//
// BENCH_LIVE_STEPS (viewer counts, default 100,250,500,750,1000), BENCH_LIVE_SECONDS (window, 10),
// BENCH_DEMO_CPU_SECONDS (20), BENCH_PICTURE_RUNS (5), BENCH_LIVE_PART (picture: 3 and 4 only;
// viewers: 1 and 2 only).
import { type ChildProcess, fork, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const STEPS = (process.env.BENCH_LIVE_STEPS ?? '100,250,500,750,1000').split(',').map(Number);
const WINDOW_S = Number(process.env.BENCH_LIVE_SECONDS ?? 10);
const LOADERS = 2;
const DEMO_CPU_S = Number(process.env.BENCH_DEMO_CPU_SECONDS ?? 20);
const PICTURE_RUNS = Number(process.env.BENCH_PICTURE_RUNS ?? 5);
const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function start(file: string, args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; msg: any }> {
  const child = fork(path.join(here, file), args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    child.once('message', (msg) => resolve({ child, msg }));
    child.once('exit', (code) => reject(new Error(`${file} ${args[0] ?? ''} exited ${code}`)));
  });
}
const ask = (child: ChildProcess, msg: object) =>
  new Promise<any>((resolve) => {
    child.once('message', resolve);
    child.send(msg);
  });

/** A 20 s, 1280x720 30 fps, 2 Mbit/s constant-rate FLV with AAC audio, key frame every second. */
export function makeSource(file: string) {
  const r = spawnSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=1280x720:r=30',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=44100',
      '-t',
      '20',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-b:v',
      '1850k',
      '-maxrate',
      '1850k',
      '-minrate',
      '1850k',
      '-bufsize',
      '1850k',
      '-x264-params',
      'nal-hrd=cbr:force-cfr=1',
      '-g',
      '30',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-f',
      'flv',
      file,
    ],
    { stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('ffmpeg could not make the source file');
}

/** ffmpeg replaying the file in real time (no encoding: the server's work is all that's measured). */
export const pushFile = (file: string, target: string, loop: boolean) =>
  spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-re', ...(loop ? ['-stream_loop', '-1'] : []), '-i', file, '-c', 'copy', '-f', 'flv', target], { stdio: ['ignore', 'ignore', 'ignore'] });

/** Time from spawning an encoder to its first video key frame on stdout. */
async function encoderFloor(file: string): Promise<number> {
  const { FlvTagReader } = await import('../../apps/server/test/flv-reader.ts');
  const t0 = performance.now();
  const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-re', '-i', file, '-c', 'copy', '-f', 'flv', 'pipe:1'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const ms = await new Promise<number>((resolve) => {
    const reader = new FlvTagReader((type, data) => {
      if (type === 9 && data[0] >> 4 === 1 && data[1] === 1) resolve(performance.now() - t0);
    });
    child.stdout!.on('data', (b: Buffer) => reader.push(b));
  });
  child.kill('SIGKILL');
  return ms;
}

async function firstFrame(site: { port: number; rtmp: string; roomId: number; token: string }, file: string): Promise<number> {
  const { probeFlv } = await import('../../apps/server/test/flv-reader.ts');
  const api = `http://127.0.0.1:${site.port}/api/Live/getLiveUrl?room_id=${site.roomId}`;
  const t0 = performance.now();
  const encoder = pushFile(file, site.rtmp, true);
  let flv: string | null = null;
  while (!flv) {
    const res = (await (await fetch(api, { headers: { token: site.token } })).json()) as { data: { is_live: number; levels: Array<{ flv: string }> } };
    if (res.data.is_live) flv = res.data.levels[0].flv;
    else await sleep(20);
    if (performance.now() - t0 > 15_000) throw new Error('the room did not go live');
  }
  const probe = await probeFlv(`http://127.0.0.1:${site.port}${flv}`, { untilFrames: 1, timeoutMs: 10_000 });
  if (!probe.videoConfig || probe.firstKeyFrameMs < 0) throw new Error('no playable frame');
  // probeFlv returns once the key frame is in: now is the moment a player could show it.
  const ms = performance.now() - t0;
  encoder.kill('SIGKILL');
  // Wait until the room is offline again before the next round.
  for (let i = 0; i < 100; i++) {
    const res = (await (await fetch(api)).json()) as { data: { is_live: number } };
    if (!res.data.is_live) break;
    await sleep(50);
  }
  return ms;
}

interface StepResult {
  viewers: number;
  connected: number;
  stalled: number;
  mbps: number;
}

/** Rejects when a step phase takes far longer than it should (a server that stopped answering). */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms).unref())]);
}

async function viewersStep(url: string, n: number, streamBytesPerSecond: number): Promise<StepResult> {
  process.stderr.write(`  ${n} viewers of ${url.replace(/\?.*/, '')}…\n`);
  const loaders = await Promise.all(Array.from({ length: LOADERS }, (_, i) => start('viewers.ts', [url, String(Math.floor(n / LOADERS) + (i < n % LOADERS ? 1 : 0))])));
  try {
    return await within(measureStep(loaders, n, streamBytesPerSecond), 60_000, `${n} viewers`);
  } catch (err) {
    process.stderr.write(`  ${(err as Error).message}\n`);
    return { viewers: n, connected: 0, stalled: n, mbps: 0 };
  } finally {
    for (const l of loaders) l.child.kill('SIGKILL');
  }
}

async function measureStep(loaders: Array<{ child: ChildProcess; msg: any }>, n: number, streamBytesPerSecond: number): Promise<StepResult> {
  const connected = loaders.reduce((s, l) => s + l.msg.ready, 0);
  await sleep(2000);
  for (const l of loaders) l.child.send({ start: true });
  await sleep(WINDOW_S * 1000);
  const reports = await Promise.all(loaders.map((l) => ask(l.child, { report: true })));
  let stalled = 0;
  let bytes = 0;
  let count = 0;
  for (const rep of reports as Array<{ seconds: number; rows: Array<{ ok: boolean; bytes: number; maxGap: number }> }>) {
    for (const row of rep.rows) {
      count++;
      bytes += row.bytes / rep.seconds;
      if (!row.ok || row.maxGap > 1000 || row.bytes / rep.seconds < 0.9 * streamBytesPerSecond) stalled++;
    }
  }
  return { viewers: n, connected, stalled, mbps: count ? ((bytes / count) * 8) / 1e6 : 0 };
}

const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** The demo's CPU (loops vs live encoding) and the picture in Chromium (offline → live, opening a live room). */
async function demoAndPicture() {
  const { demoLoops } = await import('./demo-loops.ts');
  const { demoCpu } = await import('./demo-cpu.ts');
  const { firstPicture } = await import('./first-picture.ts');
  const loops = demoLoops();
  const site = await start('servers.ts', ['site'], { BENCH_SERVE_WEB: 'on', BENCH_FFMPEG: 'auto', BENCH_LIVE_ROOMS: String(loops.length) });
  try {
    const rooms = [{ roomId: site.msg.roomId, rtmp: site.msg.rtmp }, ...site.msg.rooms];
    console.log(`\n# Demo streams: CPU of every demo ffmpeg (${rooms.length} rooms: their pushes + the server's quality ladders), ${DEMO_CPU_S} s window (load average ${loadavg()})`);
    const cpu = await demoCpu(
      { pid: site.child.pid!, port: site.msg.port },
      rooms,
      loops.map((l) => l.file),
      DEMO_CPU_S,
    );
    console.log('\n| demo | sources, cores | ladders, cores | total, cores | ffmpeg processes |');
    console.log('|---|---:|---:|---:|---:|');
    for (const r of cpu) console.log(`| ${r.way} | ${fmt(r.sources, 3)} | ${fmt(r.ladders, 3)} | ${fmt(r.total, 3)} | ${r.processes} |`);
    console.log(`goal: the whole demo under 1 core of ${os.cpus().length} at 720p: ${cpu[0].total < 1 ? 'met' : 'NOT met'} (load average now ${loadavg()})`);

    console.log(`\n# The picture in Chromium, as a visitor (SD, a ladder level), ${PICTURE_RUNS} tries each (load average ${loadavg()})`);
    const pic = await firstPicture({ port: site.msg.port, rtmp: site.msg.rtmp, roomId: site.msg.roomId }, loops[0].file, PICTURE_RUNS);
    const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
    console.log('\n| picture | median ms | min ms | max ms | goal |');
    console.log('|---|---:|---:|---:|---|');
    console.log(
      `| offline room, encoder starts → first frame (room socket says "live") | ${fmt(med(pic.offline))} | ${fmt(Math.min(...pic.offline))} | ${fmt(Math.max(...pic.offline))} | ≤ 1,500 ms: ${med(pic.offline) <= 1500 ? 'met' : 'NOT met'} |`,
    );
    console.log(
      `| same, old way: chat socket silenced, the page's 4 s poll notices | ${fmt(med(pic.offlinePollOnly))} | ${fmt(Math.min(...pic.offlinePollOnly))} | ${fmt(Math.max(...pic.offlinePollOnly))} | |`,
    );
    console.log(
      `| live room, open the address → first frame | ${fmt(med(pic.live))} | ${fmt(Math.min(...pic.live))} | ${fmt(Math.max(...pic.live))} | ≤ 1,000 ms: ${med(pic.live) <= 1000 ? 'met' : 'NOT met'} |`,
    );
    console.log(
      `| floor: a bare page (mpegts.js only), same room and level | ${fmt(med(pic.floor))} | ${fmt(Math.min(...pic.floor))} | ${fmt(Math.max(...pic.floor))} | site ${(med(pic.live) / med(pic.floor)).toFixed(2)}× the floor |`,
    );
    // Where the live room's time goes: the marks the page sets (main.tsx, app/early-calls.ts, the player).
    const step = (label: string, pick: (t: (typeof pic.liveTimings)[number]) => number | undefined) => {
      const values = pic.liveTimings.map(pick).filter((v): v is number => v !== undefined);
      console.log(`| ${label} | ${values.length ? fmt(med(values)) : '—'} |`);
    };
    console.log('\n| a live room opened: where the time goes (medians, ms after the address was opened) | ms |');
    console.log('|---|---:|');
    step('the page (HTML) answered', (t) => t.html);
    step('early stream: the play URLs answered (getRoomInfo, preloaded with the HTML)', (t) => t.marks['room:early-answer']);
    step('early stream: the stream library ready, the picture requested', (t) => t.marks['room:early-engine']);
    step('early stream: playing (in a video not yet in the page)', (t) => t.marks['room:early-playing']);
    step("the texts of the reader's language ready", (t) => t.marks['boot:texts']);
    step("the page's scripts ready (all its modules loaded)", (t) => t.marks['boot:route']);
    step('the player in the page (React rendered the room)', (t) => t.marks['room:player-in-page']);
    step('first frame', (t) => pic.live[pic.liveTimings.indexOf(t)]);
    step('requests the page made by then', (t) => t.requests);
    console.log(`(load average after: ${loadavg()}; server, ffmpeg and Chromium share this machine's ${os.cpus().length} cores)`);
  } finally {
    site.child.kill('SIGTERM');
  }
}

export async function run() {
  if (process.env.BENCH_LIVE_PART !== 'viewers') await demoAndPicture();
  if (process.env.BENCH_LIVE_PART === 'picture') return;
  console.log('\n# Live streaming: publish → first frame over HTTP-FLV, and HTTP-FLV viewers of one 2 Mbit/s stream');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-bench-live-src-'));
  const file = path.join(dir, 'source.flv');
  makeSource(file);
  const stat = fs.statSync(file);
  const streamBps = stat.size / 20;
  console.log(`source: 1280x720 30 fps H.264 + AAC, ${fmt((streamBps * 8) / 1e6, 2)} Mbit/s (file replayed with -c copy, no encoding during the runs)`);

  const site = await start('servers.ts', ['site']);
  try {
    const floors: number[] = [];
    const firsts: number[] = [];
    for (let i = 0; i < 5; i++) {
      floors.push(await encoderFloor(file));
      firsts.push(await firstFrame(site.msg, file));
    }
    const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
    console.log('\n| publish → first playable frame (5 runs) | median ms | max ms |');
    console.log('|---|---:|---:|');
    console.log(`| encoder start-up alone: ffmpeg → first key frame on a pipe (baseline) | ${fmt(med(floors))} | ${fmt(Math.max(...floors))} |`);
    console.log(`| site: ffmpeg → RTMP → publish hook → room live (polled 20 ms) → HTTP-FLV key frame | ${fmt(med(firsts))} | ${fmt(Math.max(...firsts))} |`);
    console.log(`goal ≤ 1,500 ms: ${med(firsts) <= 1500 ? 'met' : 'NOT met'}`);

    // Viewers of one stream: the site (ingest + our HTTP-FLV route) against the plain server.
    const encoder = pushFile(file, site.msg.rtmp, true);
    const api = `http://127.0.0.1:${site.msg.port}/api/Live/getLiveUrl?room_id=${site.msg.roomId}`;
    let flv = '';
    for (let i = 0; i < 200 && !flv; i++) {
      const res = (await (await fetch(api, { headers: { token: site.msg.token } })).json()) as { data: { is_live: number; levels: Array<{ flv: string }> } };
      if (res.data.is_live) flv = res.data.levels[0].flv;
      else await sleep(50);
    }
    const siteRows: StepResult[] = [];
    for (const n of STEPS) siteRows.push(await viewersStep(`http://127.0.0.1:${site.msg.port}${flv}`, n, streamBps));
    encoder.kill('SIGKILL');
    site.child.kill('SIGTERM');

    const base = await start('servers.ts', ['baseline', file]);
    const baseRows: StepResult[] = [];
    for (const n of STEPS) baseRows.push(await viewersStep(`http://127.0.0.1:${base.msg.port}/`, n, streamBps));
    base.child.kill('SIGTERM');

    console.log(`\n| viewers | site: stalled | site: Mbit/s per viewer | baseline (plain Node HTTP, same bytes): stalled | baseline: Mbit/s per viewer |`);
    console.log('|---:|---:|---:|---:|---:|');
    for (let i = 0; i < STEPS.length; i++) {
      const s = siteRows[i];
      const b = baseRows[i];
      console.log(
        `| ${fmt(s.viewers)} | ${s.stalled}${s.connected < s.viewers ? ` (${s.viewers - s.connected} refused)` : ''} | ${fmt(s.mbps, 2)} | ${b.stalled}${b.connected < b.viewers ? ` (${b.viewers - b.connected} refused)` : ''} | ${fmt(b.mbps, 2)} |`,
      );
    }
    const best = (rows: StepResult[]) => rows.filter((r) => r.stalled === 0 && r.connected === r.viewers).reduce((m, r) => Math.max(m, r.viewers), 0);
    console.log(
      `most viewers with no stall: site ${fmt(best(siteRows))}, baseline ${fmt(best(baseRows))} (ratio ${fmt(best(siteRows) / Math.max(1, best(baseRows)), 2)}); goal ≥ 500: ${best(siteRows) >= 500 ? 'met' : 'NOT met'}`,
    );
    console.log(`(server, viewers and encoder share this machine's ${os.cpus().length} cores)`);
  } finally {
    site.child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
