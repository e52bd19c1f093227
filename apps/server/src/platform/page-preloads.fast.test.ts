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
    preloadsFile(
      JSON.stringify({
        routes: { '/live': ['assets/live-1.js', 'assets/live-2.css'], '/m/score-live/:id': ['assets/score.js'], '/': ['assets/home.js'] },
        texts: { '/live': { en: ['assets/live-en.js'], es: ['assets/live-es.js'] } },
      }),
    ),
  )!;

  it("names the page's scripts as module preloads and its styles as style preloads, in <head>", () => {
    const out = withPreloads(html, preloads, '/live?id=7', 'en');
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/live-1.js">');
    expect(out).toContain('<link rel="preload" as="style" crossorigin href="/assets/live-2.css">');
    expect(out.indexOf('live-1.js')).toBeLessThan(out.indexOf('</head>'));
  });

  it("a live room's play URLs go out with the page, first in <head>; only for a room id", () => {
    const early = '<link rel="preload" as="fetch" crossorigin href="/api/Live_streaming/getRoomInfo?room_id=7">';
    const out = withPreloads(html, preloads, '/live?id=7', 'en');
    expect(out).toContain(`<head>${early}`);
    expect(out.indexOf(early)).toBeLessThan(out.indexOf('live-1.js'));
    expect(withPreloads(html, preloads, '/m/live?id=7#chat', 'en')).toContain(early);
    expect(withPreloads(html, preloads, '/LIVE/?ID=7&id=7', 'en')).toContain(early);
    for (const url of ['/live', '/live?id=0', '/live?id=-7', '/live?id=7.5', '/live?id=%22%3E%3Cscript%3E', '/live?id=12345678901', '/main?id=7']) {
      expect(withPreloads(html, preloads, url, 'en'), url).not.toContain('as="fetch"');
    }
  });

  it("adds the page's texts in the reader's language only", () => {
    expect(withPreloads(html, preloads, '/live', 'es')).toContain('live-es.js');
    expect(withPreloads(html, preloads, '/live', 'es')).not.toContain('live-en.js');
    expect(withPreloads(html, preloads, '/live', 'en')).toContain('live-en.js');
    // A language without texts listed still gets the scripts.
    expect(withPreloads(html, preloads, '/live', 'zh')).toContain('live-1.js');
  });

  it('matches paths as the router does: any case, a trailing slash, parameters', () => {
    expect(withPreloads(html, preloads, '/LIVE/', 'en')).toContain('live-1.js');
    expect(withPreloads(html, preloads, '/m/score-live/123', 'en')).toContain('score.js');
    expect(withPreloads(html, preloads, '/', 'en')).toContain('home.js');
  });

  it('leaves other paths as they are', () => {
    expect(withPreloads(html, preloads, '/live/extra', 'en')).toBe(html);
    expect(withPreloads(html, preloads, '/nothing?x=<script>', 'en')).toBe(html);
  });

  it('reads no preloads from a broken file, and drops names that are not plain file paths', () => {
    expect(readPagePreloads(preloadsFile('{not json'))).toBeNull();
    expect(readPagePreloads('/no/such/file.json')).toBeNull();
    const odd = readPagePreloads(preloadsFile(JSON.stringify({ routes: { '/x': ['assets/ok.js', 'assets/"><script>.js'] } })))!;
    const out = withPreloads(html, odd, '/x', 'en');
    expect(out).toContain('ok.js');
    expect(out).not.toContain('<script>');
  });
});
