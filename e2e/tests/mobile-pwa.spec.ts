import { expect, test, type BrowserContext, type Page } from '../support/test';

// The installable mobile site (issue #16, item 4) on a phone: Chromium with touch at 390 px,
// device scale 3. "Offline" is made real twice over: the context is offline (navigator.onLine,
// the page's own requests) and every request that still reaches the network (the service
// worker's own fetches, which Chromium's offline emulation may not cover) is aborted, so whatever
// shows came from the worker's caches.

// Each journey opens the site several times (online, then offline, cold): more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** An i18n key shown raw ("offline.title") or an interpolation left unfilled. */
const RAW_KEY = /(?<![\w@/.:-])[a-z][a-zA-Z]+(?:\.[a-z][a-zA-Z0-9]+)+(?![\w@/.-])|\{\{/;

async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

async function goOnline(context: BrowserContext) {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
}

/** One visit of the mobile home, until the worker controls the page and has kept the shell. */
async function visitOnce(page: Page) {
  await page.goto('/m');
  await expect(page.getByTestId('home-live')).toBeVisible();
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/m');
  // clientsClaim: the first visit's page itself becomes controlled.
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  // The shell (precache) and this visit's hashed scripts (runtime cache, fed by CACHE_URLS).
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const names = await caches.keys();
        const precache = names.find((n) => n.includes('precache'));
        const assets = names.includes('assets') ? await (await caches.open('assets')).keys() : [];
        return !!precache && assets.some((r) => r.url.endsWith('.js'));
      }),
    )
    .toBe(true);
}

/** Every URL any of the worker's caches holds. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
    return urls;
  });

test('the web app manifest is linked, served and installable: name, icons incl. maskable, start /m, standalone', async ({ page, request }) => {
  await page.goto('/m');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await request.get(href!);
  expect(res.ok()).toBe(true);
  expect(res.headers()['content-type']).toMatch(/application\/manifest\+json|application\/json/);
  const m = await res.json();
  expect(m.name).toBeTruthy();
  expect(m.short_name.length).toBeLessThanOrEqual(12);
  expect(m.start_url).toBe('/m');
  expect(m.scope).toBe('/m');
  expect(m.display).toBe('standalone');
  expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const icons = m.icons as Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  for (const size of ['192x192', '512x512']) {
    expect(
      icons.some((i) => i.sizes === size && (i.purpose ?? 'any').includes('any')),
      `any-purpose icon ${size}`,
    ).toBe(true);
    expect(
      icons.some((i) => i.sizes === size && i.purpose?.includes('maskable')),
      `maskable icon ${size}`,
    ).toBe(true);
  }
  // Every icon exists, is a PNG, and has the size it claims (PNG header: width and height at 16..24).
  for (const icon of icons) {
    const r = await request.get(icon.src);
    expect(r.ok(), icon.src).toBe(true);
    const body = await r.body();
    expect(body.subarray(1, 4).toString(), icon.src).toBe('PNG');
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }
  // The page tells the browser its colour and the iOS icon.
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', m.theme_color);
  expect((await request.get((await page.locator('link[rel="apple-touch-icon"]').getAttribute('href'))!)).ok()).toBe(true);
});

test('the service worker registers for /m, and the desktop site gets none', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await visitOnce(page);
  const sw = await page.request.get('/sw.js');
  expect(sw.ok()).toBe(true);
  // The worker file itself is never cached by HTTP, so a deploy is seen on the next check.
  expect(sw.headers()['cache-control'] ?? '').toMatch(/no-cache|no-store|max-age=0/);
  await context.close();

  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const dpage = await desktop.newPage();
  await dpage.goto('/main');
  await expect(dpage.getByTestId('header')).toBeVisible();
  await dpage.waitForTimeout(1500);
  expect(await dpage.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  await desktop.close();
});

for (const lang of ['zh', 'en', 'es']) {
  test(`after one visit the app shell opens offline and says so (${lang}), no raw keys`, async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    await context.addInitScript((l) => localStorage.setItem('language', l), lang);
    const page = await context.newPage();
    await visitOnce(page);

    await goOffline(context);
    // A cold open of the app, as from the home screen icon (a new page, nothing in memory).
    const cold = await context.newPage();
    await cold.goto('/m');
    await expect(cold.locator('.m-app')).toBeVisible();
    const banner = cold.getByTestId('m-offline');
    await expect(banner).toBeVisible();
    await expect(cold.getByTestId('m-tabbar')).toBeVisible();
    const text = await cold.evaluate(() => document.body.innerText);
    expect(text.match(RAW_KEY)?.[0] ?? null, 'raw i18n key offline').toBeNull();
    const expected = { zh: /离线|网络/, en: /offline/i, es: /conexión|sin conexión/i }[lang]!;
    await expect(banner).toContainText(expected);
    expect(await cold.evaluate(() => document.documentElement.lang)).toBe({ zh: 'zh-CN', en: 'en', es: 'es' }[lang]);
    // A page of /m not visited before still opens the shell (network first, the cached shell offline).
    await cold.goto('/m/news');
    await expect(cold.getByTestId('m-offline')).toBeVisible();
    await expect(cold.getByTestId('m-tabbar')).toBeVisible();
    expect((await cold.evaluate(() => document.body.innerText)).match(RAW_KEY)?.[0] ?? null).toBeNull();
    await goOnline(context);
    await context.close();
  });
}

test('API answers (scores, money) are never served from the worker cache', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await visitOnce(page);
  // Asked online through the controlled page: the worker lets them pass to the network.
  const online = await page.evaluate(async () => (await fetch('/api/Universal/getSystem')).status);
  expect(online).toBe(200);
  await page.goto('/m/football');
  await expect(page.getByTestId('m-tabbar')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const urls = await cachedUrls(page);
  expect(urls.length).toBeGreaterThan(3);
  expect(urls.filter((u) => /\/(api|ws|live|replay|uploads|sandbox-pay)\//.test(new URL(u).pathname))).toEqual([]);

  await goOffline(context);
  // Offline, the same calls fail instead of answering yesterday's scores.
  const offline = await page.evaluate(async () => {
    const out: string[] = [];
    for (const p of ['/api/Universal/getSystem', '/api/hot_match/all_match']) {
      try {
        const r = await fetch(p, { method: p.endsWith('all_match') ? 'POST' : 'GET' });
        out.push(`${p}: ${r.status}`);
      } catch {
        out.push(`${p}: failed`);
      }
    }
    return out;
  });
  expect(offline).toEqual(['/api/Universal/getSystem: failed', '/api/hot_match/all_match: failed']);
  await goOnline(context);
  await context.close();
});

// The worker's own fetch of the page passes through context.route, but not as a 'document' request
// (it is the worker's fetch): the route matches the page's address alone.
test('a new build is taken on the next open: the page is asked from the network first', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await visitOnce(page);
  // The server's page carries a marker the cached shell lacks: network first serves the server's.
  await context.route('**/m', async (route) => {
    const res = await route.fetch();
    const body = (await res.text()).replace('<head>', '<head><meta name="build-marker" content="fresh">');
    await route.fulfill({ response: res, body });
  });
  const next = await context.newPage();
  await next.goto('/m');
  await expect(next.locator('meta[name="build-marker"]')).toHaveCount(1);
  await expect(next.getByTestId('home-live')).toBeVisible();
  await context.close();
});

