import { expect, test, type APIRequestContext, type Locator, type Page } from '../support/test';
import { adminToken, anchorByApi, goLive, hasFfmpeg } from '../support/anchor.ts';
import { E2E_FEED_TOKEN } from '../support/global-setup.ts';
import { api, registerByApi, signInContext } from '../support/session.ts';

// The phone's live room (/m/live, issue #16 item 2) as a fan uses it: Chromium with touch, phone
// sizes, device scale 3. Set-up goes through the API; each journey does by finger what it is about.

const phone = (width: number, height: number) => ({ viewport: { width, height }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
const shots = (name: string) => test.info().outputPath(name);

/** An i18n key shown raw ("room.tabs.chat") or an interpolation left unfilled. */
const RAW_KEY = /(?<![\w@/.:-])[a-z][a-zA-Z]+(?:\.[a-z][a-zA-Z0-9]+)+(?![\w@/.-])|\{\{/;

async function fitsAndTranslated(page: Page, where: string) {
  const { overflow, width, text } = await page.evaluate(() => ({ overflow: document.documentElement.scrollWidth, width: window.innerWidth, text: document.body.innerText }));
  expect(overflow, `${where}: wider than the phone`).toBeLessThanOrEqual(width);
  expect(text.match(RAW_KEY)?.[0] ?? null, `${where}: raw i18n key`).toBeNull();
}

async function minSide(page: Page, selector: string) {
  const b = (await page.locator(selector).first().boundingBox())!;
  return Math.min(b.width, b.height);
}

/** Recharges through the sandbox checkout, as its pay button does (rule 3: 680 coins). */
async function recharge(request: APIRequestContext, token: string) {
  const order = await api(request, 'GET', '/api/chargerules/payUrl', { id: '3' }, token);
  const res = await request.post(order.pay_url, { form: { action: 'pay' }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  await expect.poll(async () => (await api(request, 'GET', '/api/chargerules/getOrder', { order_no: order.order_no }, token)).status).toBe('paid');
}

for (const [width, height] of [
  [390, 844],
  [320, 640],
  [430, 932],
]) {
  test(`a guest watches a live room at ${width} px: 16:9 on top, tap for controls, danmaku over the picture and its settings, full screen turned to landscape`, async ({ browser, request }) => {
    test.skip(!hasFfmpeg, 'needs ffmpeg');
    test.setTimeout(150_000);
    const anchor = await anchorByApi(request, await adminToken(request));
    const talker = await registerByApi(request);
    const encoder = await goLive(request, anchor.token);
    try {
      const context = await browser.newContext(phone(width, height));
      const page = await context.newPage();
      await page.goto(`/m/live?id=${anchor.id}`);
      const player = page.getByTestId('live-player');
      await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 40_000 });
      // Across the top at 16:9, the full width of the phone.
      const box = (await player.boundingBox())!;
      expect(box.y).toBeLessThan(10);
      expect(Math.round(box.width)).toBe(width);
      expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.05);
      await expect(page.getByTestId('chat-panel')).toHaveAttribute('data-status', 'online', { timeout: 20_000 });

      // Someone else's message flies over the picture.
      const words = `goal ${Date.now().toString(36)}`;
      await api(request, 'POST', '/api/Barrage/send', { room_id: anchor.id, text: words }, talker.token);
      await expect(page.getByTestId('chat-panel').locator('.chat-list')).toContainText(words);
      await expect.poll(() => page.getByTestId('danmaku-layer').getAttribute('data-flying')).not.toBe('0');

      // Controls appear on a tap; the danmaku switch is in the bar, big enough for a thumb.
      const bar = player.locator('.player__bar');
      await expect(bar).toHaveCSS('opacity', '0');
      await page.getByTestId('live-video').tap();
      await expect(bar).toHaveCSS('opacity', '1');
      const toggle = player.getByTestId('danmaku-toggle');
      for (const sel of ['[data-testid=danmaku-toggle]', '[data-testid=player-fullscreen]', '[data-testid=quality-button]', '[data-testid=player-mute]']) {
        expect(await minSide(page, `[data-testid=live-player] ${sel}`), `${sel} tap target`).toBeGreaterThanOrEqual(32);
      }
      expect(await minSide(page, '[data-testid=live-player] [data-testid=danmaku-toggle]')).toBeGreaterThanOrEqual(44);
      // The desktop's small chips are not in the chat head on the phone.
      await expect(page.getByTestId('chat-panel').getByTestId('danmaku-toggle')).toBeHidden();

      // The settings (the desktop's store) open as a sheet from the bottom of the screen, and
      // keep the controls up while open.
      await player.getByRole('button', { name: 'Danmaku settings' }).tap();
      const settings = page.getByTestId('danmaku-settings');
      await expect(settings).toBeVisible();
      const s = (await settings.boundingBox())!;
      expect(Math.round(s.y + s.height)).toBe(height);
      expect(Math.round(s.width)).toBe(width);
      await page.waitForTimeout(4500);
      await expect(bar).toHaveCSS('opacity', '1');
      // Top kept clear is on by default (DANMAKU_DEFAULTS): a tap turns it off, and the choice is saved.
      const avoidTop = settings.getByTestId('danmaku-avoid-top');
      await expect(avoidTop).toBeChecked();
      await avoidTop.tap();
      await expect(avoidTop).not.toBeChecked();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('danmakuSystem') ?? '')).toContain('"avoidTop":false');
      await fitsAndTranslated(page, `${width} danmaku settings`);
      await page.screenshot({ path: shots(`m-room-${width}-danmaku-settings.png`) });
      // Off from the bar: the layer hides, as on the desktop. (A tap on the picture's left edge, half
      // way down: its top-left corner holds the back button.)
      const pictureEdge = { x: 20, y: Math.round((width * 9) / 16 / 2) };
      await page.getByTestId('live-video').tap({ position: pictureEdge });
      await expect(settings).toHaveCount(0);
      // The controls hide a few seconds after a tap: a control in the bar is tapped once they show.
      const tapInBar = (target: Locator) =>
        expect(async () => {
          if ((await bar.evaluate((el) => getComputedStyle(el).opacity)) !== '1') await page.getByTestId('live-video').tap({ position: pictureEdge });
          await target.tap({ timeout: 2_000 });
        }).toPass({ timeout: 30_000 });
      await tapInBar(toggle);
      await expect(page.getByTestId('danmaku-layer')).toBeHidden();
      await tapInBar(toggle);
      await expect(page.getByTestId('danmaku-layer')).toBeVisible();

      await page.screenshot({ path: shots(`m-room-${width}-guest.png`) });
      await fitsAndTranslated(page, `${width} room`);

      // Full screen: the stage fills the screen; headless Chromium refuses the orientation lock,
      // so the landscape picture is turned a quarter and takes the long side.
      await tapInBar(page.getByTestId('player-fullscreen'));
      await expect.poll(() => page.evaluate(() => document.fullscreenElement?.className ?? '')).toContain('mlr__stage');
      await expect(page.getByTestId('player-fullscreen')).toHaveAttribute('aria-pressed', 'true');
      const locked = await page.evaluate(() => screen.orientation.type.startsWith('landscape'));
      if (!locked) {
        await expect(player).toHaveAttribute('data-turned', 'true');
        const turned = (await player.boundingBox())!;
        expect(Math.round(turned.width)).toBe(width);
        expect(Math.round(turned.height)).toBe(height);
        // The picture's own box is the long side across: its width before the turn is the screen's height.
        expect(await player.evaluate((el) => Math.round((el as HTMLElement).offsetWidth))).toBe(height);
      }
      await page.screenshot({ path: shots(`m-room-${width}-fullscreen.png`) });
      await page.evaluate(() => document.exitFullscreen());
      await expect(player).toHaveAttribute('data-turned', 'false');
      await expect(page.getByTestId('player-fullscreen')).toHaveAttribute('aria-pressed', 'false');
      expect(Math.abs((await player.boundingBox())!.height - (width * 9) / 16)).toBeLessThan(2);
      await context.close();
    } finally {
      encoder.kill('SIGINT');
    }
  });
}

test('a fan chats with the keyboard open, follows, sends a gift with a combo from the sheet and sees the wallet change', async ({ browser, request, baseURL }) => {
  test.setTimeout(150_000);
  const anchor = await anchorByApi(request, await adminToken(request));
  const fan = await registerByApi(request);
  await recharge(request, fan.token);
  const context = await browser.newContext(phone(320, 640));
  await signInContext(context, baseURL!, fan.token);
  const page = await context.newPage();
  await page.goto(`/m/live?id=${anchor.id}`);
  await expect(page.getByTestId('chat-panel')).toHaveAttribute('data-status', 'online', { timeout: 20_000 });
  const input = page.getByTestId('chat-input');
  const stage = page.locator('.mlr__stage');
  const stageTop = (await stage.boundingBox())!.y;

  // The keyboard as Chromium on Android opens it: only the visual viewport shrinks (to 300 px)
  // and the browser scrolls the page towards the focused field. The room follows the visual
  // viewport: the input sits right above the keyboard, the player stays, the page does not scroll.
  await input.tap();
  await page.evaluate(() => {
    const vv = window.visualViewport!;
    Object.defineProperty(vv, 'height', { configurable: true, get: () => 300 });
    vv.dispatchEvent(new Event('resize'));
    window.scrollTo(0, 200);
    vv.dispatchEvent(new Event('scroll'));
  });
  await expect.poll(async () => Math.round((await input.boundingBox())!.y + (await input.boundingBox())!.height)).toBeLessThanOrEqual(300);
  expect((await input.boundingBox())!.y).toBeGreaterThan(150);
  expect((await stage.boundingBox())!.y).toBe(stageTop);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(input).toBeFocused();
  await page.screenshot({ path: shots('m-room-320-keyboard.png') });
  const words = `from the stands ${Date.now().toString(36)}`;
  await input.fill(words);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('chat-panel').locator('.chat-list')).toContainText(words);
  await expect(input).toHaveValue('');
  // The keyboard closes: the room is the whole screen again.
  await page.evaluate(() => {
    const vv = window.visualViewport!;
    delete (vv as { height?: number }).height;
    vv.dispatchEvent(new Event('resize'));
  });
  await expect.poll(async () => Math.round((await page.getByTestId('m-live-room').boundingBox())!.height)).toBe(640);

  // The same with a browser that resizes the whole window for the keyboard.
  await input.tap();
  await page.setViewportSize({ width: 320, height: 330 });
  await expect.poll(async () => Math.round((await input.boundingBox())!.y + (await input.boundingBox())!.height)).toBeLessThanOrEqual(330);
  await expect(input).toBeVisible();
  expect((await stage.boundingBox())!.y).toBe(stageTop);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.setViewportSize({ width: 320, height: 640 });

  // Follow from the anchor row.
  const follow = page.locator('.mlr__actions').getByTestId(`follow-1-${anchor.id}`);
  // The row is back once the room sees the keyboard closed (the next frame after the resize).
  await expect(follow).toBeVisible();
  expect(await minSide(page, `.mlr__actions [data-testid=follow-1-${anchor.id}]`)).toBeGreaterThanOrEqual(44);
  await follow.tap();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');

  // A jersey from the bottom sheet, then the combo: the balance goes 680 → 628 → 576.
  await page.getByTestId('m-gift-open').tap();
  const sheet = page.getByTestId('m-gift-sheet');
  await expect(sheet.getByTestId('gift-balance')).toHaveText('680');
  await sheet.getByTestId('gift-jersey').tap();
  await sheet.getByTestId('gift-send').tap();
  await expect(sheet.getByTestId('gift-combo')).toContainText('×1');
  await expect(sheet.getByTestId('gift-balance')).toHaveText('628');
  expect(await minSide(page, '[data-testid=m-gift-sheet] [data-testid=gift-combo]')).toBeGreaterThanOrEqual(44);
  await sheet.getByTestId('gift-combo').tap();
  await expect(sheet.getByTestId('gift-combo')).toContainText('×2');
  await expect(sheet.getByTestId('gift-balance')).toHaveText('576');
  await fitsAndTranslated(page, '320 gift sheet');
  await page.screenshot({ path: shots('m-room-320-gift-sheet.png') });
  // Closed with its × as a thumb does (a phone has no Escape key).
  await sheet.locator('.dialog__close').tap();
  await expect(sheet).toHaveCount(0);
  // The gift is in the room's chat, and the wallet says so.
  await expect(page.getByTestId('chat-panel').locator('.chat-list')).toContainText(fan.nickname);
  await page.goto('/m/member?type=1');
  await expect(page.getByTestId('wallet-coins')).toHaveText('576');

  // The guard button opens its offer on the phone without spilling sideways.
  await page.goto(`/m/live?id=${anchor.id}`);
  expect(await minSide(page, '.mlr__actions [data-testid=guard-open]')).toBeGreaterThanOrEqual(44);
  await page.getByTestId('guard-open').tap();
  await expect(page.getByTestId('guard-dialog')).toBeVisible();
  await fitsAndTranslated(page, '320 guard dialog');
  await page.screenshot({ path: shots('m-room-320-guard.png') });
  await context.close();
});

