import { type Page, expect, test } from '../support/test';
import { adminToken } from '../support/anchor.ts';
import { api, registerByApi, signInContext } from '../support/session.ts';
import { solveSlider } from '../support/slider.ts';

// The console's Users pages: an administrator finds a member watching a room and bans them. The
// member's page signs them out within seconds (their chat falls back to a guest's, the header
// offers a login), and logging in again is refused with the reason and the end of the ban.

const shots = process.env.E2E_OUTPUT ?? 'test-results';

async function openRoom(request: Parameters<typeof api>[0]) {
  const rooms = await api<{ list: { uid: number; is_live: 0 | 1 }[] }>(request, 'GET', '/api/Live/getRoomList', { type: '0', page: '1', limit: '20' });
  expect(rooms.list.length).toBeGreaterThan(0);
  return rooms.list.find((r) => r.is_live === 1) ?? rooms.list[0]!;
}

test('a banned member watching a room is signed out within seconds and cannot log in again', async ({ browser, request, baseURL }) => {
  // Two browsers, two sliders and a registration on two shared cores.
  test.setTimeout(150_000);
  const room = await openRoom(request);
  const member = await registerByApi(request);

  // The member watches the room and chats.
  const m = await browser.newContext();
  await signInContext(m, baseURL!, member.token);
  const watch = await m.newPage();
  await watch.goto(`/live?id=${room.uid}`);
  const chat = watch.getByTestId('chat-panel');
  await expect(chat).toHaveAttribute('data-status', 'online');
  const line = `Before the ban ${Date.now()}`;
  await chat.getByTestId('chat-input').fill(line);
  await chat.getByTestId('chat-input').press('Enter');
  await expect(chat.getByTestId('chat-message').filter({ hasText: line })).toHaveCount(1);

  // An administrator finds them in the console and bans them for two days.
  const a = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  await signInContext(a, baseURL!, await adminToken(request));
  const staff = await a.newPage();
  await staff.goto('/admin/users');
  await staff.getByTestId('users-q').fill(member.email);
  await staff.getByTestId('users-q').press('Enter');
  const row = staff.getByTestId('users-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(member.nickname);
  await row.getByRole('link', { name: member.nickname }).click();
  await expect(staff.getByTestId('console-user-page')).toContainText(`#${member.id}`);
  await staff.getByTestId('user-ban').click();
  const dialog = staff.getByTestId('sanction-dialog');
  await expect(dialog.getByRole('radio', { name: /^Ban/ })).toBeChecked();
  // The reason is required, with the server's own message.
  await dialog.getByTestId('sanction-submit').click();
  await expect(dialog.getByTestId('sanction-error')).toHaveText('Please give a reason');
  await dialog.locator('input[name=duration]').fill('2');
  await dialog.locator('select[name=unit]').selectOption('days');
  await dialog.locator('textarea[name=reason]').fill('Match fixing in chat');
  await dialog.getByTestId('sanction-submit').click();
  await expect(staff.getByTestId('toast').filter({ hasText: 'Sanction applied' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(staff.getByTestId('console-user-page').getByTestId('standing-ban').first()).toBeVisible();
  const bannedAt = Date.now();

  // Within seconds the member's page knows: the chat is a guest's, the header offers a login.
  await expect(chat.getByTestId('chat-login')).toBeVisible({ timeout: 10_000 });
  await expect(chat.getByTestId('chat-input')).toHaveCount(0);
  await expect(watch.getByTestId('header-login')).toBeVisible();
  expect(Date.now() - bannedAt).toBeLessThan(10_000);
  await watch.screenshot({ path: `${shots}/console-users-banned-member.png` });

  // Logging in again is refused with the reason and the end.
  await watch.getByTestId('header-login').click();
  await watch.getByTestId('login-email').fill(member.email);
  await watch.getByTestId('login-password').fill(member.password);
  await watch.getByTestId('login-submit').click();
  await solveSlider(watch);
  const refusal = watch.getByTestId('toast').filter({ hasText: 'This account is banned until' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('Reason: Match fixing in chat');
  await expect(watch.getByTestId('header-login')).toBeVisible();
  await watch.screenshot({ path: `${shots}/console-users-login-refused.png` });

  // The sanctions tab lists it; the administrator lifts it and the member may log in again.
  await staff.getByTestId('user-tab-sanctions').click();
  const sanction = staff.getByTestId('sanction-row').first();
  await expect(sanction).toContainText('Match fixing in chat');
  await sanction.getByTestId('sanction-lift').click();
  await staff.getByTestId('lift-dialog').locator('textarea[name=reason]').fill('Appeal accepted');
  await staff.getByTestId('lift-submit').click();
  await expect(staff.getByTestId('toast').filter({ hasText: 'Sanction lifted' })).toBeVisible();
  await expect(staff.getByTestId('console-user-page').getByTestId('standing-ban')).toHaveCount(0);
  await m.close();
  await a.close();
});

async function shoot(page: Page, name: string) {
  // Fonts and avatars in place (the console polls its counts, so the network is never idle).
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
}

test('the Users pages read in zh, en and es (screenshots at 1280 px)', async ({ browser, request, baseURL }) => {
  test.setTimeout(150_000);
  const admin = await adminToken(request);
  const member = await registerByApi(request);
  // A running mute, so the list, the profile and the sanctions tab show one.
  await api(request, 'POST', '/api/admin/users/sanction', { id: member.id, kind: 'mute', unit: 'hours', duration: 6, reason: 'Spam links' }, admin);
  for (const lang of ['zh', 'en', 'es'] as const) {
    const c = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await c.addInitScript((l) => localStorage.setItem('language', l), lang);
    await signInContext(c, baseURL!, admin);
    const page = await c.newPage();
    await page.goto('/admin/users');
    await expect(page.getByTestId('users-row').first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`));
    await shoot(page, `console-users-list-${lang}`);
    await page.goto(`/admin/users?id=${member.id}`);
    await expect(page.getByTestId('user-profile')).toBeVisible();
    await expect(page.getByTestId('standing-mute').first()).toBeVisible();
    await shoot(page, `console-user-profile-${lang}`);
    await page.getByTestId('user-tab-wallet').click();
    await expect(page.getByTestId('user-wallets')).toBeVisible();
    await shoot(page, `console-user-wallet-${lang}`);
    await page.getByTestId('user-tab-sanctions').click();
    await expect(page.getByTestId('sanction-row')).toHaveCount(1);
    await shoot(page, `console-user-sanctions-${lang}`);
    await page.getByTestId('user-mute').click();
    await expect(page.getByTestId('sanction-dialog')).toBeVisible();
    await shoot(page, `console-user-dialog-${lang}`);
    // Nothing reads as a raw key.
    expect(await page.locator('body').innerText()).not.toMatch(/\b(console-users|menu|cols|tabs|dialog|profile|sanctions|wallet|standing)\.[a-z]/i);
    await c.close();
  }
  // The member's own page shows the mute.
  const mc = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signInContext(mc, baseURL!, member.token);
  const mp = await mc.newPage();
  await mp.goto('/member?type=0');
  await expect(mp.getByTestId('member-sanction-mute')).toContainText('Spam links');
  await shoot(mp, 'member-sanction-notice-en');
  await mc.close();
});
