// Prints the picture figures of first-picture.ts: per phase medians (ms after the start of the
// try) and the totals against the goals, with the floor beside them.
import os from 'node:os';
import { LIVE_PHASES, type Marks, OFFLINE_PHASES, phaseMedians, type PictureFigures } from './first-picture.ts';

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const total = (tries: Marks[]) => tries.map((t) => t['first frame']).filter((x) => typeof x === 'number');
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

function phases(title: string, tries: Marks[], order: string[]) {
  if (!tries.length) return;
  console.log(`\n| ${title} | median ms after start | step ms | seen in |`);
  console.log('|---|---:|---:|---:|');
  let prev = 0;
  for (const p of phaseMedians(tries, order)) {
    console.log(`| ${p.phase} | ${fmt(p.ms)} | ${fmt(p.ms - prev)} | ${p.seen}/${tries.length} |`);
    prev = p.ms;
  }
}

export function printPicture(pic: PictureFigures) {
  const row = (what: string, tries: Marks[], goal?: number) => {
    if (!tries.length) return;
    // A try with no picture in 30 s counts as 30 s (and is said).
    const v = tries.map((t) => t['first frame'] ?? 30_000);
    const failed = total(tries).length < tries.length ? ` (${tries.length - total(tries).length} of ${tries.length} showed nothing in 30 s)` : '';
    const m = median(v);
    console.log(`| ${what}${failed} | ${fmt(m)} | ${fmt(Math.min(...v))} | ${fmt(Math.max(...v))} | ${goal ? `≤ ${fmt(goal)} ms: ${m <= goal ? 'met' : 'NOT met'}` : ''} |`);
  };
  console.log('\n| picture | median ms | min ms | max ms | goal |');
  console.log('|---|---:|---:|---:|---|');
  row('offline room, encoder starts → first frame (room socket says "live")', pic.offline, 1500);
  row("same, old way: chat socket silenced, the page's 4 s poll notices", pic.offlinePollOnly);
  row('floor: the same encoder → bare node-media-server → a page with only mpegts.js, waiting', pic.floorOffline);
  row('live room, open the address → first frame', pic.live, 1000);
  row('floor: open the bare page of the running stream → first frame', pic.floorLive);
  phases('offline room → picture, phases', pic.offline, OFFLINE_PHASES);
  phases('opening a live room, phases', pic.live, LIVE_PHASES);
  console.log(`(load average now ${load()})`);
}