test('the horn banner and a goal pop-up reach a phone in a room, under the picture and clear of the chat input', async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const anchor = await anchorByApi(request, await adminToken(request));
  const viewer = await registerByApi(request);
  await recharge(request, viewer.token);
  const context = await browser.newContext(phone(390, 844));
  await signInContext(context, baseURL!, viewer.token);
  // This fan chose goal pop-ups for every match (by default only reserved, followed and on screen).
  await context.addInitScript(() => localStorage.setItem('goalAlerts', 'all'));
  const page = await context.newPage();
  await page.goto(`/m/live?id=${anchor.id}`);
  await expect(page.getByTestId('chat-panel')).toHaveAttribute('data-status', 'online', { timeout: 20_000 });
  // The pop-ups mount once the page has settled, with their own score connection.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => r.name.includes('score-alerts')));
  await page.waitForTimeout(500);

  const horn = `Derby tonight ${Date.now() % 100_000}`;
  await api(request, 'POST', '/api/Member/sneHorn', { text: horn, room_id: anchor.id, idempotency_key: `horn-${Date.now()}` }, viewer.token);
  const banner = page.getByTestId('horn-banner');
  await expect(banner).toContainText(horn);
  const stage = (await page.locator('.mlr__stage').boundingBox())!;
  const b = (await banner.boundingBox())!;
  expect(b.y).toBeGreaterThanOrEqual(stage.y);
  expect(b.x + b.width).toBeLessThanOrEqual(390);

  const t = `m${Date.now().toString(36)}`;
  const headers = { authorization: `Bearer ${E2E_FEED_TOKEN}` };
  const made = await (
    await request.post('api/feed/matches', {
      headers,
      data: {
        matches: [
          {
            key: `${t}-match`,
            sport: 'football',
            competition: { key: `${t}-cup`, name: { en: `Cup ${t}` }, priority: 0 },
            home: { key: `${t}-h`, name: { en: `Harbour ${t}` } },
            away: { key: `${t}-a`, name: { en: `Valley ${t}` } },
            kickoff: new Date(Date.now() - 20 * 60_000).toISOString(),
            status: 2, // in play
            home_score: 0,
            away_score: 0,
            match_str: "20'",
          },
        ],
      },
    })
  ).json();
  expect(made.code, made.msg).toBe(200);
  const [id] = made.data.ids as number[];
  const goal = await (await request.post('api/feed/events', { headers, data: { match_id: id, events: [{ key: 'goal-1', kind: 'goal', side: 'home', minute: 23, player: 'Nova Striker' }] } })).json();
  expect(goal.code, goal.msg).toBe(200);

  const alert = page.getByTestId('goal-alert').filter({ hasText: `Harbour ${t}` });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/1\s*-\s*0/);
  const a = (await alert.boundingBox())!;
  const input = (await page.getByTestId('chat-input').boundingBox())!;
  expect(a.y, 'the pop-up is under the picture').toBeGreaterThanOrEqual(stage.y + stage.height - 1);
  expect(a.y + a.height, 'the pop-up leaves the chat input free').toBeLessThan(input.y);
  expect(a.x + a.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: shots('m-room-390-goal-horn.png') });
  // Closed with a thumb.
  const close = alert.getByRole('button', { name: 'Close alert' });
  const c = (await close.boundingBox())!;
  expect(Math.min(c.width, c.height)).toBeGreaterThanOrEqual(44);
  await close.tap();
  await expect(alert).toHaveCount(0);
  await context.close();
});

