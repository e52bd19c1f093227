// The picture's floor for the live bench: node-media-server 4 as it comes (RTMP in, its own
// HTTP-FLV out with its GOP cache; no publish hook, no ladder, no site) and a page with nothing but
// a <video> and mpegts.js (the same library and settings as the site's player). What the site
// adds on top of this is the site's cost.
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>floor</title>
<script src="/mpegts.js"></script></head><body style="margin:0;background:#000">
<video id="v" muted playsinline style="width:640px;height:360px"></video>
<script>
// ?flv=<url>: plays it; with &wait, retries until the stream exists (a viewer waiting for the encoder).
const q = new URLSearchParams(location.search);
const video = document.getElementById('v');
function start() {
  const player = mpegts.createPlayer({ type: 'flv', isLive: true, url: q.get('flv'), hasAudio: true, hasVideo: true }, {
    enableWorker: false, enableStashBuffer: false, lazyLoad: false, deferLoadAfterSourceOpen: false,
    liveBufferLatencyChasing: true, liveBufferLatencyMaxLatency: 2.5, liveBufferLatencyMinRemain: 0.6, autoCleanupSourceBuffer: true,
  });
  player.on(mpegts.Events.ERROR, () => { player.destroy(); setTimeout(start, 50); });
  player.attachMediaElement(video);
  player.load();
  video.play().catch(() => undefined);
}
start();
</script></body></html>`;

/** Where the floor pushes and plays a stream of that name (a new name per try: no GOP cached from the last one). */
export interface Floor {
  rtmpBase: string;
  flvBase: string;
  page: string;
}

/** Starts the bare media server and the page server; resolves with their addresses. */
export async function floorServer(rtmpPort: number, flvPort: number): Promise<Floor> {
  const NodeMediaServer = require('node-media-server') as new (config: object) => { run(): Promise<void> };
  const logger = require('node-media-server/src/core/logger.js') as { log: (m: string) => void; level: string };
  logger.level = 'error';
  logger.log = () => undefined;
  const store = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-bench-floor-'));
  const nms = new NodeMediaServer({ bind: '127.0.0.1', rtmp: { port: rtmpPort }, http: { port: flvPort }, store: { path: store, maxHistory: 10 }, webadmin: { enable: false } });
  await nms.run();
  const lib = fs.readFileSync(require.resolve('mpegts.js/dist/mpegts.js'));
  const server = http.createServer((req, res) => {
    if (req.url === '/mpegts.js') res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'max-age=3600' }).end(lib);
    else res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const pagePort = (server.address() as import('node:net').AddressInfo).port;
  // Give the media server a moment to listen.
  await new Promise((r) => setTimeout(r, 500));
  return { rtmpBase: `rtmp://127.0.0.1:${rtmpPort}/live`, flvBase: `http://127.0.0.1:${flvPort}/live`, page: `http://127.0.0.1:${pagePort}/` };
}
