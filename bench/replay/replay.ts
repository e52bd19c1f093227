// `npm run bench -- replay` (issue #17): what recording costs and how soon a broadcast can be watched again.
//  1. Recording overhead on the ingest: the same 20 s 720p stream (a file replayed with -c copy, so
//     the encoder's own work is not counted) pushed to the site with the room's recording off and
//     on, alternating; CPU seconds of the server process and its ffmpeg ladder (reaped children's
//     time included) per broadcast. Goal ≤ 10 % extra.
//  2. Broadcast end → playable replay: from the encoder's exit to the replay listed as ready with a
//     master playlist whose first segment downloads. Goal ≤ 5 s.
//  3. Replay start in the browser: Debian's Chromium opens /live?id=…&replay=…; time from navigation
//     to the first video frame presented (requestVideoFrameCallback), beside the page's own
//     DOMContentLoaded and the bare network fetch of playlist + first segment. Goal ≤ 1 s on loopback.
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { makeSource, pushFile } from '../live/live.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.BENCH_REPLAY_ROUNDS ?? 2);
const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const TICK = 100; // USER_HZ on Linux

interface Site {
  port: number;
  rtmp: string;
  roomId: number;
  token: string;
}

/** utime + stime + cutime + cstime of a process, in seconds (children count once reaped). */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICK;
}

async function api<T>(site: Site, p: string, body?: object): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${site.port}/${p}`, {
    method: body ? 'POST' : 'GET',
    headers: { token: site.token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  if (json.code !== 200) throw new Error(`${p}: ${json.msg}`);
  return json.data;
}

interface Card {
  id: number;
  status: number;
  duration: number;
}
const myReplays = (site: Site) => api<{ list: Card[] }>(site, 'api/Replay/mine?page=1&limit=50');

/** One broadcast of the file; CPU of the server tree for it and end → playable time (recording on). */
async function broadcast(site: Site, pid: number, file: string, record: boolean) {
  await api(site, 'api/Replay/setRecording', { record: record ? 1 : 0 });
  const before = new Set((await myReplays(site)).list.map((r) => r.id));
  const cpu0 = cpuSeconds(pid);
  const encoder = pushFile(file, site.rtmp, false);
  await new Promise<void>((r) => encoder.once('exit', () => r()));
  const ended = performance.now();
  // The broadcast is over once the room is offline and the ladder has exited (its time reaped).
  let playable = NaN;
  let replayId = 0;
  for (let i = 0; i < 600; i++) {
    const live = await api<{ is_live: number }>(site, `api/Live/getLiveUrl?room_id=${site.roomId}`);
    if (record && !replayId) {
      const ready = (await myReplays(site)).list.find((r) => !before.has(r.id) && r.status === 1);
      if (ready) {
        const info = await api<{ master: string | null }>(site, `api/Replay/getInfo?id=${ready.id}`);
        if (info.master && (await firstSegment(site, info.master)) > 0) {
          playable = performance.now() - ended;
          replayId = ready.id;
        }
      }
    }
    if (!live.is_live && (!record || replayId)) break;
    await sleep(50);
  }
  await sleep(1500); // the ladder's ffmpeg exits and is reaped
  return { cpu: cpuSeconds(pid) - cpu0, playable, replayId };
}

/** Downloads the master playlist, its first level and that level's first segment; returns bytes. */
async function firstSegment(site: Site, master: string): Promise<number> {
  const base = `http://127.0.0.1:${site.port}`;
  const abs = (u: string, from: string) => new URL(u, from).toString();
  const masterUrl = abs(master, base + '/');
  const headers = { token: site.token };
  const m = await fetch(masterUrl, { headers });
  if (!m.ok) return 0;
  const level = (await m.text()).split('\n').find((l) => l && !l.startsWith('#'));
  if (!level) return 0;
  const levelUrl = abs(level, masterUrl);
  const l = await fetch(levelUrl, { headers });
  if (!l.ok) return 0;
  const seg = (await l.text()).split('\n').find((x) => x && !x.startsWith('#'));
  if (!seg) return 0;
  const s = await fetch(abs(seg, levelUrl), { headers });
  return s.ok ? (await s.arrayBuffer()).byteLength : 0;
}

