// What the demo streams cost: CPU seconds per wall second of every demo-related ffmpeg process
// (the rooms' pushes and the quality ladder each live room gets on the server), read from
// /proc/<pid>/stat over a window. Now: pre-rendered 720p loops pushed with -c copy. Before (the
// old figure, same run): each room encoded live by ffmpeg (640x360, 15 fps, drawn scoreboard).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { demoPushArgs } from '../../apps/server/src/demo/broadcaster.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TICK = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim() || 100);

interface Proc {
  pid: number;
  ppid: number;
  comm: string;
  ticks: number;
}

function readProc(pid: number): Proc | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields are counted after it.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const f = stat.slice(close + 2).split(' ');
    // After the name: state(0) ppid(1) … utime(11) stime(12).
    return { pid, ppid: Number(f[1]), comm, ticks: Number(f[11]) + Number(f[12]) };
  } catch {
    return null;
  }
}

/** The ffmpeg processes that are children of one of `parents`. */
function ffmpegChildren(parents: number[]): Proc[] {
  const set = new Set(parents);
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      const p = readProc(Number(d));
      return p && p.comm === 'ffmpeg' && set.has(p.ppid) ? [p] : [];
    });
}

/** CPU seconds per wall second of the sources (children of this process) and the ladders (of the server) over `seconds`. */
async function sample(serverPid: number, seconds: number) {
  const before = new Map(ffmpegChildren([process.pid, serverPid]).map((p) => [p.pid, p]));
  const t0 = performance.now();
  await sleep(seconds * 1000);
  const wall = (performance.now() - t0) / 1000;
  let sources = 0;
  let ladders = 0;
  let count = 0;
  for (const p of ffmpegChildren([process.pid, serverPid])) {
    const b = before.get(p.pid);
    if (!b) continue;
    count++;
    const cpu = (p.ticks - b.ticks) / TICK / wall;
    if (p.ppid === serverPid) ladders += cpu;
    else sources += cpu;
  }
  return { sources, ladders, total: sources + ladders, processes: count };
}

/** The old demo's live encode (before the loops): 640x360 15 fps lavfi picture, drawn score, x264 ultrafast. */
const oldEncoderArgs = (target: string) => [
  '-hide_banner',
  '-loglevel',
  'error',
  '-nostdin',
  '-re',
  '-f',
  'lavfi',
  '-i',
  'color=c=0x2e7d32:s=640x360:r=15',
  '-f',
  'lavfi',
  '-i',
  'color=c=white:s=10x10:r=15',
  '-f',
  'lavfi',
  '-i',
  'sine=frequency=180:sample_rate=44100:beep_factor=2',
  '-filter_complex',
  "[0:v]drawbox=x=0:y=0:w=80:h=ih:color=black@0.08:t=fill,drawbox=x=160:y=0:w=80:h=ih:color=black@0.08:t=fill,drawbox=x=20:y=70:w=600:h=275:color=white@0.8:t=2,drawbox=x=319:y=70:w=2:h=275:color=white@0.8:t=fill[p];[1:v]format=yuv420p[b];[p][b]overlay=x='300+270*sin(t*0.45)':y='200+110*sin(t*0.71)',drawbox=x=0:y=0:w=iw:h=58:color=black@0.7:t=fill,drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf:text='Home   %{eif\\:trunc(t/60)\\:d} - %{eif\\:trunc(t/90)\\:d}   Away':x=(w-tw)/2:y=9:fontsize=22:fontcolor=white[v]",
  '-map',
  '[v]',
  '-map',
  '2:a',
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
  '-g',
  '30',
  '-c:a',
  'aac',
  '-b:a',
  '48k',
  '-f',
  'flv',
  target,
];

async function waitLive(port: number, roomIds: number[], live: boolean) {
  for (let i = 0; i < 300; i++) {
    const states = await Promise.all(
      roomIds.map(async (id) => ((await (await fetch(`http://127.0.0.1:${port}/api/Live/getLiveUrl?room_id=${id}`)).json()) as { data: { is_live: number } }).data.is_live === 1),
    );
    if (states.every((s) => s === live)) return;
    await sleep(100);
  }
  throw new Error(`the demo rooms did not go ${live ? 'live' : 'offline'}`);
}

export interface DemoCpuRow {
  way: string;
  sources: number;
  ladders: number;
  total: number;
  processes: number;
}

/**
 * Pushes one stream per room (rooms: the server's RTMP URLs), lets the ladders settle, samples
 * the CPU, stops. `way` 'loops' pushes the pre-rendered loops, 'live' encodes like the old demo.
 */
export async function demoCpu(server: { pid: number; port: number }, rooms: Array<{ roomId: number; rtmp: string }>, loops: string[], seconds: number): Promise<DemoCpuRow[]> {
  const rows: DemoCpuRow[] = [];
  for (const way of ['loops', 'live'] as const) {
    const children: ChildProcess[] = rooms.map((r, i) =>
      spawn('ffmpeg', way === 'loops' ? demoPushArgs(loops[i % loops.length], r.rtmp) : oldEncoderArgs(r.rtmp), { stdio: ['ignore', 'ignore', 'ignore'] }),
    );
    try {
      await waitLive(
        server.port,
        rooms.map((r) => r.roomId),
        true,
      );
      // The ladders start a moment after the rooms go live and warm up: measure the steady state.
      await sleep(6000);
      const s = await sample(server.pid, seconds);
      rows.push({
        way: way === 'loops' ? 'now: 1280x720 25 fps loops rendered once, pushed with -c copy' : 'before: live encode per room (640x360 15 fps, x264 ultrafast)',
        ...s,
      });
    } finally {
      for (const c of children) c.kill('SIGKILL');
    }
    await waitLive(
      server.port,
      rooms.map((r) => r.roomId),
      false,
    );
    await sleep(1000);
  }
  return rows;
}
