import { expect, test } from '../support/test';
import { adminToken, goLive, hasFfmpeg } from '../support/anchor';
import { api, registerByApi, signInContext } from '../support/session';

// The operator's console (/admin, issue #15): an anchor application approved from the console's
// queue turns the applicant into an anchor; the decision is in the audit log; a viewer gets the
// console's 403 page. Then the console's pages in zh, en and es at 1280 px, saved for review.

const PAGES = ['', 'applications', 'withdrawals', 'reports', 'roles', 'audit'] as const;

test('an application approved from the console makes an anchor who can stream; audited; viewers get 403', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(150_000);
  const applicant = await registerByApi(request);
  await api(
    request,
    'POST',
    '/api/Member/verified',
    { real_name: 'Console Applicant', id_number: 'E2E765432', live_type: 2, experience: 'Basketball nights', contact: applicant.email, introduction: 'Play by play', agreement: true },
    applicant.token,
  );

  // A viewer (the applicant, not staff yet) gets the console's own 403 page, in its language.
  const viewer = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await signInContext(viewer, baseURL!, applicant.token);
  const viewerPage = await viewer.newPage();
  await viewerPage.goto('/admin/applications');
  await expect(viewerPage.getByTestId('console-forbidden')).toContainText('Staff only');
  await viewer.close();

  const admin = await adminToken(request);
  await signInContext(page.context(), baseURL!, admin);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin');
  await expect(page.getByTestId('console-role')).toHaveText('Administrator');
  await expect(page.getByTestId('console-dashboard')).toBeVisible();
  const count = page.getByTestId('console-count-anchor_applications');
  const before = Number(await count.textContent());
  expect(before).toBeGreaterThan(0);

  await page.getByTestId('console-menu-applications').click();
  const row = page.getByTestId('application-row').filter({ hasText: applicant.nickname });
  await row.click();
  await expect(page.getByTestId('application-detail')).toContainText('Console Applicant');
  await page.getByTestId('approve').click();
  // One click, then the next item: the approved application leaves the queue and the count drops.
  await expect(row).toHaveCount(0);
  if (before > 1) await expect(count).toHaveText(String(before - 1));
  else await expect(count).toHaveCount(0);

  const info = await api(request, 'POST', '/api/Member/getVerifiedInfo', {}, applicant.token);
  expect(info).toMatchObject({ is_anchor: 1, state: 'approved' });
  const room = await api(request, 'GET', '/api/Live/getMyRoom', {}, applicant.token);
  expect(room.stream_key).toBeTruthy();
  // …who can stream: an encoder pushing to the new room's key takes it live.
  if (hasFfmpeg) {
    const encoder = await goLive(request, applicant.token);
    try {
      await expect.poll(async () => (await api(request, 'GET', '/api/Live/getMyRoom', {}, applicant.token)).is_live, { timeout: 30_000 }).toBe(1);
    } finally {
      encoder.kill('SIGKILL');
    }
  }

  await page.getByTestId('console-menu-audit').click();
  await expect(page.getByTestId('audit-row').first()).toContainText('anchor.approve');

  // A viewer reports the new anchor's room from the room page; it reaches the console's reports queue, and one click dismisses it.
  const fan = await registerByApi(request);
  const fanContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await signInContext(fanContext, baseURL!, fan.token);
  const fanPage = await fanContext.newPage();
  await fanPage.goto(`/live?id=${applicant.id}`);
  await fanPage.getByTestId('report-room').click();
  await fanPage.getByTestId('report-room-illegal').click();
  await expect(fanPage.getByText('Thank you, the moderators will look at it').first()).toBeVisible();
  await fanContext.close();

  await page.getByTestId('console-menu-reports').click();
  const group = page.getByTestId('report-row').filter({ hasText: `#${applicant.id}` });
  await group.click();
  await expect(page.getByTestId('report-detail')).toContainText(applicant.nickname);
  await page.getByTestId('dismiss').click();
  await expect(group).toHaveCount(0);
});

test('the console pages in zh, en and es at 1280 px (screenshots under test-results)', async ({ browser, request, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const admin = await adminToken(request);
  // Something in the queues: an application waiting and a post reported by two people.
  const [writer, a, b] = [await registerByApi(request), await registerByApi(request), await registerByApi(request)];
  await api(
    request,
    'POST',
    '/api/Member/verified',
    { real_name: 'Marta Ruiz', id_number: 'E2E246810', live_type: 1, experience: 'Two seasons of LaLiga watch-alongs', contact: writer.email, introduction: 'Tactics at half-time', agreement: true },
    writer.token,
  );
  const post = await api(request, 'POST', '/anchor_dynamics_user/insert', { content: 'Cheap followers at spam-example dot test, 90% off today only!' }, writer.token);
  await api(request, 'POST', '/anchor_dynamics_user/report', { type: 'post', id: post.id, reason: 'spam', detail: 'advertising' }, a.token);
  await api(request, 'POST', '/anchor_dynamics_user/report', { type: 'post', id: post.id, reason: 'abuse', detail: '' }, b.token);
  for (const lang of ['zh', 'en', 'es'] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await signInContext(context, baseURL!, admin);
    await context.addInitScript((l) => localStorage.setItem('language', l), lang);
    const page = await context.newPage();
    for (const p of PAGES) {
      await page.goto(p ? `/admin/${p}` : '/admin');
      await expect(page.getByTestId('console')).toBeVisible();
      await expect(page.locator('.cs-page')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : lang);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: testInfo.outputPath(`console-${p || 'dashboard'}-${lang}.png`) });
    }
    await context.close();
  }
});
