import { type Page, expect, test } from '../support/test';
import { api, registerByApi, signInContext, uniqueEmail } from '../support/session.ts';
import { mailCount, waitForCode } from '../support/mailbox.ts';
import { solveSlider } from '../support/slider.ts';

// Journeys of the foundation: register with the mailed code and the slider, log in, languages,
// log out, the code-700 flow and the mobile redirect — in Debian's Chromium against the real server.

test('register with the mailed code and the slider, then log in and out', async ({ page }) => {
  const email = uniqueEmail('reg');
  await page.goto('/main');
  await page.getByTestId('header-login').click();
  await page.getByTestId('login-to-register').click();
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill('goal2026');

  const before = mailCount(email);
  await page.getByTestId('login-code-btn').click();
  // The code button counts down for 60 s and cannot be pressed again meanwhile.
  await expect(page.getByTestId('login-code-btn')).toBeDisabled();
  await expect(page.getByTestId('login-code-btn')).toHaveText(/\d+/);
  const code = await waitForCode(email, before);
  await page.getByTestId('login-code').fill(code);
  await page.getByTestId('login-submit').click();
  await solveSlider(page);
  await expect(page.getByTestId('toast').filter({ hasText: 'Registered' })).toBeVisible();

  // Back in password-login mode with the address kept: log in through the slider again.
  await expect(page.getByTestId('login-email')).toHaveValue(email);
  await page.getByTestId('login-password').fill('goal2026');
  await page.getByTestId('login-submit').click();
  await solveSlider(page);
  await expect(page.getByTestId('toast').filter({ hasText: 'Logged in' })).toBeVisible();
  await expect(page.getByTestId('header-avatar')).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'token')?.value).toBeTruthy();

  // Log out from the avatar panel: back on /main, logged out, token gone.
  await page.getByTestId('header-avatar').hover();
  await page.getByTestId('header-logout').click();
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByTestId('header-login')).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '').toBe('');
});

test('bad input in the login form is refused with the spec messages, nothing sent', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => r.url().includes('/api/user/login') && sent.push(r.url()));
  await page.goto('/main');
  await page.getByTestId('header-login').click();
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-dialog')).toContainText('Please enter your email');
  await page.getByTestId('login-email').fill('someone@example.com');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-dialog')).toContainText('Please enter your password');
  expect(sent).toHaveLength(0);
});

test('a wrong password is answered by the server, localized', async ({ page, request }) => {
  const user = await registerByApi(request);
  await page.goto('/main');
  await page.getByTestId('header-login').click();
  await page.getByTestId('login-email').fill(user.email);
  await page.getByTestId('login-password').fill('wrong999');
  await page.getByTestId('login-submit').click();
  await solveSlider(page);
  await expect(page.getByTestId('toast').filter({ hasText: 'Wrong email or password' })).toBeVisible();
  await expect(page.getByTestId('header-login')).toBeVisible();
});

