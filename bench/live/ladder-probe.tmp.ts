// experiment: time from ladder spawn to first SD keyframe, fed at real-time pace
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { ladderArgs, planLadder } from '../../apps/server/src/media/ladder.ts';
import { FlvTagReader } from '../../apps/server/test/flv-reader.ts';

const variant = process.argv[2] ?? 'base';
const src = '/tmp/picture-exp/src.flv';
const rungs = planLadder({ width: 1280, height: 720, fps: 30 });
const dir = '/tmp/picture-exp/hls';
fs.rmSync(dir, { recursive: true, force: true });
for (const l of ['original', 'sd', 'smooth']) fs.mkdirSync(`${dir}/${l}`, { recursive: true });
let { args, fdOf } = ladderArgs(rungs, dir);
if (variant !== 'base') {
  const i = args.indexOf('-f');
  const extra = process.argv.slice(3);
  args = [...args.slice(0, i), ...extra, ...args.slice(i)];
}
const t0 = performance.now();
const feeder = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-re', '-i', src, '-c', 'copy', '-f', 'flv', 'pipe:1'], { stdio: ['ignore', 'pipe', 'ignore'] });
const lad = spawn('ffmpeg', args, { stdio: ['pipe', 'ignore', 'pipe', 'pipe', 'pipe'] });
let firstIn = 0;
feeder.stdout!.on('data', (b: Buffer) => { if (!firstIn) firstIn = performance.now() - t0; lad.stdin!.write(b); });
lad.stderr!.on('data', (d: Buffer) => process.stderr.write(d));
const fd = fdOf.get('sd')!;
let firstByte = 0;
const r = new FlvTagReader((type, data) => {
  if (type === 9 && data[0] >> 4 === 1 && data[1] === 1) {
    console.log(variant, `feeder first bytes ${firstIn.toFixed(0)} ms, sd first byte ${firstByte.toFixed(0)} ms, sd key frame ${(performance.now() - t0).toFixed(0)} ms`);
    feeder.kill('SIGKILL');
    lad.kill('SIGKILL');
    process.exit(0);
  }
});
(lad.stdio[fd] as NodeJS.ReadableStream).on('data', (b: Buffer) => { if (!firstByte) firstByte = performance.now() - t0; r.push(b); });
setTimeout(() => { console.log('timeout'); process.exit(1); }, 20000);
