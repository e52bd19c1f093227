import { expect as baseExpect, test, type Page } from '../support/test';
import { adminToken, anchorByApi } from '../support/anchor.ts';
import { api, registerByApi, signInContext } from '../support/session.ts';

// The phone member centre (issue #16, /m/member?type=…): a "me" page, each section its own screen
// with a back bar, in zh, en and es at 320 and 390 px, and a fan's money and password journeys by
// finger. Set-up goes through the API.

// Two cores shared by several journeys: a first paint can take longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 45_000 });

const phone = (width: number, height: number) => ({ viewport: { width, height }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
const PHONE = phone(390, 844);
const SMALL = phone(320, 640);

/** An i18n key shown raw ("wallet.tabs.orders") or an interpolation left unfilled (as in mobile.spec.ts). */
// File names a page shows (a recording's match.mp4) are not keys.
const RAW_KEY = /(?<![\w@/.:-])[a-z][a-zA-Z]+(?:\.(?!(?:mp4|flv|m3u8|png|jpe?g|webp|svg)\b)[a-z][a-zA-Z0-9]+)+(?![\w@/.-])|\{\{/;

async function fitsAndTranslated(page: Page, where: string) {
  const { overflow, width, text } = await page.evaluate(() => ({ overflow: document.documentElement.scrollWidth, width: window.innerWidth, text: document.body.innerText }));
  expect(overflow, `${where}: wider than the phone`).toBeLessThanOrEqual(width);
  expect(text.match(RAW_KEY)?.[0] ?? null, `${where}: raw i18n key`).toBeNull();
}

/** Every link and button the thumb taps on the "me" page is at least 44 px tall. */
async function thumbSized(page: Page, where: string) {
  const small = await page
    .getByTestId('m-member-me')
    .evaluate((root) =>
      [...root.querySelectorAll('a, button')].map((el) => ({ name: el.textContent?.trim() ?? el.getAttribute('aria-label') ?? '', h: el.getBoundingClientRect().height })).filter((b) => b.h < 44),
    );
  expect(small, `${where}: tap targets under 44 px`).toEqual([]);
}

const SECTIONS = [0, 1, 2, 3, 5, 6, 7, 8];
const ANCHOR_SECTIONS = [1, 4, 9];

for (const lang of ['zh', 'en', 'es']) {
  test(`the member centre in ${lang}: the "me" page and every section fit 320 and 390 px phones, no raw keys`, async ({ browser, request, baseURL }) => {
    test.setTimeout(600_000);
    const fan = await registerByApi(request);
    const anchor = await anchorByApi(request, await adminToken(request));
    for (const size of [SMALL, PHONE]) {
      const w = size.viewport.width;
      // A guest gets a login prompt, not an empty page.
      const guestCtx = await browser.newContext(size);
      await guestCtx.addInitScript((l) => localStorage.setItem('language', l), lang);
      const guest = await guestCtx.newPage();
      await guest.goto('/m/member?type=1');
      await expect(guest.getByTestId('m-member-login')).toBeVisible();
      await fitsAndTranslated(guest, `${lang} ${w} guest`);
      await guest.getByTestId('m-member-login-btn').tap();
      await expect(guest.getByTestId('login-form').or(guest.getByRole('dialog'))).toBeVisible();
      await guestCtx.close();

      for (const [who, user, types] of [
        ['fan', fan, SECTIONS],
        ['anchor', anchor, ANCHOR_SECTIONS],
      ] as const) {
        const context = await browser.newContext(size);
        await signInContext(context, baseURL!, user.token);
        await context.addInitScript((l) => localStorage.setItem('language', l), lang);
        const page = await context.newPage();
        await page.goto('/m/member');
        await expect(page.getByTestId('m-member-me')).toBeVisible();
        await expect(page.getByTestId('m-member-nickname')).toHaveText(user.nickname);
        await page.waitForLoadState('networkidle');
        await fitsAndTranslated(page, `${lang} ${w} ${who} me`);
        await thumbSized(page, `${lang} ${w} ${who} me`);
        for (const type of types) {
          await page.goto(`/m/member?type=${type}`);
          await expect(page.getByTestId('m-member-title')).toBeVisible();
          await expect(page.getByTestId('m-member-back')).toBeVisible();
          await page.waitForLoadState('networkidle');
          await expect(page.locator('.spinner:visible')).toHaveCount(0);
          await fitsAndTranslated(page, `${lang} ${w} ${who} type=${type}`);
        }
        await context.close();
      }
    }
  });
}

test('each entry of the "me" page opens its own screen, and the back bar returns; desktop links land 1:1', async ({ browser, request, baseURL }) => {
  test.setTimeout(300_000);
  const fan = await registerByApi(request);
  const context = await browser.newContext(PHONE);
  await signInContext(context, baseURL!, fan.token);
  const page = await context.newPage();
  await page.goto('/m/member');
  for (const type of SECTIONS.filter((t) => t !== 0)) {
    await page.getByTestId(`member-menu-${type}`).tap();
    await expect(page).toHaveURL(new RegExp(`/m/member\\?type=${type}$`));
    await expect(page.getByTestId('m-member-title')).not.toBeEmpty();
    await page.getByTestId('m-member-back').tap();
    await expect(page).toHaveURL(/\/m\/member$/);
  }
  // The profile card opens the profile; a desktop address opened on the phone keeps its type.
  await page.getByTestId('m-member-profile-card').tap();
  await expect(page).toHaveURL(/\/m\/member\?type=0$/);
  await expect(page.getByTestId('member-email')).toHaveText(fan.email);
  await page.goto('/member?type=6');
  await expect(page).toHaveURL(/\/m\/member\?type=6$/);
  await expect(page.getByTestId('noble-panel')).toBeVisible();
  // A fan opening withdrawals (anchors only) gets the wallet, as on the desktop.
  await page.goto('/m/member?type=4');
  await expect(page).toHaveURL(/\/m\/member\?type=1$/);
  await context.close();
});

test('a fan recharges on the phone and sees the balance and the ledger line', async ({ browser, request, baseURL }) => {
  test.setTimeout(300_000);
  const fan = await registerByApi(request);
  const context = await browser.newContext(PHONE);
  await signInContext(context, baseURL!, fan.token);
  const page = await context.newPage();
  await page.goto('/m/member');
  await expect(page.getByTestId('m-member-coins')).toHaveText('0');
  await page.getByTestId('m-member-recharge').tap();
  await expect(page).toHaveURL(/\/m\/member\?type=1&isRecharge=true$/);
  // The packages are a grid of two columns: the first two tiles share a row.
  const [a, b] = await Promise.all([page.getByTestId('recharge-rule-1').boundingBox(), page.getByTestId('recharge-rule-2').boundingBox()]);
  expect(a!.y).toBe(b!.y);
  expect(a!.height).toBeGreaterThanOrEqual(44);
  await page.getByTestId('recharge-rule-3').tap();
  const pay = page.getByTestId('recharge-pay');
  expect((await pay.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await pay.tap();
  await page.waitForURL(/\/sandbox-pay\/checkout\//);
  await page.getByTestId('sandbox-pay').tap();
  await page.waitForURL(/\/m\/member\?type=1&order=/);
  await expect(page.getByTestId('recharge-result')).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('wallet-coins')).toHaveText('680');
  await page.getByTestId('wallet-tab-consumption').tap();
  await expect(page).toHaveURL(/tab=consumption/);
  const line = page.getByTestId('ledger-row').first();
  await expect(line).toContainText('+680');
  await fitsAndTranslated(page, 'ledger at 390');
  await page.getByTestId('wallet-tab-orders').tap();
  await expect(page.getByTestId('wallet-panel')).toContainText('680');
  await page.getByTestId('m-member-back').tap();
  await expect(page.getByTestId('m-member-coins')).toHaveText('680');
  expect((await api(request, 'GET', '/api/Balance/wallet', {}, fan.token)).consumption).toBe(6800);
  await context.close();
});

test('a fan sets a payment password with the number pad on a 320 px phone', async ({ browser, request, baseURL }) => {
  test.setTimeout(240_000);
  const fan = await registerByApi(request);
  const context = await browser.newContext(SMALL);
  await signInContext(context, baseURL!, fan.token);
  const page = await context.newPage();
  await page.goto('/m/member');
  await page.getByTestId('member-menu-5').tap();
  await expect(page).toHaveURL(/\/m\/member\?type=5$/);
  const pass = page.getByTestId('pay-password');
  const confirm = page.getByTestId('pay-confirm');
  // Digits only, so the phone shows its number pad.
  await expect(pass).toHaveAttribute('inputmode', 'numeric');
  await expect(confirm).toHaveAttribute('inputmode', 'numeric');
  await pass.tap();
  await page.keyboard.type('24a6810');
  await expect(pass).toHaveValue('246810');
  await confirm.tap();
  await page.keyboard.type('246811');
  const save = page.getByTestId('pay-save');
  expect((await save.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await save.tap();
  await expect(page.getByText('The two passwords do not match').or(page.getByText('Please enter the same password')).first()).toBeVisible();
  await confirm.fill('');
  await confirm.tap();
  await page.keyboard.type('246810');
  await save.tap();
  await expect(page.getByTestId('toast').filter({ hasText: 'Payment password saved' })).toBeVisible();
  expect((await api(request, 'GET', '/api/Member/info', {}, fan.token)).has_payment_password).toBe(1);
  // The profile says so too.
  await page.goto('/m/member?type=0');
  await expect(page.getByTestId('m-member-pay-link')).toContainText('Set');
  await fitsAndTranslated(page, 'profile at 320');
  await context.close();
});

test('a fan changes the avatar from the gallery sheet and picks a preset', async ({ browser, request, baseURL }) => {
  test.setTimeout(240_000);
  const fan = await registerByApi(request);
  const context = await browser.newContext(PHONE);
  await signInContext(context, baseURL!, fan.token);
  const page = await context.newPage();
  await page.goto('/m/member?type=0');
  await page.getByTestId('m-avatar-change').tap();
  const sheet = page.getByTestId('m-avatar-sheet');
  await expect(sheet).toBeVisible();
  // Camera and gallery both take any picture the phone has; the camera one asks for the camera.
  await expect(sheet.getByTestId('m-avatar-input')).toHaveAttribute('accept', 'image/*');
  await expect(sheet.getByTestId('m-avatar-camera-input')).toHaveAttribute('capture', 'user');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const before = (await api(request, 'GET', '/api/Member/info', {}, fan.token)).avatar;
  await sheet.getByTestId('m-avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(sheet).toBeHidden({ timeout: 30_000 });
  await expect.poll(async () => (await api(request, 'GET', '/api/Member/info', {}, fan.token)).avatar).not.toBe(before);
  // A text file dressed as a picture is refused in words.
  await page.getByTestId('m-avatar-change').tap();
  await sheet.getByTestId('m-avatar-input').setInputFiles({ name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture '.repeat(20)) });
  await expect(sheet.locator('.field__error')).toBeVisible();
  await sheet.getByTestId('m-avatar-option-2').tap();
  await expect(sheet).toBeHidden();
  const chosen = (await api(request, 'GET', '/api/Member/info', {}, fan.token)).avatar;
  expect(chosen).toMatch(/^\/avatars\/\d+\.svg$/);
  // A preset is kept as its SVG and shown from its WebP rendition (shared/ui/avatar.tsx).
  await expect(page.getByTestId('m-avatar-change').locator('img')).toHaveAttribute('src', chosen.replace(/\.svg$/, '.webp'));
  await context.close();
});

test('the member centre at 320, 390 and 430 px (screenshots kept with the results)', async ({ browser, request, baseURL }) => {
  // Pictures for a person to look at, not a check: opt-in, like the other screenshot runs (minutes of CI).
  test.skip(process.env.SHOTS !== '1', 'SHOTS=1 takes the member centre screenshots');
  test.setTimeout(900_000);
  const fan = await registerByApi(request);
  for (const width of [320, 390, 430]) {
    const context = await browser.newContext(phone(width, 860));
    await signInContext(context, baseURL!, fan.token);
    const page = await context.newPage();
    for (const [name, path] of [
      ['me', '/m/member'],
      ['profile', '/m/member?type=0'],
      ['wallet', '/m/member?type=1&isRecharge=true'],
      ['noble', '/m/member?type=6'],
      ['password', '/m/member?type=5'],
      ['invite', '/m/member?type=8'],
      ['backpack', '/m/member?type=2'],
      ['apply', '/m/member?type=7'],
    ] as const) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.spinner:visible')).toHaveCount(0);
      await fitsAndTranslated(page, `${name} at ${width}`);
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    }
    await context.close();
  }
});
