// Every core carries sockets, and a dying socket process loses no one: `npm run bench -- cluster`.
//   1. the site with BENCH_WORKERS socket processes (default: one per core, as `npm start`) against
//      the 2-thread floor, chat fan-out and score push (rows.ts);
//   2. the kill test: one socket process killed under chat and score load (kill.ts).
// BENCH_CLUSTER=rows|kill runs one part; BENCH_ROWS=chat|score one of the rows; BENCH_RUNS=n measures the rows n times. The machine may be shared: the load average is printed.
import os from 'node:os';
import { fmt } from './common.ts';
import { killTest } from './kill.ts';
import { printRows, printRuns, rows } from './rows.ts';

const PROCESSES = Number(process.env.BENCH_WORKERS ?? os.availableParallelism());
// A p99 over 40 goals or 20 s of chat moves ±20 % between runs of the same code on this machine
// (the floor's own rows too): BENCH_RUNS=n measures the rows n times and judges by each run and
// by the median.
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));

export async function run() {
  const only = process.env.BENCH_CLUSTER;
  const loadBefore = os.loadavg()[0];
  if (!only || only === 'rows') {
    const tables = [];
    for (let run = 1; run <= RUNS; run++) {
      if (RUNS > 1) console.log(`\n## Run ${run} of ${RUNS}`);
      const table = await rows(PROCESSES);
      printRows(table);
      tables.push(table);
    }
    if (RUNS > 1) printRuns(tables);
    console.log(`Load average (1 min) ${fmt(loadBefore, 1)} before, ${fmt(os.loadavg()[0], 1)} after, on ${os.availableParallelism()} cores (the load generators share them).`);
  }
  if (!only || only === 'kill') await killTest();
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
