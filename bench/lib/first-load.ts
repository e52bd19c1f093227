import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export interface Script {
  name: string;
  raw: number;
  gzip: number;
  /** Requested before the home page had rendered its sections (the first load), or after (deferred). */
  phase: 'first' | 'deferred';
}

/**
 * The JavaScript a first visit to the home route downloads, measured in Debian's Chromium: every
 * script requested until the home page shows its sections is the first load; what the page fetches
 * afterwards on its own (goal pop-ups and the score socket wait for an idle moment) is listed as
 * deferred. Bodies are gzipped at level 9, as a CDN would send them. Players, charts and admin
 * chunks are not fetched on /main at all.
 */
export interface FirstLoadOptions {
  /** The page to open (default the desktop home) and what shows once it has rendered. */
  path?: string;
  shown?: string;
  /** A phone (the mobile site's budget is measured at 390 px with touch). */
  phone?: boolean;
}

export async function firstLoadJs(baseUrl: string, { path = '/main', shown = '[data-testid^="home-"]', phone = false }: FirstLoadOptions = {}): Promise<Script[]> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : { viewport: { width: 1280, height: 800 } });
    // When the page showed is taken in the page itself (when the element enters the document, the
    // commit the next frame paints), not when Playwright notices: on a loaded machine that notice
    // comes late, and scripts the page asks for after its first paint would count as the first load.
    await page.addInitScript((selector: string) => {
      const w = window as unknown as { __shownAt?: number };
      const observer = new MutationObserver(() => {
        if (w.__shownAt == null && document.querySelector(selector)) {
          w.__shownAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    }, shown);
    const seen: Array<Omit<Script, 'phase'> & { url: string }> = [];
    const pending: Promise<void>[] = [];
    page.on('request', (req) => {
      if (req.resourceType() !== 'script' && !req.url().endsWith('.js')) return;
      pending.push(
        req
          .response()
          .then((res) => res?.body())
          .then(
            (buf) => void (buf && seen.push({ url: req.url(), name: new URL(req.url()).pathname, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length })),
            () => undefined,
          ),
      );
    });
    await page.goto(`${baseUrl}${path}`);
    await page.locator(shown).first().waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2500);
    await Promise.all(pending);
    // Each script's request time against the moment the page showed, both on the page's clock.
    const { shownAt, starts } = await page.evaluate(() => ({
      shownAt: (window as unknown as { __shownAt?: number }).__shownAt ?? Infinity,
      starts: Object.fromEntries(performance.getEntriesByType('resource').map((e) => [e.name, e.startTime])),
    }));
    const scripts: Script[] = seen.map(({ url, ...f }) => ({ ...f, phase: (starts[url] ?? 0) <= shownAt ? 'first' : 'deferred' }));
    return scripts.sort((a, b) => b.gzip - a.gzip);
  } finally {
    await browser.close();
  }
}
