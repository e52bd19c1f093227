import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { LiveLevel } from '@livesports/contracts/live';

// The quality ladder: one ffmpeg per live room reads the pushed stream once and makes HD, SD and
// smooth, each as FLV (fed back into the RTMP server as its own broadcast) and as HLS on disk.
// One encode per level; the tee muxer writes both outputs. A second, cheap ffmpeg per room copies
// the original into HLS and the replay's recording (startCopy): it never waits on the encodes.
// Which rungs run, at which preset, is decided by ladder-control.ts.

export interface Rung {
  level: Exclude<LiveLevel, 'original'>;
  /** Output height; equal to the source when the rung is served by the original itself. */
  height: number;
  /** True when the rung needs no encode: the original is already at most this size. */
  alias: boolean;
  /** Video bitrate in kbit/s (0 for an alias). */
  kbps: number;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * Plans the rungs for a source. HD is at most 720p, SD at most 480p and two thirds of the
 * source, smooth at most 360p and half of it. A rung as tall as the source is the original
 * itself (no encode): a 720p push makes HD = original, SD 480p, smooth 360p. Bitrates follow
 * the pixel rate (about 0.1 bit per pixel and frame).
 */
export function planLadder(source: { width: number; height: number; fps: number }): Rung[] {
  const h = source.height > 0 ? source.height : 720;
  const aspect = source.width > 0 && source.height > 0 ? source.width / source.height : 16 / 9;
  const fps = source.fps > 0 ? Math.min(source.fps, 60) : 25;
  const rung = (level: Rung['level'], target: number): Rung => {
    const height = even(Math.min(target, h));
    const alias = height >= h;
    const pixels = even(height * aspect) * height;
    const kbps = alias ? 0 : Math.max(80, Math.min(4000, Math.round((pixels * fps * 0.1) / 1000)));
    return { level, height: alias ? h : height, alias, kbps };
  };
  return [rung('hd', 720), rung('sd', Math.min(480, (h * 2) / 3)), rung('smooth', Math.min(360, h / 2))];
}

/** x264 presets the ladder uses: the cheaper one when the machine cannot keep up (ladder-control.ts). */
export type LadderPreset = 'veryfast' | 'ultrafast';

export interface LadderOutputs {
  /** With it, every encoded rung is also written as a growing HLS recording there (recorder.ts). */
  recordDir?: string;
  /** The replay's poster still (the copy process decodes nothing, so the ladder makes it). */
  posterPath?: string;
  preset?: LadderPreset;
}

/**
 * ffmpeg arguments for the ladder: the given rungs (aliases are skipped: the original serves them),
 * FLV of rung i to file descriptor 3 + i, live HLS of each, the room card's still, and with
 * `recordDir` each rung's recording from the same encodes (recording costs muxing, not encoding).
 * The original is not here: it is copied by its own process (copyArgs), so a ladder that
 * struggles, restarts or sheds rungs never touches it nor the replay's original level.
 * `-progress` reports on stdout once a second: the ingest reads how far the encode is to tell
 * whether the machine keeps up (ladder-control.ts).
 */
export function ladderArgs(rungs: Rung[], hlsDir: string, out: LadderOutputs = {}): { args: string[]; fdOf: Map<Rung['level'], number> } {
  const encoded = rungs.filter((r) => !r.alias);
  const hls = (level: LiveLevel) =>
    `[f=hls:hls_time=2:hls_list_size=6:hls_flags=delete_segments+omit_endlist+independent_segments:hls_segment_filename=${path.join(hlsDir, level, 'seg%05d.ts')}]${path.join(hlsDir, level, 'index.m3u8')}`;
  // Half a second of probing (ffmpeg's default reads up to 5 s): encoders send both streams' headers
  // and interleave audio from their first second, and the default held every level's first frame
  // back by about 1.4 s after an anchor went live (issue #19: picture within 1.5 s of the encoder).
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-progress', 'pipe:1', '-stats_period', '1', '-probesize', '65536', '-analyzeduration', '500000', '-f', 'flv', '-i', 'pipe:0'];
  const fdOf = new Map<Rung['level'], number>();
  if (encoded.length > 0) {
    const split = `[0:v]split=${encoded.length}${encoded.map((_, i) => `[s${i}]`).join('')}`;
    const scales = encoded.map((r, i) => `[s${i}]scale=-2:${r.height}[v${i}]`);
    args.push('-filter_complex', [split, ...scales].join(';'));
    encoded.forEach((r, i) => {
      const fd = 3 + i;
      fdOf.set(r.level, fd);
      args.push(
        '-map',
        `[v${i}]`,
        '-map',
        '0:a?',
        '-c:v',
        'libx264',
        '-preset',
        out.preset ?? 'veryfast',
        '-tune',
        'zerolatency',
        '-pix_fmt',
        'yuv420p',
        '-b:v',
        `${r.kbps}k`,
        '-maxrate',
        `${r.kbps}k`,
        '-bufsize',
        `${r.kbps * 2}k`,
        // A key frame every 2 s whatever the frame rate: HLS segments and FLV joins start there.
        '-force_key_frames',
        'expr:gte(t,n_forced*2)',
        '-sc_threshold',
        '0',
        '-c:a',
        'aac',
        '-b:a',
        '96k',
        '-ar',
        '44100',
        // Both FLV and MPEG-TS are fed from one encode, so codec headers go out of band.
        '-flags:v',
        '+global_header',
        '-flags:a',
        '+global_header',
        '-f',
        'tee',
        // onfail=ignore on the pipe: when the server dies (kill -9) its pipes break, and the
        // recording beside it must still be finished from what is left of the input.
        `[f=flv:flvflags=no_duration_filesize:onfail=ignore]pipe\\:${fd}|${hls(r.level)}${out.recordDir ? `|${recordingOutput(out.recordDir, r.level)}` : ''}`,
      );
    });
  }
  // A still of the picture every 5 s for room cards (one small JPEG, overwritten in place).
  args.push('-map', '0:v', '-vf', 'fps=1/5,scale=-2:180', '-q:v', '6', '-update', '1', '-f', 'image2', path.join(hlsDir, 'thumb.jpg'));
  // The replay's poster: a 360p still every 5 s from the frames this process decodes anyway
  // (a separate ffmpeg decoding a segment for it cost more than the rest of the recording).
  if (out.posterPath) args.push('-map', '0:v', '-vf', 'fps=1/5,scale=-2:360', '-q:v', '4', '-update', '1', '-f', 'image2', out.posterPath);
  return { args, fdOf };
}

/**
 * ffmpeg arguments for the original: live HLS of it and, with `recordDir`, its recording, both
 * copied (no decode, no encode: it keeps up on a starved machine where the ladder cannot).
 */
export function copyArgs(hlsDir: string, recordDir?: string): string[] {
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-probesize', '65536', '-analyzeduration', '500000', '-f', 'flv', '-i', 'pipe:0'];
  const live = `[f=hls:hls_time=2:hls_list_size=6:hls_flags=delete_segments+omit_endlist:hls_segment_filename=${path.join(hlsDir, 'original', 'seg%05d.ts')}]${path.join(hlsDir, 'original', 'index.m3u8')}`;
  args.push('-map', '0:v', '-map', '0:a?', '-c', 'copy', '-f', 'tee', recordDir ? `${live}|${recordingOutput(recordDir, 'original')}` : live);
  return args;
}

/** The still the ladder writes into a recording's folder for the replay's poster. */
export const POSTER_FILE = 'poster.jpg';

export interface LadderRun {
  /** The source's FLV bytes go here. */
  input: Writable;
  /** Each encoded rung's FLV output. */
  outputs: Map<Rung['level'], Readable>;
  process: ChildProcess;
  stop(): void;
}

/**
 * A level's recording: an HLS event playlist (nothing deleted, ENDLIST when ffmpeg ends) of
 * ~4 s MPEG-TS segments cut at key frames; temp_file so the recorder only ever sees whole files.
 */
function recordingOutput(recordDir: string, level: LiveLevel) {
  return `[f=hls:hls_time=4:hls_list_size=0:hls_playlist_type=event:hls_flags=temp_file+independent_segments:hls_segment_filename=${path.join(recordDir, level, '%05d.ts')}]${path.join(recordDir, level, 'index.m3u8')}`;
}

/** Starts the ladder's ffmpeg for these rungs; `onProgress` hears the media time it has reached (ms) once a second. */
export function startLadder(
  ffmpeg: string,
  rungs: Rung[],
  hlsDir: string,
  onExit: (code: number | null, stderr: string) => void,
  out: LadderOutputs = {},
  onProgress?: (mediaMs: number) => void,
): LadderRun {
  const encoded = rungs.filter((r) => !r.alias);
  for (const r of encoded) {
    // Each run starts its levels afresh (segment numbers restart): old playlists would mislead players.
    clearDir(path.join(hlsDir, r.level));
    if (out.recordDir) fs.mkdirSync(path.join(out.recordDir, r.level), { recursive: true });
  }
  const { args, fdOf } = ladderArgs(rungs, hlsDir, out);
  const child = spawn(ffmpeg, args, { stdio: ['pipe', 'pipe', 'pipe', ...Array<'pipe'>(fdOf.size).fill('pipe')] });
  let progress = '';
  child.stdout!.on('data', (d: Buffer) => {
    progress += d.toString();
    let nl: number;
    while ((nl = progress.indexOf('\n')) >= 0) {
      const line = progress.slice(0, nl).trim();
      progress = progress.slice(nl + 1);
      // out_time_us is where the slowest output is; "N/A" before the first frame.
      const m = /^out_time_us=(\d+)$/.exec(line);
      if (m) onProgress?.(Number(m[1]) / 1000);
    }
  });
  return wrap(child, fdOf, onExit);
}

/** Starts the copy of the original (copyArgs); its HLS folder is emptied first. */
export function startCopy(ffmpeg: string, hlsDir: string, onExit: (code: number | null, stderr: string) => void, recordDir?: string): LadderRun {
  clearDir(path.join(hlsDir, 'original'));
  if (recordDir) fs.mkdirSync(path.join(recordDir, 'original'), { recursive: true });
  const child = spawn(ffmpeg, copyArgs(hlsDir, recordDir), { stdio: ['pipe', 'ignore', 'pipe'] });
  return wrap(child, new Map(), onExit);
}

function wrap(child: ChildProcess, fdOf: Map<Rung['level'], number>, onExit: (code: number | null, stderr: string) => void): LadderRun {
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000);
  });
  child.stdin!.on('error', () => {
    /* ffmpeg went away; onExit reports it */
  });
  const outputs = new Map<Rung['level'], Readable>();
  for (const [level, fd] of fdOf) outputs.set(level, child.stdio[fd] as Readable);
  child.on('exit', (code) => onExit(code, stderr));
  child.on('error', () => {
    /* spawn failed: exit follows */
  });
  return {
    input: child.stdin!,
    outputs,
    process: child,
    stop() {
      child.stdin!.end();
      // ffmpeg flushes and exits on end of input: let it drain what the pipe still holds (the
      // recording's last seconds are in there), then make sure it goes.
      const term = setTimeout(() => child.kill('SIGTERM'), 2000);
      const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
      term.unref();
      kill.unref();
      child.once('exit', () => {
        clearTimeout(term);
        clearTimeout(kill);
      });
    },
  };
}

/**
 * Empties a live HLS folder and makes sure it exists. The previous run may still be flushing into
 * it (it is given up to 2 s): removal is retried, and what cannot be removed is left to be
 * overwritten (segment names start again at 0), never an error that would stop the new run.
 */
export function clearDir(dir: string) {
  try {
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 50 });
  } catch {
    // still being written: the new run overwrites it
  }
  fs.mkdirSync(dir, { recursive: true });
}
