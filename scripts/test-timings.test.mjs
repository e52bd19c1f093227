import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatTimings, journeys, keepTimings, vitestFiles } from './test-timings.mjs';

// The closing table of `npm test`, from result files shaped as Vitest's and Playwright's JSON
// reporters write them.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-timings-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (name, value) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(value));
  return file;
};

const root = '/repo';
const vitestJson = write('vitest.json', {
  testResults: Array.from({ length: 12 }, (_, i) => ({
    name: `/repo/apps/server/test/f${i}.test.ts`,
    startTime: 1_000,
    endTime: 1_000 + (i + 1) * 1_500,
    assertionResults: [{ status: 'passed' }, { status: 'passed' }],
  })),
});
const playwrightJson = write('playwright.json', {
  suites: [
    {
      specs: [{ file: 'chat.spec.ts', line: 10, title: 'a member chats', tests: [{ projectName: 'journeys', results: [{ duration: 30_000 }, { duration: 14_000 }] }] }],
      suites: [{ specs: [{ file: 'live.spec.ts', line: 5, title: 'goes live', tests: [{ projectName: 'journeys', results: [{ duration: 2_000 }] }] }] }],
    },
  ],
});

describe('npm test timings', () => {
  it('times each test file from its start to its end, named from the repository root', () => {
    const files = vitestFiles(vitestJson, 'PGlite', root);
    expect(files).toHaveLength(12);
    expect(files[2]).toEqual({ run: 'PGlite', name: 'apps/server/test/f2.test.ts', seconds: 4.5, tests: 2 });
  });

  it('counts a journey retried as the time of all its tries, nested suites included', () => {
    expect(journeys(playwrightJson)).toEqual([
      { run: 'journeys', name: 'chat.spec.ts:10 › a member chats', seconds: 44, tries: 2 },
      { run: 'journeys', name: 'live.spec.ts:5 › goes live', seconds: 2, tries: 1 },
    ]);
  });

  it('a runner that wrote no results gives no rows (its failure is counted elsewhere)', () => {
    expect(vitestFiles(path.join(dir, 'missing.json'), 'PGlite', root)).toEqual([]);
    expect(journeys(path.join(dir, 'missing.json'))).toEqual([]);
  });

  it('prints the phases, then only the 10 slowest files, slowest first, and the journeys', () => {
    const text = formatTimings({
      phases: [
        { label: 'typecheck', seconds: 61.2, status: 0 },
        { label: 'server tests (PostgreSQL)', seconds: 7.25, status: 1 },
      ],
      total: 400,
      files: vitestFiles(vitestJson, 'PGlite', root),
      journeys: journeys(playwrightJson),
    });
    const lines = text.split('\n');
    expect(lines).toContain('      61  typecheck');
    expect(lines).toContain('     7.3  server tests (PostgreSQL)  (failed)');
    expect(lines).toContain('     400  total');
    expect(lines).toContain('Slowest 10 test files (of 12)');
    const fileRows = lines.filter((l) => l.includes('[PGlite]'));
    expect(fileRows).toHaveLength(10);
    expect(fileRows[0]).toBe('      18  [PGlite] apps/server/test/f11.test.ts (2 tests)');
    expect(text).not.toContain('f0.test.ts');
    expect(text).not.toContain('f1.test.ts');
    expect(lines).toContain('      44  chat.spec.ts:10 › a member chats (2 tries)');
  });

  it('keeps the run in timings.json and adds one line per run to history.jsonl', () => {
    const out = path.join(dir, 'results');
    const run = (total) => ({ at: '2026-12-07T21:00:00.000Z', parts: ['all'], total, phases: [], passed: 3, failed: 0, files: [{ name: 'a' }], journeys: [] });
    keepTimings(out, run(100));
    keepTimings(out, run(90));
    expect(JSON.parse(fs.readFileSync(path.join(out, 'timings.json'), 'utf8'))).toMatchObject({ total: 90, files: [{ name: 'a' }] });
    const history = fs
      .readFileSync(path.join(out, 'history.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(history.map((h) => h.total)).toEqual([100, 90]);
    expect(history[0]).not.toHaveProperty('files');
  });
});
