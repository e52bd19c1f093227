// The picture in Chromium (/usr/bin/chromium), as a visitor (who watches SD: a ladder level):
//  - offline room: the page is open and waiting; an encoder starts pushing; time until the first
//    video frame is on screen. The room's chat socket says "live" (type 104) the moment the
//    publish hook accepts the stream; "poll only" is the same page with that socket silenced, so
//    it notices at its next 4 s poll (the old way).
//  - live room: the stream runs; time from opening the room's address to the first frame.
// Each try is cut into phases, all on this machine's one clock: what the server logged (publish
// accepted, the visitor's level's first key frame out of the transcoder), what the browser sent
// and received (the "live" event, room info, the FLV request and its answer) and the first frame
// the page presented (requestVideoFrameCallback).
// The floor: the same encoder into a bare node-media-server, played by a page holding nothing but
// mpegts.js (floor.ts) — no publish hook, no transcoder, no site.
import { type ChildProcess, spawn } from 'node:child_process';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { demoPushArgs } from '../../apps/server/src/demo/broadcaster.ts';
import type { Floor } from './floor.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A line the site's ingest logged (pino JSON: time, msg, fields). */
export interface TraceLine {
  time: number;
  msg: string;
  room?: number;
  level?: string;
}

export interface Site {
  port: number;
  rtmp: string;
  roomId: number;
  /** The ingest's log lines since the site started (BENCH_LIVE_TRACE). */
  trace: TraceLine[];
}

/** Marks of one try: phase → Date.now() when it happened (absent when it did not show). */
export type Marks = Record<string, number>;

// In the page: the first frame presented (requestVideoFrameCallback) of every <video> that appears.
const FRAME_WATCH = `(() => {
  const seen = new WeakSet();
  const watch = () => {
    for (const v of document.querySelectorAll('video')) {
      if (seen.has(v)) continue;
      seen.add(v);
      if (v.requestVideoFrameCallback) v.requestVideoFrameCallback(() => { window.__firstFrame ||= Date.now(); });
    }
  };
  new MutationObserver(watch).observe(document, { childList: true, subtree: true });
})();`;

/** Resolves with Date.now() of the first frame the page's video shows. */
async function firstFrameAt(page: Page, timeoutMs: number): Promise<number> {
  const h = await page.waitForFunction(
    () => {
      const w = window as unknown as { __firstFrame?: number };
      if (w.__firstFrame) return w.__firstFrame;
      // Fallback where the callback is missing: the element has a current frame and runs.
      const v = document.querySelector('video');
      return v && v.currentTime > 0 && v.readyState >= 2 && v.videoWidth > 0 ? Date.now() : false;
    },
    null,
    { timeout: timeoutMs, polling: 'raf' },
  );
  return (await h.jsonValue()) as number;
}

/** Notes in `marks` when the page hears "live", gets room info, asks for the FLV and gets its answer. */
function watchNetwork(page: Page, marks: Marks) {
  const first = (name: string) => {
    marks[name] ??= Date.now();
  };
  page.on('websocket', (ws) => ws.on('framereceived', (f) => typeof f.payload === 'string' && /"type":104\b/.test(f.payload) && first('live event')));
  page.on('response', (r) => {
    const url = r.url();
    // The room info the player started from: the last one before the FLV request.
    if (/getRoomInfo/i.test(url)) marks['FLV asked'] ?? (marks['room info'] = Date.now());
    else if (/\.flv\?/.test(url)) first('FLV answers');
    else if (r.request().resourceType() === 'document') first('page HTML');
  });
  page.on('requestfinished', (r) => /\/assets\/mpegts-[^/]*\.js$/.test(r.url()) && first('player chunk'));
  page.on('request', (r) => {
    const m = /\/live\/\d+_(\w+)\.flv\?/.exec(r.url());
    if (m) {
      first('FLV asked');
      marks.level ??= ['original', 'hd', 'sd', 'smooth'].indexOf(m[1]);
    }
  });
}

/** Server marks of the stream that started after `t0`: publish accepted, the watched level's first key frame. */
function serverMarks(site: Site, t0: number, marks: Marks) {
  const level = ['original', 'hd', 'sd', 'smooth'][marks.level ?? 2];
  for (const l of site.trace) {
    if (l.time < t0 || l.room !== site.roomId) continue;
    if (l.msg === 'live: stream accepted') marks['publish accepted'] ??= l.time;
    if (l.msg === 'live: level ready' && l.level === level) marks['level ready at server'] ??= l.time;
  }
}

async function isLive(site: Site) {
  const res = (await (await fetch(`http://127.0.0.1:${site.port}/api/Live/getLiveUrl?room_id=${site.roomId}`)).json()) as { data: { is_live: number } };
  return res.data.is_live === 1;
}

async function untilOffline(site: Site) {
  for (let i = 0; i < 200 && (await isLive(site)); i++) await sleep(50);
}

const launch = () =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--autoplay-policy=no-user-gesture-required'],
  });

async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(FRAME_WATCH);
  return context;
}

const push = (loop: string, rtmp: string) => spawn('ffmpeg', demoPushArgs(loop, rtmp), { stdio: ['ignore', 'ignore', 'ignore'] });

/** Relative marks: phase → ms after t0. */
const relative = (marks: Marks, t0: number): Marks => Object.fromEntries(Object.entries(marks).flatMap(([k, v]) => (k === 'level' ? [] : [[k, v - t0]])));

