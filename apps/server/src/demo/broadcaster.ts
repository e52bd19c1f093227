import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';

// Demo broadcaster for `npm start`: each demo anchor's room gets a real RTMP push from ffmpeg, a
// rendered pitch with a moving ball, a scoreboard whose goals come at set minutes, and a match
// clock. Small on purpose (640x360, 15 fps, ultrafast, ~450 kbit/s) so a 2-core machine barely
// notices; the ladder then makes SD and smooth from it like from any push.

export interface DemoStream {
  streamKey: string;
  home: string;
  away: string;
  /** Seconds into the match at start, so the rooms don't all show 00:00. */
  offset: number;
  /** Match seconds at which the home / away side scores. */
  homeGoals: number[];
  awayGoals: number[];
  /** Basketball-style scoring instead: seconds per basket for home / away. */
  basketEvery?: [number, number];
  /** Pitch colour, e.g. 0x1f6f3a. */
  color: string;
}

const FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
];
const MATCH_LOOP_SECONDS = 95 * 60;

/** Text for ffmpeg's drawtext: quotes, colons, commas and backslashes escaped. */
const drawtextEscape = (s: string) => s.replace(/[\\':,%]/g, (c) => (c === '%' ? '%%' : `\\${c}`));

/** The filter graph that draws one demo match on top of the pitch colour source. */
export function demoFilter(d: DemoStream, font: string | null): string {
  const t = `mod(t+${d.offset}\\,${MATCH_LOOP_SECONDS})`;
  const goals = (list: number[]) => (list.length ? list.map((g) => `gte(${t}\\,${g})`).join('+') : '0');
  // Baskets: two points every `every` seconds plus a three now and then.
  const points = (every: number) => `trunc(${t}/${every})*2+trunc(${t}/${Math.round(every * 3.3)})`;
  const home = d.basketEvery ? points(d.basketEvery[0]) : goals(d.homeGoals);
  const away = d.basketEvery ? points(d.basketEvery[1]) : goals(d.awayGoals);
  const pitch = [
    // Mowing stripes, touch lines, halfway line and centre circle (as a box: cheap and clear).
    ...[0, 2, 4, 6].map((i) => `drawbox=x=${i * 80}:y=0:w=80:h=ih:color=black@0.08:t=fill`),
    'drawbox=x=20:y=70:w=600:h=275:color=white@0.8:t=2',
    'drawbox=x=319:y=70:w=2:h=275:color=white@0.8:t=fill',
    'drawbox=x=280:y=168:w=80:h=80:color=white@0.8:t=2',
    'drawbox=x=20:y=150:w=60:h=115:color=white@0.8:t=2',
    'drawbox=x=560:y=150:w=60:h=115:color=white@0.8:t=2',
  ];
  let graph = `[0:v]${pitch.join(',')}[pitch];[1:v]format=yuv420p[ball];[pitch][ball]overlay=x='300+270*sin(t*0.45)*cos(t*0.13)':y='200+110*sin(t*0.71)'`;
  if (font) {
    const f = `fontfile=${drawtextEscape(font)}`;
    graph +=
      `,drawbox=x=0:y=0:w=iw:h=58:color=black@0.7:t=fill` +
      `,drawtext=${f}:text='${drawtextEscape(d.home)}   %{eif\\:${home}\\:d} - %{eif\\:${away}\\:d}   ${drawtextEscape(d.away)}':x=(w-tw)/2:y=9:fontsize=22:fontcolor=white` +
      `,drawtext=${f}:text='%{eif\\:trunc(${t}/60)\\:d\\:2}\\:%{eif\\:mod(${t}\\,60)\\:d\\:2}   LIVE':x=(w-tw)/2:y=37:fontsize=14:fontcolor=0xffcc33`;
  }
  return `${graph}[v]`;
}

export function demoArgs(d: DemoStream, rtmpUrl: string, font: string | null): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-re',
    '-f',
    'lavfi',
    '-i',
    `color=c=${d.color}:s=640x360:r=15`,
    '-f',
    'lavfi',
    '-i',
    'color=c=white:s=10x10:r=15',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=180:sample_rate=44100:beep_factor=2',
    '-filter_complex',
    demoFilter(d, font),
    '-map',
    '[v]',
    '-map',
    '2:a',
    '-af',
    'volume=0.05',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    '400k',
    '-maxrate',
    '400k',
    '-bufsize',
    '800k',
    '-g',
    '30',
    '-c:a',
    'aac',
    '-b:a',
    '48k',
    '-ar',
    '44100',
    '-f',
    'flv',
    `${rtmpUrl}/${d.streamKey}`,
  ];
}

/** Runs one ffmpeg per demo room, restarting it if it dies, until stopped. */
export class DemoBroadcaster {
  private readonly children = new Set<ChildProcess>();
  private stopped = false;
  private readonly font = FONTS.find((f) => fs.existsSync(f)) ?? null;

  constructor(
    private readonly ffmpeg: string,
    private readonly rtmpUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(streams: DemoStream[]) {
    for (const d of streams) this.run(d, 0);
    if (streams.length) this.log.info(`demo broadcaster: ${streams.length} rooms pushing over RTMP`);
  }

  private run(d: DemoStream, failures: number) {
    if (this.stopped) return;
    const child = spawn(this.ffmpeg, demoArgs(d, this.rtmpUrl, this.font), { stdio: ['ignore', 'ignore', 'pipe'] });
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
      setTimeout(() => this.run(d, next), Math.min(60_000, 2000 * 2 ** Math.min(next, 5))).unref();
    });
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
