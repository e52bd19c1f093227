// Where `npm test`'s time went: the seconds of each phase and the slowest test files and journeys,
// read from the runners' JSON results. Printed at the end of every run and kept (with the raw
// results) in .tmp/test-results/, so a test that made CI slower is seen the day it lands.
import fs from 'node:fs';
import path from 'node:path';

/** The runners' JSON results and the timing summary of the last run live here (gitignored). */
export const resultsDir = (root) => path.join(root, '.tmp/test-results');

/**
 * Vitest's JSON results → one row per test file: its wall time from its first test's start to its
 * last's end (hooks included), labelled with the run it came from (PGlite, PostgreSQL…).
 */
export function vitestFiles(file, run, root) {
  if (!fs.existsSync(file)) return [];
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  return (r.testResults ?? []).map((f) => ({
    run,
    name: path.relative(root, f.name),
    seconds: Math.max(0, (f.endTime ?? 0) - (f.startTime ?? 0)) / 1000,
    tests: (f.assertionResults ?? []).length,
  }));
}

/** Playwright's JSON results → one row per journey (a test), retries counted in its time. */
export function journeys(file) {
  if (!fs.existsSync(file)) return [];
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const rows = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, res) => sum + (res.duration ?? 0), 0);
        rows.push({ run: test.projectName ?? 'e2e', name: `${spec.file}:${spec.line} › ${spec.title}`, seconds: ms / 1000, tries: (test.results ?? []).length });
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of r.suites ?? []) walk(suite);
  return rows;
}

const slowest = (rows, n) => [...rows].sort((a, b) => b.seconds - a.seconds).slice(0, n);
const secs = (s) => (s >= 10 ? s.toFixed(0) : s.toFixed(1)).padStart(6);

/**
 * The closing table. `phases`: [{ label, seconds, status }] in the order they ran (phases run side
 * by side each show their own wall time, so they may add up to more than the total).
 */
export function formatTimings({ phases, total, files, journeys: js, top = 10 }) {
  const lines = ['', 'Timings (seconds)'];
  for (const p of phases) lines.push(`  ${secs(p.seconds)}  ${p.label}${p.status === 0 ? '' : '  (failed)'}`);
  lines.push(`  ${secs(total)}  total`);
  if (files.length > 0) {
    lines.push('', `Slowest ${Math.min(top, files.length)} test files (of ${files.length})`);
    for (const f of slowest(files, top)) lines.push(`  ${secs(f.seconds)}  [${f.run}] ${f.name} (${f.tests} tests)`);
  }
  if (js.length > 0) {
    lines.push('', `Slowest ${Math.min(top, js.length)} journeys (of ${js.length})`);
    for (const j of slowest(js, top)) lines.push(`  ${secs(j.seconds)}  ${j.name}${j.tries > 1 ? ` (${j.tries} tries)` : ''}`);
  }
  return lines.join('\n');
}

/**
 * Keeps the summary of this run (timings.json, every file and journey) and appends one line per
 * run to history.jsonl (phases and total only), so runs can be compared over days.
 */
export function keepTimings(dir, summary) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'timings.json'), JSON.stringify(summary, null, 2));
  const line = { at: summary.at, parts: summary.parts, total: summary.total, phases: summary.phases, passed: summary.passed, failed: summary.failed };
  fs.appendFileSync(path.join(dir, 'history.jsonl'), JSON.stringify(line) + '\n');
}
