// Every core carries sockets, and a dying socket process loses no one: `npm run bench -- cluster`.
//   1. the site with BENCH_WORKERS socket processes (default: one per core, as `npm start`) against
//      the 2-thread floor, chat fan-out and score push (rows.ts);
//   2. the kill test: one socket process killed under chat and score load (kill.ts).
// BENCH_CLUSTER=rows|kill runs one part. The machine may be shared: the load average is printed.
import os from 'node:os';
import { fmt } from './common.ts';
import { killTest } from './kill.ts';
import { printRows, rows } from './rows.ts';

const PROCESSES = Number(process.env.BENCH_WORKERS ?? os.availableParallelism());

export async function run() {
  const only = process.env.BENCH_CLUSTER;
  const loadBefore = os.loadavg()[0];
  if (!only || only === 'rows') {
    const table = await rows(PROCESSES);
    printRows(table);
    console.log(`Load average (1 min) ${fmt(loadBefore, 1)} before, ${fmt(os.loadavg()[0], 1)} after, on ${os.availableParallelism()} cores (the load generators share them).`);
  }
  if (!only || only === 'kill') await killTest();
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
