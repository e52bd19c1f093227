import { expect, type Page, test } from '../support/test';
import { adminToken, anchorByApi } from '../support/anchor.ts';
import { api, registerByApi, signInContext } from '../support/session.ts';

// The operator's console, content and catalogue (issue #15 items 5 and 6): a moderator's action
// in /admin reaches the public site at once, and the console's pages read in zh, en and es.

async function adminPage(browser: import('@playwright/test').Browser, baseURL: string, token: string, lang = 'en'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  await signInContext(context, baseURL, token);
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  return context.newPage();
}

test('a reported comment hidden in the console disappears from the public page', async ({ browser, request, baseURL, page }) => {
  test.setTimeout(300_000);
  // The administrator writes the post and reports the comment a fan leaves under it.
  const token = await adminToken(request);
  const troll = await registerByApi(request);
  const post = await api(request, 'POST', '/anchor_dynamics_user/insert', { content: `Derby tonight ${Date.now()}`, images: [] }, token);
  const text = `rude words ${Date.now()}`;
  const comment = await api(request, 'POST', '/anchor_dynamics_user/comment', { id: post.id, content: text }, troll.token);
  await api(request, 'POST', '/anchor_dynamics_user/report', { type: 'comment', id: comment.id, reason: 'abuse' }, token);

  // A visitor sees the comment.
  await page.goto(`/circle-detail?id=${post.id}`);
  await expect(page.getByTestId(`comment-${comment.id}`)).toContainText(text);

  // The administrator finds it among the reported comments and hides it with a reason.
  const admin = await adminPage(browser, baseURL!, token);
  await admin.goto('/admin/content');
  await admin.getByTestId('content-tab-comment').click();
  await admin.getByText('Reported only').click();
  await admin.getByRole('button', { name: 'Filter' }).click();
  const row = admin.locator(`[data-testid="content-row"][data-id="${comment.id}"]`);
  await expect(row).toContainText(text);
  await expect(row).toHaveAttribute('data-state', 'visible');
  await row.getByTestId('content-hide').click();
  const form = admin.getByTestId('reason-form');
  await expect(form.getByRole('button', { name: 'Hide' })).toBeDisabled();
  await form.getByRole('textbox', { name: 'Reason' }).fill('abusive language');
  await form.getByRole('button', { name: 'Hide' }).click();
  // Acting closes its reports: it leaves the reported list, and shows as hidden among all comments.
  await expect(row).toHaveCount(0);
  await admin.getByText('Reported only').click();
  await admin.getByRole('button', { name: 'Filter' }).click();
  await expect(row).toHaveAttribute('data-state', 'hidden');
  await expect(row.getByTestId('content-restore')).toBeVisible();

  // The public page no longer shows it.
  await page.reload();
  await expect(page.getByTestId('comments')).toBeVisible();
  await expect(page.getByTestId(`comment-${comment.id}`)).toHaveCount(0);
  await expect(page.getByText(text)).toHaveCount(0);

  // The audit log has who, what and why.
  await admin.goto('/admin/audit');
  const entry = admin.getByTestId('audit-row').filter({ hasText: `comment:${comment.id}` });
  await expect(entry).toContainText('comment.hide');
  await expect(entry).toContainText('abusive language');
  await admin.context().close();
});

test("a gift's price changed in the console shows in an open room's gift panel", async ({ browser, request, baseURL }) => {
  test.setTimeout(300_000);
  const token = await adminToken(request);
  const anchor = await anchorByApi(request, token);
  const fan = await registerByApi(request);
  const code = `e2e${Date.now().toString(36)}`;

  // The administrator adds a gift in the console.
  const admin = await adminPage(browser, baseURL!, token);
  await admin.goto('/admin/gifts');
  await admin.getByTestId('gift-add').click();
  const add = admin.getByTestId('gift-form');
  await add.getByLabel('Code').fill(code);
  await add.getByLabel('Name (Chinese)').fill('测试旗');
  await add.getByLabel('Name (English)').fill('Test flag');
  await add.getByLabel('Name (Spanish)').fill('Bandera');
  await add.getByLabel('Price (coins, e.g. 12.5)').fill('12');
  await add.getByLabel('Icon', { exact: true }).fill('/economy/gifts/trophy.svg');
  await add.getByTestId('gift-save').click();
  const row = admin.locator(`[data-testid="gift-row"][data-code="${code}"]`);
  await expect(row.getByTestId('gift-price')).toHaveText('12');

  // A fan has the room open with its gift panel.
  const context = await browser.newContext();
  await signInContext(context, baseURL!, fan.token);
  const room = await context.newPage();
  await room.goto(`/live?id=${anchor.id}`);
  const cell = room.getByTestId('gift-panel').getByTestId(`gift-${code}`);
  await expect(cell).toContainText('12');

  // The price changes in the console; the open panel shows the new price when the fan picks the gift.
  await row.getByTestId('gift-edit').click();
  const edit = admin.getByTestId('gift-form');
  await edit.getByLabel('Price (coins, e.g. 12.5)').fill('25.5');
  await edit.getByRole('textbox', { name: 'Reason' }).fill('promotion over');
  await edit.getByTestId('gift-save').click();
  await expect(row.getByTestId('gift-price')).toHaveText('25.5');
  await room.waitForTimeout(5_100); // the panel re-reads a copy older than 5 s
  await cell.click();
  await expect(cell.locator('.gift-cell__price')).toHaveText('25.5');

  // Switched off, it leaves the panel (and the catalogue other journeys see).
  await row.getByTestId('gift-edit').click();
  await admin.getByTestId('gift-form').getByLabel('On sale').uncheck();
  await admin.getByTestId('gift-form').getByTestId('gift-save').click();
  await expect(row).toContainText('Off');
  await context.close();
  await admin.context().close();
});

