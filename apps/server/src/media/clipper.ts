import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '../platform/storage.ts';

// Cutting a clip out of a replay with ffmpeg: the replay's original-quality segments that cover
// the range are joined (concat demuxer) and cut. On key frames the packets are copied as they are
// (no re-encode, the clip may start up to one GOP early); frame-exact re-encodes with libx264.
// The result is one MP4 with its index in front (faststart), so any <video> plays and seeks it.

export interface ClipSource {
  /** Storage keys of the segments in play order, with the replay second each starts at. */
  segments: Array<{ key: string; start: number; duration: number }>;
  start: number;
  end: number;
  exact: boolean;
}

export interface ClipResult {
  file: string;
  poster: string | null;
  duration: number;
  bytes: number;
  cleanup(): Promise<void>;
}

export async function cutClip(ffmpeg: string, storage: Storage, src: ClipSource): Promise<ClipResult> {
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'clip-'));
  const cleanup = () => fs.promises.rm(work, { recursive: true, force: true });
  try {
    const used = src.segments.filter((s) => s.start + s.duration > src.start && s.start < src.end);
    if (!used.length) throw new Error('no segments in range');
    const files: string[] = [];
    for (const [i, s] of used.entries()) files.push(await localCopy(storage, s.key, path.join(work, `${i}.ts`)));
    const list = path.join(work, 'list.txt');
    await fs.promises.writeFile(list, files.map((f) => `file '${f.replace(/'/g, "'\\''")}'`).join('\n'));
    const out = path.join(work, 'clip.mp4');
    const from = Math.max(0, src.start - used[0].start);
    const codec = src.exact ? ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '22', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k'] : ['-c', 'copy'];
    await run(
      ffmpeg,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'concat',
        '-safe',
        '0',
        '-ss',
        from.toFixed(3),
        '-i',
        list,
        '-t',
        (src.end - src.start).toFixed(3),
        ...codec,
        '-avoid_negative_ts',
        'make_zero',
        '-movflags',
        '+faststart',
        out,
      ],
      300_000,
    );
    const duration = await probeDuration(ffmpeg, out);
    const poster = path.join(work, 'poster.jpg');
    const posterOk = await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-ss', (duration / 2).toFixed(2), '-i', out, '-frames:v', '1', '-vf', 'scale=-2:360', '-q:v', '4', poster]).then(
      () => true,
      () => false,
    );
    return { file: out, poster: posterOk ? poster : null, duration, bytes: (await fs.promises.stat(out)).size, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** A segment as a local file: where local storage keeps it, or a download from the bucket. */
async function localCopy(storage: Storage, key: string, target: string): Promise<string> {
  if (storage.localPath) return storage.localPath(key);
  const obj = await storage.get(key);
  if (!obj) throw new Error(`segment ${key} is missing`);
  await pipeline(obj.body, fs.createWriteStream(target));
  return target;
}

function run(bin: string, args: string[], timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-1000)));
    const t = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(t);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited ${code}: ${err}`));
    });
  });
}

async function probeDuration(ffmpeg: string, file: string): Promise<number> {
  const ffprobe = path.join(path.dirname(ffmpeg), 'ffprobe');
  return new Promise((resolve) => {
    const child = spawn(ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', () => resolve(0));
    child.on('exit', () => resolve(Number.parseFloat(out) || 0));
  });
}