async function offlineToPicture(browser: Browser, site: Site, loop: string, pollOnly: boolean): Promise<Marks> {
  const context = await newContext(browser);
  let encoder: ChildProcess | null = null;
  const marks: Marks = {};
  try {
    const page = await context.newPage();
    // The old way: the chat socket opens but never hears anything (so no "live" event either).
    if (pollOnly) await page.routeWebSocket(/\/ws\/im/, () => undefined);
    await page.goto(`http://127.0.0.1:${site.port}/live?id=${site.roomId}`);
    await page.getByTestId('live-offline').waitFor({ timeout: 30_000 });
    // A viewer who has been waiting a while: the page settled, its chat joined.
    await sleep(2500);
    watchNetwork(page, marks);
    const t0 = Date.now();
    encoder = push(loop, site.rtmp);
    // A try with no picture in 30 s keeps its other marks and counts as failed.
    const frame = await firstFrameAt(page, 30_000).catch(() => null);
    if (frame) marks['first frame'] = frame;
    serverMarks(site, t0, marks);
    return relative(marks, t0);
  } finally {
    encoder?.kill('SIGKILL');
    await context.close();
    await untilOffline(site);
    await sleep(500);
  }
}

async function openLiveRoom(browser: Browser, site: Site): Promise<Marks> {
  const context = await newContext(browser);
  const marks: Marks = {};
  try {
    const page = await context.newPage();
    watchNetwork(page, marks);
    const t0 = Date.now();
    await page.goto(`http://127.0.0.1:${site.port}/live?id=${site.roomId}`);
    const frame = await firstFrameAt(page, 30_000).catch(() => null);
    if (frame) marks['first frame'] = frame;
    return relative(marks, t0);
  } finally {
    await context.close();
  }
}

/** The floor: a waiting page, then the encoder starts (offline); a running stream, then the page opens (live). */
async function floorTries(browser: Browser, floor: Floor, loop: string, runs: number) {
  const offline: Marks[] = [];
  const live: Marks[] = [];
  const stream = (name: string) => ({ rtmp: `${floor.rtmpBase}/${name}`, page: `${floor.page}?flv=${encodeURIComponent(`${floor.flvBase}/${name}.flv`)}` });
  for (let i = 0; i < runs; i++) {
    const s = stream(`floor${i}`);
    const context = await newContext(browser);
    let encoder: ChildProcess | null = null;
    try {
      const page = await context.newPage();
      await page.goto(s.page);
      await sleep(1500);
      const t0 = Date.now();
      encoder = push(loop, s.rtmp);
      const frame = await firstFrameAt(page, 30_000).catch(() => null);
      offline.push(frame ? { 'first frame': frame - t0 } : {});
    } finally {
      encoder?.kill('SIGKILL');
      await context.close();
      await sleep(500);
    }
  }
  const s = stream('floorlive');
  const encoder = push(loop, s.rtmp);
  try {
    await sleep(3000);
    for (let i = 0; i < runs; i++) {
      const context = await newContext(browser);
      try {
        const page = await context.newPage();
        const t0 = Date.now();
        await page.goto(s.page);
        const frame = await firstFrameAt(page, 30_000).catch(() => null);
        live.push(frame ? { 'first frame': frame - t0 } : {});
      } finally {
        await context.close();
      }
    }
  } finally {
    encoder.kill('SIGKILL');
  }
  return { offline, live };
}

export interface PictureFigures {
  offline: Marks[];
  offlinePollOnly: Marks[];
  live: Marks[];
  floorOffline: Marks[];
  floorLive: Marks[];
}

export async function firstPicture(site: Site, floor: Floor | null, loop: string, runs: number): Promise<PictureFigures> {
  const browser = await launch();
  const figures: PictureFigures = { offline: [], offlinePollOnly: [], live: [], floorOffline: [], floorLive: [] };
  try {
    // A first page load warms the server's and the browser's caches (not measured).
    const warm = await browser.newContext();
    await (await warm.newPage()).goto(`http://127.0.0.1:${site.port}/live?id=${site.roomId}`, { waitUntil: 'networkidle' }).catch(() => undefined);
    await warm.close();
    for (let i = 0; i < runs; i++) {
      figures.offline.push(await offlineToPicture(browser, site, loop, false));
      if (process.env.BENCH_PICTURE_POLL !== 'off') figures.offlinePollOnly.push(await offlineToPicture(browser, site, loop, true));
    }
    const encoder = push(loop, site.rtmp);
    try {
      for (let i = 0; i < 100 && !(await isLive(site)); i++) await sleep(100);
      // The ladder's levels are up and have a key frame cached.
      await sleep(5000);
      for (let i = 0; i < runs; i++) figures.live.push(await openLiveRoom(browser, site));
    } finally {
      encoder.kill('SIGKILL');
      await untilOffline(site);
    }
    if (floor) Object.assign(figures, await floorTries(browser, floor, loop, runs).then((f) => ({ floorOffline: f.offline, floorLive: f.live })));
  } finally {
    await browser.close();
  }
  return figures;
}

const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

/** Median ms after t0 of each phase seen in the tries, in the order given (phases never seen are left out). */
export function phaseMedians(tries: Marks[], order: string[]): Array<{ phase: string; ms: number; seen: number }> {
  return order.flatMap((phase) => {
    const v = tries.map((t) => t[phase]).filter((x): x is number => typeof x === 'number');
    return v.length ? [{ phase, ms: median(v), seen: v.length }] : [];
  });
}

export const OFFLINE_PHASES = ['publish accepted', 'live event', 'room info', 'FLV asked', 'level ready at server', 'FLV answers', 'first frame'];
export const LIVE_PHASES = ['page HTML', 'room info', 'player chunk', 'FLV asked', 'FLV answers', 'first frame'];