for (const lang of ['zh', 'en', 'es']) {
  test(`the phone room in ${lang}: tabs, gift sheet and horn translated, nothing wider than 320 px`, async ({ browser, request, baseURL }) => {
    test.setTimeout(90_000);
    const anchor = await anchorByApi(request, await adminToken(request));
    const user = await registerByApi(request);
    const context = await browser.newContext(phone(320, 640));
    await signInContext(context, baseURL!, user.token);
    await context.addInitScript((l) => localStorage.setItem('language', l), lang);
    const page = await context.newPage();
    await page.goto(`/m/live?id=${anchor.id}`);
    await expect(page.getByTestId('chat-panel')).toHaveAttribute('data-status', 'online', { timeout: 20_000 });
    await fitsAndTranslated(page, `${lang} room`);
    for (const tab of ['rank', 'info', 'chat']) {
      await page.getByTestId(`m-room-tab-${tab}`).tap();
      await expect(page.locator('.page-spinner')).toHaveCount(0);
      await fitsAndTranslated(page, `${lang} room ${tab}`);
    }
    await page.getByTestId('m-gift-open').tap();
    await expect(page.getByTestId('m-gift-sheet').getByTestId('gift-panel')).toBeVisible();
    await fitsAndTranslated(page, `${lang} gift sheet`);
    await page.screenshot({ path: shots(`m-room-320-${lang}-gifts.png`) });
    await page.keyboard.press('Escape');
    await page.getByTestId('horn-open').tap();
    await expect(page.getByTestId('horn-dialog')).toBeVisible();
    await fitsAndTranslated(page, `${lang} horn`);
    await context.close();
  });
}
