import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPagePreloads, withPreloads } from './page-preloads.ts';

const html = '<html><head><title>x</title></head><body></body></html>';

function preloadsFile(content: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'page-preloads-')), 'route-preloads.json');
  fs.writeFileSync(file, content);
  return file;
}

describe('page preloads in index.html', () => {
  const preloads = readPagePreloads(
    preloadsFile(JSON.stringify({ routes: { '/live': ['assets/live-1.js', 'assets/live-2.css'], '/m/score-live/:id': ['assets/score.js'], '/': ['assets/home.js'] } })),
  )!;

  it("names the page's scripts as module preloads and its styles as style preloads, in <head>", () => {
    const out = withPreloads(html, preloads, '/live?id=7');
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/live-1.js">');
    expect(out).toContain('<link rel="preload" as="style" href="/assets/live-2.css">');
    expect(out.indexOf('live-1.js')).toBeLessThan(out.indexOf('</head>'));
  });

  it('matches paths as the router does: any case, a trailing slash, parameters', () => {
    expect(withPreloads(html, preloads, '/LIVE/')).toContain('live-1.js');
    expect(withPreloads(html, preloads, '/m/score-live/123')).toContain('score.js');
    expect(withPreloads(html, preloads, '/')).toContain('home.js');
  });

  it('leaves other paths as they are', () => {
    expect(withPreloads(html, preloads, '/live/extra')).toBe(html);
    expect(withPreloads(html, preloads, '/nothing?x=<script>')).toBe(html);
  });

  it('reads no preloads from a broken file, and drops names that are not plain file paths', () => {
    expect(readPagePreloads(preloadsFile('{not json'))).toBeNull();
    expect(readPagePreloads('/no/such/file.json')).toBeNull();
    const odd = readPagePreloads(preloadsFile(JSON.stringify({ routes: { '/x': ['assets/ok.js', 'assets/"><script>.js'] } })))!;
    const out = withPreloads(html, odd, '/x');
    expect(out).toContain('ok.js');
    expect(out).not.toContain('<script>');
  });
});
