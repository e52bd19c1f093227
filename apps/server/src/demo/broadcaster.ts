import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

// Demo broadcaster for `npm start`: each demo anchor's room gets a real RTMP push that looks like
// a broadcast: a 1280x720 25 fps pitch or court with players and a ball moving, a channel bug and
// crowd noise. 720p so the ladder's HD (= the original), SD and smooth are three real steps.
//
// Encoding that live cost ~0.2 of a core per room. Instead each room's picture is rendered ONCE
// into DATA_DIR/demo/<name>-<hash>.flv (a 40 s H.264/AAC loop whose motion is periodic, so the
// seam does not show; at first start, in the background, niced; reused on later starts: the
// hash covers the render arguments) and pushed with `-stream_loop -1 -re -c copy`: no decoding,
// no encoding, a few milliseconds of CPU per second.
//
// A pre-rendered loop cannot carry a live score, so the picture has none: the room is linked to
// the replayed match it covers (demo/match-links.ts) and the room page shows that match's live
// score strip over the player from the score socket, like any room linked to a match. That costs
// nothing on the server (the strip is the matches feature's own, pushed to every match viewer
// anyway), where burning the score into the picture would mean decoding and re-encoding 720p.

export interface DemoStream {
  /** File name of the rendered loop (letters, digits, dots, dashes). */
  name: string;
  streamKey: string;
  sport: 'football' | 'basketball';
  /** Pitch / court colour, e.g. 0x2e7d32. */
  color: string;
  /** The two sides' shirt colours. */
  kits: [string, string];
}

/** The loop: 40 s at 25 fps with a key frame every second (a new viewer or the ladder starts at once). */
export const LOOP_SECONDS = 40;
export const FPS = 25;
export const WIDTH = 1280;
export const HEIGHT = 720;
const KBPS = 1800;

const FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
];

