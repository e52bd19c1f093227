// The picture in Chromium (/usr/bin/chromium), as a visitor (who watches SD: a ladder level):
//  - offline room: the page is open and waiting; an encoder starts pushing; time until the first
//    video frame is on screen. Now the room's chat socket says "live" (type 104) the moment the
//    publish hook accepts the stream; "poll only" is the same page with that socket silenced, so
//    it notices at its next 4 s poll (the old way).
//  - live room: the stream runs; time from opening the room's address to the first frame.
//  - floor: the same, for a bare page that holds nothing but mpegts.js (served from memory) and
//    asks the same server for the same room's SD URL: what this machine's Chromium, server and
//    ladder take whatever the site's page does.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, chromium, type Page } from 'playwright-core';
import { demoPushArgs } from '../../apps/server/src/demo/broadcaster.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Site {
  port: number;
  rtmp: string;
  roomId: number;
}

/** Resolves with Date.now() of the first frame the page's video shows (checked every animation frame). */
async function firstFrameAt(page: Page, timeoutMs: number): Promise<number> {
  const h = await page.waitForFunction(
    () => {
      const v = document.querySelector('video');
      return v && v.currentTime > 0 && v.readyState >= 2 && v.videoWidth > 0 ? Date.now() : false;
    },
    null,
    { timeout: timeoutMs, polling: 'raf' },
  );
  return (await h.jsonValue()) as number;
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

async function offlineToPicture(browser: Browser, site: Site, loop: string, pollOnly: boolean): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  let push: ChildProcess | null = null;
  try {
    const page = await context.newPage();
    // The old way: the chat socket opens but never hears anything (so no "live" event either).
    if (pollOnly) await page.routeWebSocket(/\/ws\/im/, () => undefined);
    await page.goto(`http://127.0.0.1:${site.port}/live?id=${site.roomId}`);
    await page.getByTestId('live-offline').waitFor({ timeout: 30_000 });
    // A viewer who has been waiting a while: the page settled, its chat joined.
    await sleep(2500);
    const t0 = Date.now();
    push = spawn('ffmpeg', demoPushArgs(loop, site.rtmp), { stdio: ['ignore', 'ignore', 'ignore'] });
    return (await firstFrameAt(page, 30_000)) - t0;
  } finally {
    push?.kill('SIGKILL');
    await context.close();
    await untilOffline(site);
    await sleep(500);
  }
}

/** The page's user-timing marks (boot:*, room:*: main.tsx, early-calls.ts, the player) and its requests, in ms after t0. */
export interface RoomTimings {
  marks: Record<string, number>;
  html: number;
  requests: number;
}

async function openLiveRoom(browser: Browser, site: Site, timings: RoomTimings[]): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const t0 = Date.now();
    await page.goto(`http://127.0.0.1:${site.port}/live?id=${site.roomId}`);
    const frame = (await firstFrameAt(page, 30_000)) - t0;
    const seen = await page.evaluate(() => ({
      origin: performance.timeOrigin,
      marks: performance.getEntriesByType('mark').map((m) => [m.name, m.startTime] as const),
      html: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.responseEnd ?? 0,
      requests: performance.getEntriesByType('resource').length,
    }));
    const at = (ms: number) => Math.round(seen.origin + ms - t0);
    timings.push({ marks: Object.fromEntries(seen.marks.map(([name, ms]) => [name, at(ms)])), html: at(seen.html), requests: seen.requests });
    return frame;
  } finally {
    await context.close();
  }
}

/** The floor: a bare page (mpegts.js only) fetches the room's play URLs and plays SD. */
async function openBarePlayer(browser: Browser, site: Site, player: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const origin = `http://127.0.0.1:${site.port}`;
    await page.route(`${origin}/__bare/mpegts.js`, (route) => route.fulfill({ body: player, contentType: 'text/javascript' }));
    await page.route(`${origin}/__bare/`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><video muted autoplay playsinline style="width:100%"></video><script src="/__bare/mpegts.js"></script><script>
          fetch('/api/Live_streaming/getRoomInfo?room_id=${site.roomId}').then((r) => r.json()).then(({ data }) => {
            const level = data.live.levels.find((l) => l.level === 'sd' && !l.locked) || data.live.levels.find((l) => !l.locked);
            const p = mpegts.createPlayer({ type: 'flv', isLive: true, url: new URL(level.flv, location.href).href }, { enableWorker: false, enableStashBuffer: false, lazyLoad: false });
            p.attachMediaElement(document.querySelector('video')); p.load(); p.play();
          });
        </script>`,
      }),
    );
    const t0 = Date.now();
    await page.goto(`${origin}/__bare/`);
    return (await firstFrameAt(page, 30_000)) - t0;
  } finally {
    await context.close();
  }
}

export interface PictureFigures {
  offline: number[];
  offlinePollOnly: number[];
  live: number[];
  /** Where each live-room try's time went (same order as `live`). */
  liveTimings: RoomTimings[];
  floor: number[];
}

export async function firstPicture(site: Site, loop: string, runs: number): Promise<PictureFigures> {
  const browser = await launch();
  const figures: PictureFigures = { offline: [], offlinePollOnly: [], live: [], liveTimings: [], floor: [] };
  const player = fs.readFileSync(createRequire(import.meta.url).resolve('mpegts.js/dist/mpegts.js'), 'utf8');
  try {
    // A first page load warms the server's and the browser's caches (not measured).
    const warm = await browser.newContext();
    await (await warm.newPage()).goto(`http://127.0.0.1:${site.port}/live?id=${site.roomId}`, { waitUntil: 'networkidle' }).catch(() => undefined);
    await warm.close();
    for (let i = 0; i < runs; i++) {
      figures.offline.push(await offlineToPicture(browser, site, loop, false));
      figures.offlinePollOnly.push(await offlineToPicture(browser, site, loop, true));
    }
    const push = spawn('ffmpeg', demoPushArgs(loop, site.rtmp), { stdio: ['ignore', 'ignore', 'ignore'] });
    try {
      for (let i = 0; i < 100 && !(await isLive(site)); i++) await sleep(100);
      // The ladder's levels are up and have a key frame cached.
      await sleep(5000);
      for (let i = 0; i < runs; i++) {
        figures.live.push(await openLiveRoom(browser, site, figures.liveTimings));
        figures.floor.push(await openBarePlayer(browser, site, player));
      }
    } finally {
      push.kill('SIGKILL');
      await untilOffline(site);
    }
  } finally {
    await browser.close();
  }
  return figures;
}
