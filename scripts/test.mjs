// `npm test`: every test of the project, in this order:
//   1. typecheck, lint and format (side by side), then Vitest: contracts, server (on embedded
//      PGlite) and web units; beside it the server tests again on PostgreSQL when DATABASE_URL is
//      set (CI sets it);
//   2. Playwright journeys in Debian's Chromium against the built site and a real server.
// It ends with a table of the phases' seconds and the 10 slowest test files and journeys, then one
// line "N passed, N failed" summing all runs, and a non-zero exit on any failure. The runners' JSON
// results and the timings stay in .tmp/test-results/ (scripts/test-timings.mjs).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWeb, webIsFresh } from './build-web.mjs';
import { formatTimings, journeys, keepTimings, resultsDir, vitestFiles } from './test-timings.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Kept after the run (gitignored). Each runner's file is removed before that runner starts, so a
// runner that crashes before writing shows as a failure, never as the last run's results.
const tmp = resultsDir(root);
fs.mkdirSync(tmp, { recursive: true });
const fresh = (name) => {
  const file = path.join(tmp, name);
  fs.rmSync(file, { force: true });
  return file;
};
const runStarted = Date.now();
/** Each phase's wall time, in the order they ran, for the closing table. */
const phases = [];
const timed = (label, started, status) => phases.push({ label, seconds: (Date.now() - started) / 1000, status });
const totals = { passed: 0, failed: 0, skipped: 0 };
// Names of what failed, printed again at the very end: CI keeps only the tail of a long log.
const failures = [];
/** A step that is not a test (typecheck, lint, format) counts as one failure and is named too. */
const failedStep = (what) => {
  totals.failed += 1;
  failures.push(what);
};
let exitCode = 0;
const only = process.argv.slice(2); // e.g. `npm test -- fast`, `npm test -- unit` or `npm test -- e2e`
const want = (part) => only.length === 0 || only.includes(part);

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timed(label, started, res.status);
  if (res.status !== 0) exitCode = 1;
  return res.status;
}

/** As run(), without blocking this process: steps started beside it keep their output flowing. */
async function runLive(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  timed(label, started, status);
  if (status !== 0) exitCode = 1;
  return status;
}

/**
 * Starts a step beside others: its output is kept and printed whole, under its label, by `print`
 * (two runners writing to one terminal at once would interleave line by line).
 */
function start(label, cmd, args, env = {}) {
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const chunks = [];
  child.stdout.on('data', (c) => chunks.push(c));
  child.stderr.on('data', (c) => chunks.push(c));
  const started = Date.now();
  let seconds = 0;
  const done = new Promise((resolve) =>
    child.on('close', (code) => {
      seconds = (Date.now() - started) / 1000;
      resolve(code ?? 1);
    }),
  );
  return {
    async print() {
      const status = await done;
      phases.push({ label, seconds, status });
      console.log(`\n=== ${label} (${Math.round(seconds)} s) ===`);
      process.stdout.write(Buffer.concat(chunks));
      if (status !== 0) exitCode = 1;
      return status;
    },
  };
}

function countVitest(file) {
  if (!fs.existsSync(file)) return void (totals.failed += 1);
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  for (const file of r.testResults ?? []) {
    const rel = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) failures.push(`${label(file)}${rel} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    // A file that failed outside its tests (an import error, a hook timeout) has no failed assertion.
    if (file.status === 'failed' && failed.length === 0) failures.push(`${label(file)}${rel}: ${firstLine(file.message)}`);
  }
}

function label() {
  return pgUrl && currentDb ? `[${currentDb}] ` : '';
}

function firstLine(text) {
  return (
    String(text ?? '')
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean)
      ?.slice(0, 300) ?? ''
  );
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return void (totals.failed += 1);
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += r.stats.expected + (r.stats.flaky ?? 0);
  totals.failed += r.stats.unexpected;
  totals.skipped += r.stats.skipped;
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') {
          const last = test.results?.at(-1);
          failures.push(`[e2e] ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(last?.error?.message)}`);
        }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of r.suites ?? []) walk(suite);
}

const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const pgUrl = process.env.DATABASE_URL;
let currentDb = '';

// `npm test -- fast`: the inner loop — contracts and the server's services on fake repositories
// (*.fast.test.ts), no database, no browser: a few seconds. The full run includes them.
if (only.includes('fast')) {
  const fastOut = fresh('vitest-fast.json');
  run('fast: contracts + services on fake repositories', process.execPath, [
    vitest,
    'run',
    '--project',
    'contracts',
    '--project',
    'server-fast',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${fastOut}`,
  ]);
  countVitest(fastOut);
}

