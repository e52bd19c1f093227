import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

/**
 * The JavaScript a first visit to the home route really downloads, measured in Debian's Chromium:
 * every script response until the network is idle, gzipped at level 9 (what a CDN would send).
 * Lazily loaded parts (players, charts, admin) are not fetched on /main and so are not counted.
 */
export async function firstLoadJs(baseUrl: string): Promise<Array<{ name: string; raw: number; gzip: number }>> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const seen: Array<{ name: string; raw: number; gzip: number }> = [];
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && !res.url().endsWith('.js')) return;
      pending.push(
        res.body().then(
          (buf) => void seen.push({ name: new URL(res.url()).pathname, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length }),
          () => undefined,
        ),
      );
    });
    await page.goto(`${baseUrl}/main`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    return seen.sort((a, b) => b.gzip - a.gzip);
  } finally {
    await browser.close();
  }
}