test('switching language reloads the page in zh, es and back to en', async ({ page }) => {
  await page.goto('/main');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  for (const [lang, login] of [
    ['zh', '登录'],
    ['es', 'Entrar'],
    ['en', 'Log in'],
  ] as const) {
    // A marker on the old page's window: it is gone once the switch has reloaded the page.
    await page.waitForLoadState('load');
    await page.evaluate(() => ((window as unknown as { marker?: number }).marker = 1));
    await page.getByTestId('lang-switch').selectOption(lang);
    await expect.poll(() => page.evaluate(() => (window as unknown as { marker?: number }).marker ?? 0).catch(() => 1)).toBe(0);
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`));
    await expect(page.getByTestId('header-login')).toContainText(login);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe(lang);
    await expect(page).toHaveTitle(/ - LiveSports$/);
  }
});

/**
 * Opens a page as the signed-in user and waits until the page has asked who that is: the header
 * shows the remembered user before api/user/info answers. A session ended before that answer came
 * would get its 700 on this page (which then forgets the user), not on the next one the test opens.
 */
async function openSignedIn(page: Page, path: string) {
  const info = page.waitForResponse((r) => r.url().includes('/api/user/info'));
  await page.goto(path);
  await info;
  await expect(page.getByTestId('header-avatar')).toBeVisible();
}

test('code 700: a session ended elsewhere clears the user and says so once', async ({ page, context, request, baseURL }) => {
  const user = await registerByApi(request);
  await signInContext(context, baseURL!, user.token);
  await openSignedIn(page, '/main');
  // The session ends on the server (as after a password reset on another device).
  await api(request, 'POST', '/api/Member/SignOut', {}, user.token);
  await page.goto('/member?type=0');
  await expect(page.getByTestId('toast').filter({ hasText: 'Please log in first' })).toHaveCount(1);
  await expect(page.getByTestId('header-login')).toBeVisible();
});

test('the language of the 700 notice follows the interface (es)', async ({ page, context, request, baseURL }) => {
  const user = await registerByApi(request);
  await signInContext(context, baseURL!, user.token);
  await page.addInitScript(() => localStorage.setItem('language', 'es'));
  await openSignedIn(page, '/main');
  await api(request, 'POST', '/api/Member/SignOut', {}, user.token);
  await page.goto('/member?type=0');
  await expect(page.getByTestId('toast').filter({ hasText: 'Inicie sesión primero, por favor' })).toBeVisible();
});

test('personal center: change nickname, set a payment password, change the login password', async ({ page, context, request, baseURL }) => {
  const user = await registerByApi(request);
  await signInContext(context, baseURL!, user.token);
  await page.goto('/member?type=0');
  const nick = `Ultra${user.id}`;
  await page.getByTestId('member-nickname').fill(nick);
  await page.getByTestId('member-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved' })).toBeVisible();
  const info = await api(request, 'GET', '/api/Member/info', {}, user.token);
  expect(info.user_nickname).toBe(nick);

  await page.getByTestId('pay-password').fill('123456');
  await page.getByTestId('pay-confirm').fill('123457');
  await page.getByTestId('pay-save').click();
  await expect(page.getByText(/Please enter the same password|The two passwords do not match/).first()).toBeVisible();
  await page.getByTestId('pay-confirm').fill('123456');
  await page.getByTestId('pay-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Payment password saved' })).toBeVisible();
  expect((await api(request, 'GET', '/api/Member/info', {}, user.token)).has_payment_password).toBe(1);

  // Password management: a wrong current password is refused, the right one changes it.
  await page.getByTestId('login-password-old').fill('wrong999');
  await page.getByTestId('login-password-new').fill('newgoal26');
  await page.getByTestId('login-password-confirm').fill('newgoal26');
  await page.getByTestId('login-password-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'The current password is incorrect' })).toBeVisible();
  await page.getByTestId('login-password-old').fill(user.password);
  await page.getByTestId('login-password-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Password changed' })).toBeVisible();
  await expect(page.getByTestId('header-avatar')).toBeVisible();
});

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('below 500 px the visitor is sent to the mobile site, whose login works', async ({ page, request }) => {
    const user = await registerByApi(request);
    await page.goto('/main');
    await expect(page).toHaveURL(/\/m$/);
    await page.getByTestId('header-login').click();
    await page.getByTestId('login-email').fill(user.email);
    await page.getByTestId('login-password').fill(user.password);
    await page.getByTestId('login-submit').click();
    await solveSlider(page);
    await expect(page.getByTestId('header-avatar')).toBeVisible();
  });

  test('the mobile home lists rooms and headlines, which open their mobile pages', async ({ page }) => {
    await page.goto('/m');
    const headline = page.getByTestId('home-headlines').locator('a').first();
    const title = (await headline.locator('.home-headlines__title').textContent())!;
    await headline.click();
    await expect(page).toHaveURL(/\/m\/detail\?id=\d+/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTestId('m-tabbar')).toBeVisible();

    await page.goto('/m');
    await page.getByTestId('home-live').locator('a[href*="/live?id="]').first().click();
    await expect(page).toHaveURL(/\/m\/live\?id=\d+/);
    await expect(page.getByTestId('m-live-room')).toBeVisible();
    await page.goto('/m');
    await page.getByTestId('m-cat-esports').click();
    await expect(page).toHaveURL(/\/m\/anchor\?type=3$/);
  });
});

test('a desktop link opened on a phone lands on its mobile page with its query; a window widened back leaves for the desktop page', async ({ browser }) => {
  // A desktop browser whose window is narrowed (its screen stays wide), as a person resizing it.
  const context = await browser.newContext({ viewport: { width: 390, height: 800 }, screen: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/search?name=Messi');
  await expect(page).toHaveURL(/\/m\/search\?name=Messi$/);
  await page.goto('/anchor?type=2');
  await expect(page).toHaveURL(/\/m\/anchor\?type=2$/);
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect.poll(() => new URL(page.url()).pathname).toBe('/anchor');
  expect(new URL(page.url()).search).toBe('?type=2');
  await expect(page.locator('header.header')).toBeVisible();
  await page.setViewportSize({ width: 400, height: 800 });
  await expect(page).toHaveURL(/\/m\/anchor\?type=2$/);
  await context.close();
});

test.describe('mid-size screens', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('below 992 px the desktop layout adapts instead of redirecting', async ({ page }) => {
    await page.goto('/main');
    await expect(page).toHaveURL(/\/main$/);
    await expect(page.getByTestId('header-menu')).toBeVisible();
  });
});

test('every route has its title and unknown paths show the 404 page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/main$/);
  for (const path of ['/football', '/news', '/schedule', '/about-user', '/downLoad']) {
    await page.goto(path);
    await expect(page).toHaveTitle(/^.+ - LiveSports$/);
  }
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('an invite link opens sign-up with the invite code filled in', async ({ page }) => {
  await page.goto('/login?invite=ABCD2345');
  await expect(page.getByTestId('login-invite')).toHaveValue('ABCD2345');
  await expect(page.getByTestId('login-code-btn')).toBeVisible();
});