test('/m/downLoad offers "add to home screen" with the browser prompt, and says how on iOS (390 px screenshots)', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  // Chromium fires beforeinstallprompt only for a real install; the page's handling of it is what is tested.
  await context.addInitScript(() => {
    window.addEventListener('load', () => {
      const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };
      e.prompt = async () => void ((window as unknown as { prompted: boolean }).prompted = true);
      e.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(e);
    });
  });
  const page = await context.newPage();
  await page.goto('/m/downLoad');
  const button = page.getByTestId('m-install-button');
  await expect(button).toBeVisible();
  await expect(page.getByTestId('m-install')).not.toContainText(/install\.\w+/);
  const box = (await button.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: test.info().outputPath('download-390-prompt.png'), fullPage: true });
  await button.tap();
  await expect(page.getByTestId('m-install-done')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { prompted: boolean }).prompted)).toBe(true);
  await context.close();

  for (const lang of ['zh', 'en', 'es']) {
    const ios = await browser.newContext({
      ...PHONE,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    await ios.addInitScript((l) => localStorage.setItem('language', l), lang);
    const p = await ios.newPage();
    await p.goto('/m/downLoad');
    const hint = p.getByTestId('m-install-hint');
    await expect(hint).toBeVisible();
    await expect(hint).toContainText({ zh: /分享/, en: /Share/, es: /Compartir/ }[lang]!);
    expect((await p.evaluate(() => document.body.innerText)).match(RAW_KEY)?.[0] ?? null).toBeNull();
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await p.screenshot({ path: test.info().outputPath(`download-390-ios-${lang}.png`), fullPage: true });
    await ios.close();
  }
});

test('the desktop /downLoad offers the same "add to home screen"', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/downLoad');
  await expect(page.getByTestId('m-install')).toBeVisible();
  await context.close();
});
