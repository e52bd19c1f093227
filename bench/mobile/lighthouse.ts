// `npm run bench -- mobile` (issue #16): the mobile site's figures.
//   1. JavaScript the mobile home loads before it shows (gzip, Chromium as a phone), budget 120 kB;
//   2. Lighthouse 12 (pinned) with its default mobile settings (simulated slow 4G, 4x CPU slowdown)
//      on /m, the phone's live room and a headline: performance (goal ≥ 90), accessibility, best
//      practices, SEO (goal ≥ 95), in Debian's Chromium (never a downloaded browser).
// The site runs as bench/server.ts does (real plugins, demo data, no demo streams). Figures vary
// with the machine's load: measure on a quiet machine (the script prints the load average).
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { firstLoadJs } from '../lib/first-load.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function startSite(): Promise<{ port: number; stop: () => void }> {
  const child = fork(path.join(here, '..', 'server.ts'), ['site'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`site server exited ${code}`)));
  });
  return { port, stop: () => child.kill('SIGTERM') };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run() {
  console.log(
    `\n# Mobile site (load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  const site = await startSite();
  const base = `http://127.0.0.1:${site.port}`;
  try {
    const files = await firstLoadJs(base, { path: '/m', shown: '[data-testid="home-live"]', phone: true });
    const first = files.filter((f) => f.phase === 'first');
    console.log('\n## JavaScript before the mobile home shows (gzip)');
    console.log('| file | gzip kB |');
    console.log('|---|---:|');
    for (const f of first.slice(0, 10)) console.log(`| ${f.name} | ${fmt(f.gzip / 1024, 1)} |`);
    const rest = first.slice(10);
    if (rest.length) console.log(`| ${rest.length} smaller files (app code, this language's texts) | ${fmt(rest.reduce((n, f) => n + f.gzip, 0) / 1024, 1)} |`);
    console.log(`| **${first.length} files, total** | **${fmt(first.reduce((n, f) => n + f.gzip, 0) / 1024, 1)}** (budget ≤ 120) |`);

    const rooms = (await (await fetch(`${base}/api/Live/getRoomList?page=1&limit=1`)).json()).data.list;
    const articles = (await (await fetch(`${base}/api/Portal_post/getList2?page=1&limit=1`)).json()).data.list;
    const pages = [
      ['mobile home', '/m'],
      ['live room', `/m/live?id=${rooms[0].uid}`],
      ['headline', `/m/detail?id=${articles[0].id}`],
    ];
    const chrome = await chromeLauncher.launch({
      chromePath: '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      console.log(`\n## Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile, default throttling`);
      console.log('| page | performance (≥ 90) | accessibility (≥ 95) | best practices (≥ 95) | SEO (≥ 95) | FCP s | LCP s | TBT ms | CLS |');
      console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
      for (const [name, p] of pages) {
        const runs: Array<Record<string, number>> = [];
        for (let i = 0; i < RUNS; i++) {
          const result = await lighthouse(`${base}${p}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
          const lhr = result!.lhr;
          // A run the machine's load made fail (page timeout, no paint) says why instead of printing zeros.
          if (lhr.runtimeError) console.log(`  ${name}: Lighthouse could not finish: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
          const num = (k: string) => lhr.audits[k]?.numericValue ?? NaN;
          runs.push({
            perf: score('performance'),
            a11y: score('accessibility'),
            bp: score('best-practices'),
            seo: score('seo'),
            fcp: num('first-contentful-paint'),
            lcp: num('largest-contentful-paint'),
            tbt: num('total-blocking-time'),
            cls: num('cumulative-layout-shift'),
          });
          if (i === RUNS - 1 && process.env.BENCH_LH_DEBUG) {
            for (const a of Object.values(lhr.audits))
              if (a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative') {
                console.log(`  ${name}: ${a.id} ${a.score} ${a.displayValue ?? ''}`);
                // What failed (the element of an accessibility rule, the console message, the file).
                const items = (a.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
                for (const it of items.slice(0, 4)) {
                  const node = it.node as { selector?: string; snippet?: string } | undefined;
                  console.log(`      ${node?.selector ?? ''} ${node?.snippet ?? ''} ${String(it.description ?? it.message ?? it.url ?? it.source ?? '').slice(0, 160)}`);
                }
              }
          }
        }
        const m = (k: string) => median(runs.map((r) => r[k]));
        console.log(`| ${name} \`${p}\` | ${m('perf')} | ${m('a11y')} | ${m('bp')} | ${m('seo')} | ${fmt(m('fcp') / 1000, 1)} | ${fmt(m('lcp') / 1000, 1)} | ${fmt(m('tbt'))} | ${fmt(m('cls'), 3)} |`);
      }
    } finally {
      chrome.kill();
    }
    console.log(
      `\nLoad average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores (Lighthouse's simulated throttling multiplies the CPU time it sees: a loaded machine depresses performance, not the other scores).`,
    );
  } finally {
    site.stop();
  }
}
