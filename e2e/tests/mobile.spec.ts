import { expect, test, type Page } from '../support/test';
import { adminToken, anchorByApi, goLive, hasFfmpeg } from '../support/anchor.ts';
import { api, registerByApi, signInContext } from '../support/session.ts';
import { solveSliderByFinger, swipe } from '../support/touch.ts';

// The mobile site (issue #16) as a fan uses it on a phone: Chromium with touch, phone sizes,
// device scale 3. Set-up goes through the API; each journey does by finger what it is about.

const phone = (width: number, height: number) => ({ viewport: { width, height }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
const PHONE = phone(390, 844);
const SMALL = phone(320, 640);

/** An i18n key shown raw ("room.tabs.chat") or an interpolation left unfilled. */
const RAW_KEY = /(?<![\w@/.:-])[a-z][a-zA-Z]+(?:\.[a-z][a-zA-Z0-9]+)+(?![\w@/.-])|\{\{/;

async function fitsAndTranslated(page: Page, where: string) {
  const { overflow, width, text } = await page.evaluate(() => ({ overflow: document.documentElement.scrollWidth, width: window.innerWidth, text: document.body.innerText }));
  expect(overflow, `${where}: wider than the phone`).toBeLessThanOrEqual(width);
  expect(text.match(RAW_KEY)?.[0] ?? null, `${where}: raw i18n key`).toBeNull();
}

for (const lang of ['zh', 'en', 'es']) {
  test(`every mobile screen in ${lang} fits a 320 px phone and shows no raw keys`, async ({ browser, request, baseURL }) => {
    test.setTimeout(180_000);
    const user = await registerByApi(request);
    const [article] = (await api(request, 'GET', '/api/Portal_post/getList2', { page: '1', limit: '1' })).list;
    const [post] = (await api(request, 'GET', '/anchor_dynamics/userPostList', { page: '1', limit: '1' })).list;
    const [room] = (await api(request, 'GET', '/api/Live/getRoomList', { page: '1', limit: '1' })).list;
    const [match] = (await api(request, 'POST', '/api/hot_match/all_match', { type: 1, status: 'finished', limit: 1 })).list;
    const screens = [
      '/m',
      '/m/football',
      '/m/basketball',
      `/m/score-live/${match.id}`,
      '/m/schedule',
      '/m/foresight',
      '/m/base-football',
      '/m/base-basketball',
      '/m/anchor?type=1',
      `/m/live?id=${room.uid}`,
      '/m/rank',
      '/m/attention',
      '/m/reserve',
      '/m/news',
      `/m/detail?id=${article.id}`,
      '/m/circle',
      `/m/circle-detail?id=${post.id}`,
      `/m/persona?id=${room.uid}`,
      '/m/search?name=Madrid',
      '/m/downLoad',
      '/m/about-user',
      '/m/no-such-page',
      ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((type) => `/m/member?type=${type}`),
    ];
    const context = await browser.newContext(SMALL);
    await signInContext(context, baseURL!, user.token);
    await context.addInitScript((l) => localStorage.setItem('language', l), lang);
    const page = await context.newPage();
    for (const path of screens) {
      await page.goto(path);
      // Nothing under /m ends on a "not on the mobile site" stop or falls back to the desktop layout.
      await expect(page.locator('.m-app')).toBeVisible();
      await expect(page.locator('.page-spinner')).toHaveCount(0);
      await expect(page.locator('.m-main')).not.toBeEmpty();
      await fitsAndTranslated(page, `${lang} ${path}`);
    }
    await context.close();
  });
}

test('a guest watches a live room on a phone: tap for controls, quality, chat, gifts sheet, swipe between tabs', async ({ browser, request }) => {
  test.skip(!hasFfmpeg, 'needs ffmpeg');
  test.setTimeout(120_000);
  const anchor = await anchorByApi(request, await adminToken(request));
  const encoder = await goLive(request, anchor.token);
  try {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    // A shared desktop link opens the phone's room, with its id.
    await page.goto(`/live?id=${anchor.id}`);
    await expect(page).toHaveURL(new RegExp(`/m/live\\?id=${anchor.id}$`));
    const player = page.getByTestId('live-player');
    await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
    const video = page.getByTestId('live-video');
    const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(t0 + 0.5);
    // Across the top at 16:9, landscape picture: not the portrait layout.
    const box = (await player.boundingBox())!;
    expect(box.y).toBeLessThan(10);
    expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.05);
    await expect(page.getByTestId('m-live-room')).toHaveAttribute('data-portrait', 'false');

    // Controls hide until the picture is tapped; the quality menu lists the levels.
    const bar = player.locator('.player__bar');
    await expect(bar).toHaveCSS('opacity', '0');
    await video.tap();
    await expect(bar).toHaveCSS('opacity', '1');
    await page.getByTestId('quality-button').tap();
    await expect(page.getByTestId('quality-menu')).toBeVisible();
    await expect(page.getByTestId('quality-original')).toBeVisible();
    await expect(page.getByTestId('player-fullscreen')).toBeVisible();
    await expect(page.getByTestId('player-theater')).toHaveCount(0);
    await page.getByTestId('quality-button').tap();
    await expect(page.getByTestId('quality-menu')).toHaveCount(0);

    // The chat is online for the guest; the gift sheet opens from the bottom and asks to log in.
    await expect(page.getByTestId('chat-panel')).toHaveAttribute('data-status', 'online');
    await page.getByTestId('m-gift-open').tap();
    const sheet = page.getByTestId('m-gift-sheet');
    await expect(sheet.getByTestId('gift-panel')).toBeVisible();
    // The sheet slides up: its bottom edge settles on the screen's (844) once the animation ends.
    await expect
      .poll(async () => {
        const b = (await sheet.boundingBox())!;
        return Math.round(b.y + b.height);
      })
      .toBe(844);
    await page.keyboard.press('Escape');

    // Swipe left: ranking, then info; right: back.
    await swipe(page, '.mlr__panes', -200);
    await expect(page.getByTestId('m-room-tab-rank')).toHaveAttribute('aria-selected', 'true');
    await swipe(page, '.mlr__panes', -200);
    await expect(page.getByTestId('m-room-tab-info')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('room-placard')).toBeVisible();
    await swipe(page, '.mlr__panes', 200);
    await expect(page.getByTestId('m-room-tab-rank')).toHaveAttribute('aria-selected', 'true');

    // Every control of the room is big enough for a thumb.
    await page.getByTestId('m-room-tab-chat').tap();
    for (const id of ['m-room-back', 'm-gift-open', 'chat-login', 'm-room-tab-chat', 'guard-open']) {
      const b = (await page.getByTestId(id).first().boundingBox())!;
      expect(Math.min(b.width, b.height), `${id} tap target`).toBeGreaterThanOrEqual(44);
    }
    await page.screenshot({ path: test.info().outputPath('m-live-guest.png') });
    await context.close();
  } finally {
    encoder.kill('SIGINT');
  }
});

test('a portrait stream from a phone encoder fills the screen with the chat over it', async ({ browser, request }) => {
  test.skip(!hasFfmpeg, 'needs ffmpeg');
  test.setTimeout(120_000);
  const anchor = await anchorByApi(request, await adminToken(request));
  const encoder = await goLive(request, anchor.token, '180x320');
  try {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`/m/live?id=${anchor.id}`);
    await expect(page.getByTestId('live-player')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
    await expect(page.getByTestId('m-live-room')).toHaveAttribute('data-portrait', 'true');
    const box = (await page.getByTestId('live-player').boundingBox())!;
    expect(box.height).toBeGreaterThan(780);
    await expect(page.getByTestId('chat-panel')).toBeVisible();
    await context.close();
  } finally {
    encoder.kill('SIGINT');
  }
});

test('a fan logs in by finger, chats with the keyboard open, sends a gift from the sheet, recharges and posts a picture to the circle', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const anchor = await anchorByApi(request, await adminToken(request));
  const fan = await registerByApi(request);
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();

  // Log in from the phone's room: the sheet, the slider by finger, back in the room as the fan.
  await page.goto(`/m/live?id=${anchor.id}`);
  await page.getByTestId('chat-login').tap();
  await page.getByTestId('login-email').fill(fan.email);
  await page.getByTestId('login-password').fill(fan.password);
  await page.getByTestId('login-submit').tap();
  await solveSliderByFinger(page);
  await expect(page.getByTestId('chat-input')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('chat-panel')).toHaveAttribute('data-status', 'online');

  // The keyboard opens (the visible height shrinks to 480 px): the input sits right above it,
  // the player stays where it was, the page does not scroll.
  const playerTop = (await page.locator('.mlr__stage').boundingBox())!.y;
  await page.getByTestId('chat-input').tap();
  await page.setViewportSize({ width: 390, height: 480 });
  const input = page.getByTestId('chat-input');
  await expect.poll(async () => (await input.boundingBox())!.y + (await input.boundingBox())!.height).toBeLessThanOrEqual(480);
  expect((await page.locator('.mlr__stage').boundingBox())!.y).toBe(playerTop);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const words = `hello from the phone ${Date.now().toString(36)}`;
  await input.fill(words);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('chat-panel').locator('.chat-list')).toContainText(words);
  await page.setViewportSize({ width: 390, height: 844 });

  // Recharge from the gift sheet's link: the sandbox checkout, back on the phone's wallet.
  await page.getByTestId('m-gift-open').tap();
  const sheet = page.getByTestId('m-gift-sheet');
  await sheet.getByTestId('gift-open-recharge').tap();
  await expect(page).toHaveURL(/\/m\/member\?type=1/);
  await page.getByTestId('recharge-rule-3').tap();
  await page.getByTestId('recharge-pay').tap();
  await page.waitForURL(/\/sandbox-pay\/checkout\//);
  await page.getByTestId('sandbox-pay').tap();
  await page.waitForURL(/\/m\/member\?type=1&order=/);
  await expect(page.getByTestId('recharge-result')).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('wallet-coins')).toHaveText('680');

  // A gift from the sheet, then a combo.
  await page.goto(`/m/live?id=${anchor.id}`);
  await page.getByTestId('m-gift-open').tap();
  await expect(sheet.getByTestId('gift-balance')).toHaveText('680');
  await sheet.getByTestId('gift-jersey').tap();
  await sheet.getByTestId('gift-send').tap();
  await expect(sheet.getByTestId('gift-combo')).toContainText('×1');
  await sheet.getByTestId('gift-combo').tap();
  await expect(sheet.getByTestId('gift-combo')).toContainText('×2');
  await expect(sheet.getByTestId('gift-balance')).toHaveText('576');
  await page.keyboard.press('Escape');

  // A picture to the circle, from the phone's gallery.
  await page.goto('/m/circle');
  const tag = Date.now().toString(36);
  await page.getByTestId('post-text').fill(`From the stands ${tag}`);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  await page.getByTestId('post-image-input').setInputFiles({ name: 'stands.png', mimeType: 'image/png', buffer: png });
  await expect(page.locator('.composer__img-progress')).toHaveCount(0, { timeout: 20_000 });
  await page.getByTestId('post-submit').tap();
  const card = page.getByTestId('post-feed').locator('.post-card', { hasText: tag });
  await expect(card).toBeVisible();
  await expect(card.locator('img').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

test('installable: manifest starting at /m; after one visit the app shell opens offline and says so', async ({ browser, request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest.start_url).toBe('/m');
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto('/m');
  await expect(page.getByTestId('home-live')).toBeVisible();
  // The worker is active and has the shell and this visit's files.
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return reg.active?.state;
  });
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).some((k) => k.startsWith('assets')) && (await (await caches.open('assets')).keys()).length > 5)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('.m-app')).toBeVisible();
  await expect(page.getByTestId('m-offline')).toBeVisible();
  await expect(page.getByTestId('m-tabbar')).toBeVisible();
  // API answers are never cached: nothing under /api in any cache.
  const apiCached = await page.evaluate(async () => {
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) if (new URL(req.url).pathname.startsWith('/api/')) return req.url;
    return null;
  });
  expect(apiCached).toBeNull();
  await context.setOffline(false);
  await context.close();
});
