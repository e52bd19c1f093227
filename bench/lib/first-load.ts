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
    const seen: Script[] = [];
    const pending: Promise<void>[] = [];
    let rendered = false;
    page.on('request', (req) => {
      if (req.resourceType() !== 'script' && !req.url().endsWith('.js')) return;
      const phase = rendered ? 'deferred' : 'first';
      pending.push(
        req
          .response()
          .then((res) => res?.body())
          .then(
            (buf) => void (buf && seen.push({ name: new URL(req.url()).pathname, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length, phase })),
            () => undefined,
          ),
      );
    });
    await page.goto(`${baseUrl}${path}`);
    await page.locator(shown).first().waitFor({ state: 'visible' });
    rendered = true;
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2500);
    await Promise.all(pending);
    return seen.sort((a, b) => b.gzip - a.gzip);
  } finally {
    await browser.close();
  }
}
