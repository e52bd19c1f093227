// The demo rooms' pre-rendered loops (apps/server/src/demo/broadcaster.ts), rendered once
// into a cache folder that later bench runs reuse, exactly as the server does into DATA_DIR/demo.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ANCHORS } from '../../apps/server/src/db/seed/live.ts';
import { type DemoStream, demoRenderArgs, loopFile } from '../../apps/server/src/demo/broadcaster.ts';

const FONT = ['/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf'].find((f) => fs.existsSync(f)) ?? null;

/** The demo streams (keys left empty) and their loop files, rendering the missing ones. */
export function demoLoops(): Array<{ stream: DemoStream; file: string }> {
  const dir = path.join(os.tmpdir(), 'livesports-bench-demo-loops');
  fs.mkdirSync(dir, { recursive: true });
  const streams = DEMO_ANCHORS.flatMap((a) => (a.push ? [{ ...a.push, streamKey: '' }] : []));
  return streams.map((stream) => {
    const file = loopFile(dir, stream, FONT);
    if (!fs.existsSync(file)) {
      const t0 = performance.now();
      const r = spawnSync('ffmpeg', demoRenderArgs(stream, `${file}.part`, FONT), { stdio: 'inherit' });
      if (r.status !== 0) throw new Error(`the ${stream.name} loop could not be rendered`);
      fs.renameSync(`${file}.part`, file);
      process.stderr.write(`  rendered ${path.basename(file)} in ${((performance.now() - t0) / 1000).toFixed(1)} s (once; reused by later runs)\n`);
    }
    return { stream, file };
  });
}