async function browserStart(site: Site, replayId: number, runs: number) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const rows: Array<{ dcl: number; frame: number }> = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await page.goto(`http://127.0.0.1:${site.port}/live?id=${site.roomId}&replay=${replayId}`);
      // The first frame shown: the video's clock has moved past 0 with a decoded frame (polled
      // every animation frame, so within ~16 ms of it).
      const frame = await page
        .waitForFunction(
          () => {
            const v = document.querySelector('video');
            return v && v.currentTime > 0 && v.readyState >= 2 ? performance.now() : false;
          },
          null,
          { timeout: 30_000, polling: 'raf' },
        )
        .catch(async (err) => {
          await page.screenshot({ path: path.join(os.tmpdir(), 'bench-replay-failed.png') });
          throw new Error(`no video frame: ${(err as Error).message}; page errors: ${errors.join(' | ') || 'none'}; screenshot in ${os.tmpdir()}/bench-replay-failed.png`);
        });
      const ff = (await frame.jsonValue()) as number;
      const dcl = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.domContentLoadedEventEnd ?? 0);
      rows.push({ dcl, frame: ff });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

export async function run() {
  console.log(
    `\n# Replays: recording overhead, broadcast end → playable, replay start in the browser (load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-bench-replay-src-'));
  const file = path.join(dir, 'source.flv');
  makeSource(file);
  // The live bench's site process, with the web app, the system's ffmpeg and the anchor's token.
  const child: ChildProcess = fork(path.join(here, '..', 'live', 'servers.ts'), ['site'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_SERVE_WEB: 'on', BENCH_FFMPEG: 'auto' },
  });
  try {
    const site = await new Promise<Site>((resolve, reject) => {
      child.once('message', (m) => {
        const s = m as Site & { anchorToken: string };
        resolve({ ...s, token: s.anchorToken });
      });
      child.once('exit', (code) => reject(new Error(`site exited ${code}`)));
    });
    const off: number[] = [];
    const on: number[] = [];
    const playable: number[] = [];
    let replayId = 0;
    for (let i = 0; i < ROUNDS; i++) {
      off.push((await broadcast(site, child.pid!, file, false)).cpu);
      const r = await broadcast(site, child.pid!, file, true);
      on.push(r.cpu);
      playable.push(r.playable);
      replayId = r.replayId || replayId;
    }
    console.log(`\n| one 20 s broadcast, 1280x720 30 fps (${ROUNDS} each, alternating) | CPU s (median) | runs |`);
    console.log('|---|---:|---|');
    console.log(`| recording off: ingest + ladder (baseline) | ${fmt(median(off), 2)} | ${off.map((x) => fmt(x, 2)).join(', ')} |`);
    console.log(`| recording on: ingest + ladder + segments to storage | ${fmt(median(on), 2)} | ${on.map((x) => fmt(x, 2)).join(', ')} |`);
    const extra = (median(on) / median(off) - 1) * 100;
    console.log(`recording costs ${fmt(extra, 1)} % extra CPU; goal ≤ 10 %: ${extra <= 10 ? 'met' : 'NOT met'}`);
    console.log(
      `\nbroadcast end → playable replay (master playlist + first segment served): median ${fmt(median(playable))} ms, max ${fmt(Math.max(...playable))} ms; goal ≤ 5,000 ms: ${median(playable) <= 5000 ? 'met' : 'NOT met'}`,
    );

    if (replayId) {
      const info = await api<{ master: string }>(site, `api/Replay/getInfo?id=${replayId}`);
      const net: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        await firstSegment(site, info.master);
        net.push(performance.now() - t0);
      }
      const rows = await browserStart(site, replayId, 5);
      console.log('\n| replay start (5 runs, loopback) | median ms | max ms |');
      console.log('|---|---:|---:|');
      console.log(`| floor: playlist + first segment fetched by Node | ${fmt(median(net))} | ${fmt(Math.max(...net))} |`);
      console.log(`| page DOMContentLoaded | ${fmt(median(rows.map((r) => r.dcl)))} | ${fmt(Math.max(...rows.map((r) => r.dcl)))} |`);
      console.log(`| navigation → first video frame presented | ${fmt(median(rows.map((r) => r.frame)))} | ${fmt(Math.max(...rows.map((r) => r.frame)))} |`);
      console.log(`goal ≤ 1,000 ms to first frame: ${median(rows.map((r) => r.frame)) <= 1000 ? 'met' : 'NOT met'}`);
    }
  } finally {
    child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