/** Text for ffmpeg's drawtext: quotes, colons, commas and backslashes escaped. */
const drawtextEscape = (s: string) => s.replace(/[\\':,%]/g, (c) => (c === '%' ? '%%' : `\\${c}`));

/** A one-frame RGBA image from a geq alpha expression, repeated for ever (computed once, not per frame). */
const still = (w: number, h: number, rgb: [number, number, number], alpha: string) =>
  `color=c=black@0:s=${w}x${h}:r=${FPS}:d=${1 / FPS},format=rgba,geq=r=${rgb[0]}:g=${rgb[1]}:b=${rgb[2]}:a='${alpha}',loop=loop=-1:size=1:start=0`;

/** A ring of radius r and half-width w around (cx, cy), optionally only where `where` holds. */
const ring = (cx: number, cy: number, r: number, w = 2, where = '1') => `lte(abs(hypot(X-${cx}\\,Y-${cy})-${r})\\,${w})*${where}`;

/** A periodic path over the loop: k1, k2 whole turns per loop so the seam does not show. */
function path2(i: number, cx: number, cy: number, rx: number, ry: number, seconds: number) {
  const w = (k: number) => `2*PI*${k}*t/${seconds}`;
  const k1 = 1 + (i % 3);
  const k2 = 1 + ((i * 2 + 1) % 4);
  const ph = (i * 1.7).toFixed(2);
  return { x: `${cx}+${rx}*sin(${w(k1)}+${ph})`, y: `${cy}+${ry}*sin(${w(k2)}+${ph}*2)` };
}

/** The lines of a football pitch (rectangles as drawbox, the circles and arcs in one still). */
function pitch(color: string) {
  const line = 'color=white@0.85';
  const boxes = [
    ...Array.from({ length: 8 }, (_, i) => `drawbox=x=${i * 160}:y=0:w=80:h=ih:color=black@0.07:t=fill`),
    `drawbox=x=60:y=70:w=1160:h=610:${line}:t=3`,
    `drawbox=x=639:y=70:w=3:h=610:${line}:t=fill`,
    `drawbox=x=60:y=230:w=170:h=290:${line}:t=3`,
    `drawbox=x=1050:y=230:w=170:h=290:${line}:t=3`,
    `drawbox=x=60:y=310:w=60:h=130:${line}:t=3`,
    `drawbox=x=1160:y=310:w=60:h=130:${line}:t=3`,
    `drawbox=x=44:y=335:w=16:h=80:color=white@0.6:t=fill`,
    `drawbox=x=1220:y=335:w=16:h=80:color=white@0.6:t=fill`,
  ];
  const arcs = [ring(640, 375, 90), `lte(hypot(X-640\\,Y-375)\\,5)`, ring(190, 375, 90, 2, 'gte(X\\,230)'), ring(1090, 375, 90, 2, 'lte(X\\,1050)')].join('+');
  return { base: `color=c=${color}:s=${WIDTH}x${HEIGHT}:r=${FPS}:d=${1 / FPS},${boxes.join(',')}`, arcs: still(WIDTH, HEIGHT, [255, 255, 255], `220*gt(${arcs}\\,0)`) };
}

/** A basketball court: planks, painted keys, circles, three-point arcs and the baskets. */
function court(color: string) {
  const line = 'color=white@0.9';
  const boxes = [
    ...Array.from({ length: 32 }, (_, i) => `drawbox=x=0:y=${i * 23}:w=iw:h=1:color=black@0.12:t=fill`),
    `drawbox=x=60:y=70:w=1160:h=610:${line}:t=3`,
    `drawbox=x=639:y=70:w=3:h=610:${line}:t=fill`,
    `drawbox=x=63:y=295:w=230:h=160:color=0x7b1f24@0.75:t=fill`,
    `drawbox=x=987:y=295:w=230:h=160:color=0x1f3f7b@0.75:t=fill`,
    `drawbox=x=60:y=295:w=233:h=160:${line}:t=3`,
    `drawbox=x=987:y=295:w=233:h=160:${line}:t=3`,
    `drawbox=x=60:y=110:w=110:h=3:${line}:t=fill`,
    `drawbox=x=60:y=637:w=110:h=3:${line}:t=fill`,
    `drawbox=x=1110:y=110:w=110:h=3:${line}:t=fill`,
    `drawbox=x=1110:y=637:w=110:h=3:${line}:t=fill`,
    `drawbox=x=92:y=345:w=4:h=60:color=white:t=fill`,
    `drawbox=x=1184:y=345:w=4:h=60:color=white:t=fill`,
  ];
  const arcs = [
    ring(640, 375, 80),
    ring(293, 375, 80, 2, 'gte(X\\,293)'),
    ring(987, 375, 80, 2, 'lte(X\\,987)'),
    // Three-point arcs from the corners' straight lines round the basket.
    ring(112, 375, 265, 2, 'gte(X\\,170)*between(Y\\,110\\,640)'),
    ring(1168, 375, 265, 2, 'lte(X\\,1110)*between(Y\\,110\\,640)'),
    ring(112, 375, 11, 2),
    ring(1168, 375, 11, 2),
  ].join('+');
  return { base: `color=c=${color}:s=${WIDTH}x${HEIGHT}:r=${FPS}:d=${1 / FPS},${boxes.join(',')}`, arcs: still(WIDTH, HEIGHT, [255, 255, 255], `230*gt(${arcs}\\,0)`) };
}

const hex = (c: string): [number, number, number] => {
  const n = parseInt(c.replace(/^0x|^#/, ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

/**
 * The filter graph of one loop: the field (drawn once and repeated), ten players, the ball, and a
 * channel bug. Inputs are all lavfi sources defined inside the graph; the output is [v].
 */
export function demoFilter(d: DemoStream, font: string | null, seconds = LOOP_SECONDS): string {
  const field = d.sport === 'basketball' ? court(d.color) : pitch(d.color);
  const players = d.sport === 'basketball' ? 10 : 14;
  const dot = d.sport === 'basketball' ? 26 : 22;
  const parts = [`${field.base},loop=loop=-1:size=1:start=0[base]`, `${field.arcs}[arcs]`, `[base][arcs]overlay=0:0[f0]`];
  let last = 'f0';
  for (let i = 0; i < players; i++) {
    const side = i % 2;
    const [r, g, b] = hex(d.kits[side]);
    // Each side keeps to its half most of the time, crossing now and then.
    const p = path2(i, side ? 760 : 520, 375, 380, 240, seconds);
    parts.push(`${still(dot, dot, [r, g, b], `255*lte(hypot(X-${dot / 2}\\,Y-${dot / 2})\\,${dot / 2 - 1})`)}[p${i}]`);
    parts.push(`[${last}][p${i}]overlay=x='${p.x}-${dot / 2}':y='${p.y}-${dot / 2}'[f${i + 1}]`);
    last = `f${i + 1}`;
  }
  const ballColor: [number, number, number] = d.sport === 'basketball' ? [238, 120, 30] : [255, 226, 70];
  const ball = path2(7, 640, 375, 470, 250, seconds);
  parts.push(`${still(18, 18, ballColor, '255*lte(hypot(X-9\\,Y-9)\\,8)')}[ball]`);
  parts.push(`[${last}][ball]overlay=x='${ball.x}-9':y='${ball.y}-9'[fb]`);
  let out = '[fb]format=yuv420p';
  if (font) {
    const f = `fontfile=${drawtextEscape(font)}`;
    const title = d.sport === 'basketball' ? 'LIVESPORTS  BASKETBALL' : 'LIVESPORTS  FOOTBALL';
    out +=
      `,drawbox=x=24:y=18:w=380:h=38:color=black@0.65:t=fill,drawbox=x=24:y=18:w=70:h=38:color=0xd62828@0.95:t=fill` +
      `,drawtext=${f}:text='LIVE':x=36:y=27:fontsize=20:fontcolor=white` +
      `,drawtext=${f}:text='${drawtextEscape(title)}':x=106:y=29:fontsize=17:fontcolor=white` +
      `,drawtext=${f}:text='HD 720p':x=w-tw-28:y=h-th-22:fontsize=16:fontcolor=white@0.7`;
  }
  parts.push(`${out}[v]`);
  return parts.join(';');
}

/** ffmpeg arguments that render one loop of `seconds` into `file` (at its own pace: no -re). */
export function demoRenderArgs(d: DemoStream, file: string, font: string | null, seconds = LOOP_SECONDS): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    '-filter_complex',
    demoFilter(d, font, seconds),
    '-f',
    'lavfi',
    '-i',
    // Crowd noise: pink noise, quiet and muffled.
    `anoisesrc=color=pink:amplitude=0.25:sample_rate=44100,lowpass=f=900,volume=0.25`,
    '-map',
    '[v]',
    '-map',
    '0:a',
    '-t',
    String(seconds),
    '-r',
    String(FPS),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    // No B-frames: a decoder shows the first frame it gets.
    '-bf',
    '0',
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    `${KBPS}k`,
    '-maxrate',
    `${KBPS}k`,
    '-bufsize',
    `${KBPS * 2}k`,
    '-g',
    String(FPS),
    '-keyint_min',
    String(FPS),
    '-sc_threshold',
    '0',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-ar',
    '44100',
    '-ac',
    '2',
    // One thread: it renders in the background of a running server.
    '-threads',
    '1',
    '-filter_complex_threads',
    '1',
    '-f',
    'flv',
    file,
  ];
}

/** ffmpeg arguments that push a rendered loop for ever, in real time, without re-encoding. */
export function demoPushArgs(file: string, rtmpUrl: string): string[] {
  return ['-hide_banner', '-loglevel', 'error', '-nostdin', '-re', '-stream_loop', '-1', '-i', file, '-c', 'copy', '-f', 'flv', rtmpUrl];
}

/** Where a stream's loop lives: the name plus a hash of how it is drawn, so a new drawing re-renders. */
export function loopFile(dir: string, d: DemoStream, font: string | null, seconds = LOOP_SECONDS): string {
  const hash = crypto
    .createHash('sha256')
    .update(JSON.stringify(demoRenderArgs({ ...d, streamKey: '' }, '', font, seconds)))
    .digest('hex')
    .slice(0, 10);
  return path.join(dir, `${d.name.replace(/[^\w.-]/g, '_')}-${hash}.flv`);
}

/** Renders each room's loop once (reusing what is on disk) and keeps one `-c copy` push per room running until stopped. */
export class DemoBroadcaster {
  private readonly children = new Set<ChildProcess>();
  private stopped = false;
  private readonly font = FONTS.find((f) => fs.existsSync(f)) ?? null;

  constructor(
    private readonly ffmpeg: string,
    private readonly rtmpUrl: string,
    private readonly dir: string,
    private readonly log: FastifyBaseLogger,
    /** The loop's length (tests render short ones). */
    private readonly seconds = LOOP_SECONDS,
  ) {}

  /** Pushes the rooms whose loop exists at once; renders the others one after the other, then pushes them. */
  async start(streams: DemoStream[]) {
    fs.mkdirSync(this.dir, { recursive: true });
    const missing: Array<{ d: DemoStream; file: string }> = [];
    for (const d of streams) {
      const file = loopFile(this.dir, d, this.font, this.seconds);
      if (fs.existsSync(file)) this.push(d, file, 0);
      else missing.push({ d, file });
    }
    if (streams.length) this.log.info(`demo broadcaster: ${streams.length} rooms, ${missing.length} loops to render into ${this.dir}`);
    for (const { d, file } of missing) {
      if (this.stopped) return;
      const began = Date.now();
      const ok = await this.render(d, file);
      if (ok) {
        this.log.info(`demo broadcaster: rendered ${path.basename(file)} in ${((Date.now() - began) / 1000).toFixed(1)} s`);
        this.push(d, file, 0);
      }
    }
    this.prune(streams);
  }

  /** Old renders (another drawing, a room that went) are removed. */
  private prune(streams: DemoStream[]) {
    const keep = new Set(streams.map((d) => path.basename(loopFile(this.dir, d, this.font, this.seconds))));
    for (const f of fs.readdirSync(this.dir)) if (f.endsWith('.flv') && !keep.has(f)) fs.rmSync(path.join(this.dir, f), { force: true });
  }

  private render(d: DemoStream, file: string): Promise<boolean> {
    const tmp = `${file}.part`;
    const child = spawn(this.ffmpeg, demoRenderArgs(d, tmp, this.font, this.seconds), { stdio: ['ignore', 'ignore', 'pipe'] });
    // A one-off job on a machine that is serving: lowest priority.
    try {
      if (child.pid) os.setPriority(child.pid, 19);
    } catch {
      /* not allowed here: it runs at normal priority */
    }
    this.children.add(child);
    let stderr = '';
    child.stderr!.on('data', (b: Buffer) => {
      stderr = (stderr + b.toString()).slice(-2000);
    });
    return new Promise((resolve) => {
      child.on('exit', (code) => {
        this.children.delete(child);
        // Renamed only when whole: a render cut short by a stop is never reused.
        if (code === 0 && !this.stopped) {
          fs.renameSync(tmp, file);
          return resolve(true);
        }
        fs.rmSync(tmp, { force: true });
        if (!this.stopped) this.log.warn({ code, stderr }, 'demo broadcaster: the loop could not be rendered');
        resolve(false);
      });
    });
  }

  private push(d: DemoStream, file: string, failures: number) {
    if (this.stopped) return;
    const child = spawn(this.ffmpeg, demoPushArgs(file, `${this.rtmpUrl}/${d.streamKey}`), { stdio: ['ignore', 'ignore', 'pipe'] });
    this.children.add(child);
    let stderr = '';
    child.stderr!.on('data', (b: Buffer) => {
      stderr = (stderr + b.toString()).slice(-1000);
    });
    const began = Date.now();
    child.on('exit', (code) => {
      this.children.delete(child);
      if (this.stopped) return;
      const quick = Date.now() - began < 10_000;
      if (quick) this.log.warn({ code, stderr }, 'demo broadcaster: ffmpeg exited');
      // Back off when it keeps failing (e.g. the key was reset), but keep the demo alive.
      const next = quick ? failures + 1 : 0;
      setTimeout(() => this.push(d, file, next), Math.min(60_000, 2000 * 2 ** Math.min(next, 5))).unref();
    });
  }

  /** The process ids of the running pushes and renders (the bench measures their CPU). */
  pids(): number[] {
    return [...this.children].flatMap((c) => (c.pid ? [c.pid] : []));
  }

  async stop() {
    this.stopped = true;
    await Promise.all(
      [...this.children].map(
        (child) =>
          new Promise<void>((resolve) => {
            const kill = setTimeout(() => child.kill('SIGKILL'), 2000);
            child.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  }
}