test('a warning sent from the console to an open room shows in its chat', async ({ browser, request, baseURL, page }) => {
  test.setTimeout(300_000);
  const token = await adminToken(request);
  const anchor = await anchorByApi(request, token);
  await api(request, 'GET', '/api/Live/startRoom', {}, anchor.token);

  // A visitor has the room open.
  await page.goto(`/live?id=${anchor.id}`);
  await expect(page.getByTestId('chat-panel')).toHaveAttribute('data-status', 'online');

  const admin = await adminPage(browser, baseURL!, token);
  await admin.goto('/admin/rooms');
  const row = admin.locator(`[data-testid="room-row"][data-id="${anchor.id}"]`);
  await expect(row).toBeVisible();
  await row.getByTestId('room-warn').click();
  await admin.getByTestId('reason-form').getByRole('textbox').fill('Keep the language clean, please.');
  await admin.getByTestId('reason-form').getByRole('button', { name: 'Send' }).click();

  const notice = page.locator('[data-testid="chat-notice"][data-action="warning"]');
  await expect(notice).toContainText('Keep the language clean, please.');
  await admin.context().close();
});

test('a headline featured in the console leads the home page, under the announcement', async ({ browser, request, baseURL, page }) => {
  test.setTimeout(300_000);
  const token = await adminToken(request);
  const admin = await adminPage(browser, baseURL!, token);
  await admin.goto('/admin/content');
  // The oldest headline of the list is not among the latest five on the home page.
  const rows = admin.getByTestId('content-row');
  await expect(rows.first()).toBeVisible();
  const last = rows.last();
  const id = await last.getAttribute('data-id');
  const title = (await last.locator('.cs-text__title').innerText()).trim();
  await last.getByTestId('content-feature').click();
  await expect(last).toContainText('Featured');

  await admin.goto('/admin/settings');
  const card = admin.getByTestId('settings-announcement');
  await card.getByLabel('Shown').check();
  await card.getByLabel('Text').fill('Cup final tonight at 20:00');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByLabel('Shown')).toBeChecked();

  await page.goto('/');
  await expect(page.getByTestId('site-announcement')).toHaveText('Cup final tonight at 20:00');
  const first = page.getByTestId('home-headlines').locator('li').first();
  await expect(first).toContainText(title);
  await expect(first).toHaveAttribute('data-featured', 'true');
  await page.screenshot({ path: test.info().outputPath('home-featured.png') });

  // Back as it was, for the journeys after this one.
  await admin.goto('/admin/content');
  const again = admin.locator(`[data-testid="content-row"][data-id="${id}"]`);
  await again.getByTestId('content-feature').click();
  await expect(again).not.toContainText('Featured');
  await admin.goto('/admin/settings');
  await admin.getByTestId('settings-announcement').getByLabel('Shown').uncheck();
  await admin.getByTestId('settings-announcement').getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByTestId('settings-announcement').getByLabel('Shown')).not.toBeChecked();
  await admin.context().close();
});

test('the console pages read in zh, en and es (1280 px)', async ({ browser, request, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  for (const lang of ['zh', 'en', 'es']) {
    const page = await adminPage(browser, baseURL!, token, lang);
    for (const path of ['content', 'rooms', 'gifts', 'prices', 'settings', 'feeds']) {
      await page.goto(`/admin/${path}`);
      await expect(page.getByTestId(`console-${path}`)).toBeVisible();
      await page.waitForLoadState('networkidle');
      // No key shows raw (a namespace key such as "content.cols.id" or "rooms.tabs.live").
      const body = await page.locator('.cs-main').innerText();
      expect(body, `${lang} ${path}`).not.toMatch(/\b(ops|content|rooms|gifts|prices|settings|feeds|menu)\.[a-zA-Z]+(\.[a-zA-Z0-9_]+)*\b/);
      await page.screenshot({ path: testInfo.outputPath(`console-${path}-${lang}.png`), fullPage: true });
    }
    await page.context().close();
  }
});