if (want('unit')) {
  // The three checks run side by side (each mostly keeps one core busy; CI has two), their
  // output printed whole, one after the other.
  // Types: contracts are shared by server, web, e2e and bench, so a drift shows up here.
  // `tsc -b` over the root tsconfig's project references, incremental (build info in .tmp/tsbuild).
  const tsc = start('typecheck (tsc -b: contracts, server, web, e2e, bench)', process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b']);
  // The house's shape (eslint.config.js): boundaries between features and modules, hooks rules.
  const eslint = start('lint (ESLint + boundaries)', process.execPath, [path.join(root, 'node_modules/eslint/bin/eslint.js'), '.', '--max-warnings', '0']);
  const prettier = start('format (Prettier)', process.execPath, [path.join(root, 'node_modules/prettier/bin/prettier.cjs'), '--check', '.', '--log-level', 'warn']);
  if ((await tsc.print()) !== 0) failedStep('typecheck (tsc -b): see its errors above');
  if ((await eslint.print()) !== 0) failedStep('lint (ESLint): see its errors above');
  if ((await prettier.print()) !== 0) failedStep('format (Prettier): see the files above');

  // The embedded database (what a fresh clone uses) and, when DATABASE_URL is set, PostgreSQL, side
  // by side: each runs its server test files one after another in one process, so one core each.
  // Each run has its own database and its own Redis prefix (channels, flood and rate-limit keys),
  // so neither sees the other's rooms or counters.
  const runPrefix = `test-${process.pid}-`;
  const pgliteOut = fresh('vitest-pglite.json');
  const pgOut = fresh('vitest-postgres.json');
  const pgRun =
    pgUrl &&
    start(`server tests (PostgreSQL ${new URL(pgUrl).host})`, process.execPath, [vitest, 'run', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${pgOut}`], {
      REDIS_PREFIX: `${runPrefix}pg:`,
    });
  currentDb = 'PGlite';
  await runLive('unit + API tests (PGlite)', process.execPath, [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${pgliteOut}`], {
    DATABASE_URL: '',
    REDIS_PREFIX: `${runPrefix}pglite:`,
  });
  countVitest(pgliteOut);
  if (pgRun) {
    await pgRun.print();
    currentDb = 'PostgreSQL';
    countVitest(pgOut);
  }
}

if (want('e2e')) {
  if (!webIsFresh()) {
    const started = Date.now();
    buildWeb();
    timed('web build (vite)', started, 0);
  }
  const pwOut = fresh('playwright.json');
  run('browser journeys (Playwright, Chromium)', process.execPath, [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwOut,
    DATABASE_URL: '',
  });
  countPlaywright(pwOut);
}

// Where the time went, from the results of the runs made above (a part not run leaves no file).
const read = (name) => path.join(tmp, name);
const files = [
  ...(only.includes('fast') ? vitestFiles(read('vitest-fast.json'), 'fast', root) : []),
  ...(want('unit') ? vitestFiles(read('vitest-pglite.json'), 'PGlite', root) : []),
  ...(want('unit') && pgUrl ? vitestFiles(read('vitest-postgres.json'), 'PostgreSQL', root) : []),
];
const js = want('e2e') ? journeys(read('playwright.json')) : [];
const total = (Date.now() - runStarted) / 1000;
console.log(formatTimings({ phases, total, files, journeys: js }));
keepTimings(tmp, { at: new Date(runStarted).toISOString(), parts: only.length ? only : ['all'], total, phases, passed: totals.passed, failed: totals.failed, files, journeys: js });
console.log(`(results and timings kept in ${path.relative(root, tmp)}/)`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (totals.failed > 0) exitCode = 1;
process.exit(exitCode);
