import { expect, type Page, test } from '../support/test';
import { E2E_ADMIN } from '../support/global-setup.ts';
import { api, captchaTicket, registerByApi, signInContext } from '../support/session.ts';

// A fan becomes an anchor, and every menu follows: a fan sees "Apply for anchor" and no studio,
// withdrawal or income; the application keeps its answers through a rejection and flags every
// missing field at once; each state reads in words; an approved anchor sees the studio instead.

const missing = [
  'Please enter your real name',
  'Please enter your ID number',
  'Please choose a live event type',
  'Please enter a contact method',
  'Please describe your streaming experience',
  'Please enter a personal introduction',
  'Please read and accept the streaming agreement',
];

async function expectMenus(page: Page, role: 'fan' | 'anchor') {
  await page.goto('/member?type=1');
  await expect(page.getByTestId('wallet-panel')).toBeVisible();
  const anchor = role === 'anchor';
  await expect(page.getByTestId('member-menu-7')).toHaveCount(anchor ? 0 : 1);
  await expect(page.getByTestId('member-menu-9')).toHaveCount(anchor ? 1 : 0);
  await expect(page.getByTestId('member-menu-4')).toHaveCount(anchor ? 1 : 0);
  await expect(page.getByTestId('wallet-income-card')).toHaveCount(anchor ? 1 : 0);
  await expect(page.getByTestId('wallet-tab-income')).toHaveCount(anchor ? 1 : 0);
  await expect(page.getByTestId('footer-apply-anchor')).toHaveText(anchor ? 'My studio' : 'Apply for anchor');
  await page.getByTestId('header-avatar').hover();
  const panel = page.getByTestId('user-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('user-apply-anchor')).toHaveCount(anchor ? 0 : 1);
  await expect(panel.getByTestId('user-broadcast-record')).toHaveCount(anchor ? 1 : 0);
  await page.mouse.move(0, 400);
}

test('menus follow the role; the anchor application keeps its answers and names its state', async ({ browser, request, baseURL }) => {
  const fan = await registerByApi(request);
  const context = await browser.newContext();
  await signInContext(context, baseURL!, fan.token);
  const page = await context.newPage();
  await expectMenus(page, 'fan');
  // An old withdrawal link takes a fan to the wallet.
  await page.goto('/member?type=4');
  await expect(page).toHaveURL(/type=1/);

  // An empty submit flags every missing field at once.
  await page.goto('/member?type=7');
  const form = page.getByTestId('apply-form');
  await form.getByTestId('apply-submit').click();
  await expect(form.getByRole('alert')).toHaveText(missing);
  await expect(form.getByTestId('apply-real-name')).toBeFocused();
  await form.getByTestId('apply-real-name').fill('Lucía Fernández');
  await form.getByTestId('apply-id-number').fill('X1234567Z');
  await form.getByTestId('apply-live-type').selectOption('2');
  await form.getByTestId('apply-experience').fill('Two seasons of ACB watch-alongs');
  await form.getByTestId('apply-contact').fill(fan.email);
  await form.getByTestId('apply-introduction').fill('Basketball analyst');
  await form.getByTestId('apply-agreement').check();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByTestId('apply-submit').click();
  await expect(page.getByTestId('apply-submitted')).toBeVisible();
  await expect(page.getByTestId('apply-state')).toHaveText('Application status: Submitted, waiting for an administrator');

  // The administrator decides by name, not by a number that is easy to swap.
  const admin = await api(request, 'POST', '/api/user/login', { mobile: E2E_ADMIN.email, password: E2E_ADMIN.password, device_type: 'pc', ticket: await captchaTicket(request) });
  const pending = await api(request, 'GET', '/api/admin/anchorApplications', { status: '0', limit: '50' }, admin.token);
  const application = pending.list.find((a: { uid: number }) => a.uid === fan.id);
  await api(request, 'POST', '/api/admin/reviewAnchor', { id: application.id, decision: 'review' }, admin.token);
  await page.reload();
  await expect(page.getByTestId('apply-state')).toHaveText('Application status: Under review');
  await api(request, 'POST', '/api/admin/reviewAnchor', { id: application.id, decision: 'reject', reason: 'Please describe a broadcast you made' }, admin.token);

  // Rejected: the form comes back with the earlier answers, to be corrected.
  await page.reload();
  await expect(page.getByTestId('apply-state')).toHaveText('Application status: Rejected: correct your answers below and send them again');
  await expect(page.getByTestId('apply-rejected')).toContainText('Please describe a broadcast you made');
  await expect(form.getByTestId('apply-real-name')).toHaveValue('Lucía Fernández');
  await expect(form.getByTestId('apply-id-number')).toHaveValue('X1234567Z');
  await expect(form.getByTestId('apply-live-type')).toHaveValue('2');
  await expect(form.getByTestId('apply-experience')).toHaveValue('Two seasons of ACB watch-alongs');
  await expect(form.getByTestId('apply-introduction')).toHaveValue('Basketball analyst');
  await form.getByTestId('apply-experience').fill('Two seasons of ACB watch-alongs, weekly on Sundays');
  await form.getByTestId('apply-agreement').check();
  await form.getByTestId('apply-submit').click();
  await expect(page.getByTestId('apply-submitted')).toBeVisible();

  const again = await api(request, 'GET', '/api/admin/anchorApplications', { status: '0', limit: '50' }, admin.token);
  const resent = again.list.find((a: { uid: number }) => a.uid === fan.id);
  expect(resent.experience).toBe('Two seasons of ACB watch-alongs, weekly on Sundays');
  await api(request, 'POST', '/api/admin/reviewAnchor', { id: resent.id, decision: 'approve' }, admin.token);
  await page.reload();
  await expect(page.getByTestId('apply-approved')).toBeVisible();
  await expect(page.getByTestId('apply-state')).toHaveText('Application status: Approved');

  await expectMenus(page, 'anchor');
  await context.close();
});
