import { type ChildProcess, spawn } from 'node:child_process';

// An encoder for server tests: ffmpeg pushing a test pattern with sound over RTMP in real time.

export function push(ffmpegBin: string, rtmpUrl: string, seconds: number, size = '640x360'): ChildProcess {
  return spawn(
    ffmpegBin,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=s=${size}:r=15`,
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=44100',
      '-t',
      String(seconds),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-tune',
      'zerolatency',
      '-g',
      '15',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      '500k',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-f',
      'flv',
      rtmpUrl,
    ],
    { stdio: 'ignore' },
  );
}
export const exited = (p: ChildProcess) => new Promise<void>((resolve) => (p.exitCode !== null || p.signalCode !== null ? resolve() : p.once('exit', () => resolve())));
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}
