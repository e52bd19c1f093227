import { expect, test, type APIRequestContext } from '../support/test';
import { E2E_ADMIN } from '../support/global-setup.ts';
import { api, captchaTicket, registerByApi, signInContext } from '../support/session.ts';

// Room management and horns across browsers: an approved anchor sets its room's keyword filter
// (kept after a reload, a viewer's message with a blocked word is refused and logged in words);
// a viewer who recharged sends a horn from that room (100 coins, balance shown after) and a guest
// watching another room sees the banner with a link back to it.

async function makeAnchor(request: APIRequestContext, anchor: { token: string; email: string; id: number }) {
  await api(
    request,
    'POST',
    '/api/Member/verified',
    { real_name: 'E2E Anchor', id_number: 'E2E123456', live_type: 1, experience: 'Weekly matches', contact: anchor.email, introduction: 'Football talk', agreement: true },
    anchor.token,
  );
  const admin = await api(request, 'POST', '/api/user/login', { mobile: E2E_ADMIN.email, password: E2E_ADMIN.password, device_type: 'pc', ticket: await captchaTicket(request) });
  const pending = await api(request, 'GET', '/api/admin/anchorApplications', { status: '0', limit: '50' }, admin.token);
  const application = pending.list.find((a: { uid: number }) => a.uid === anchor.id);
  await api(request, 'POST', '/api/admin/reviewAnchor', { id: application.id, status: 2, reason: '' }, admin.token);
}

/** Recharges through the sandbox checkout, as its pay button does (rule 3: 680 coins). */
async function recharge(request: APIRequestContext, token: string) {
  const order = await api(request, 'GET', '/api/chargerules/payUrl', { id: '3' }, token);
  const res = await request.post(order.pay_url, { form: { action: 'pay' }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  await expect.poll(async () => (await api(request, 'GET', '/api/chargerules/getOrder', { order_no: order.order_no }, token)).status).toBe('paid');
}

test('the anchor manages keywords; a viewer sends a horn that a guest in another room sees', async ({ browser, request, baseURL }) => {
  // Three accounts through the captcha, a recharge and the banner's 12 s on screen.
  test.setTimeout(120_000);
  const anchor = await registerByApi(request);
  const viewer = await registerByApi(request);
  await makeAnchor(request, anchor);
  await recharge(request, viewer.token);

  // 1. The anchor opens its own room and sets the keyword filter.
  const a = await browser.newContext();
  await signInContext(a, baseURL!, anchor.token);
  const studio = await a.newPage();
  await studio.goto(`/live?id=${anchor.id}`);
  await studio.getByRole('button', { name: 'Room management' }).click();
  let dialog = studio.getByTestId('manage-room-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Nobody is muted or kicked in this room.')).toBeVisible();
  await dialog.getByRole('tab', { name: 'Keywords' }).click();
  const area = dialog.getByTestId('manage-keywords-input');
  await expect(area).toHaveValue('');
  await area.fill('Spoiler\n\nscam\n' + 'x'.repeat(21));
  await expect(dialog.getByText('Each keyword must be 1 to 20 characters')).toBeVisible();
  await expect(dialog.getByTestId('manage-keywords-save')).toBeDisabled();
  await area.fill('Spoiler\n\nscam');
  await expect(dialog.getByTestId('manage-keyword')).toHaveCount(2);
  await dialog.getByTestId('manage-keywords-save').click();
  await expect(dialog.getByText('Keywords saved')).toBeVisible();
  await studio.screenshot({ path: `${process.env.E2E_OUTPUT ?? 'test-results'}/chat-manage-keywords.png` });

  // 2. After a reload the words are still there (as the server keeps them: lower-cased, sorted).
  await studio.reload();
  await studio.getByRole('button', { name: 'Room management' }).click();
  dialog = studio.getByTestId('manage-room-dialog');
  await dialog.getByRole('tab', { name: 'Keywords' }).click();
  await expect(dialog.getByTestId('manage-keywords-input')).toHaveValue('scam\nspoiler');

  // 3. A message with a blocked word is refused, and the log says so in words.
  const refused = await api(request, 'POST', '/api/Barrage/send', { room_id: anchor.id, text: 'No SPOILER please' }, viewer.token).then(
    () => '',
    (e: Error) => e.message,
  );
  expect(refused).toContain('Your message contains a word blocked in this room');

  // 4. A viewer muted for 10 minutes (from the name menu; here through the API) is listed with the
  // end time and lifted from the dialog.
  await api(request, 'POST', '/api/tenxun/muteMember', { room_id: anchor.id, user_id: viewer.id, minutes: 10 }, anchor.token);
  await dialog.getByRole('tab', { name: 'Muted & kicked' }).click();
  const row = dialog.getByTestId('manage-sanction').filter({ hasText: viewer.nickname });
  await expect(row).toContainText('Muted');
  await expect(row).toContainText('until');
  await studio.setViewportSize({ width: 800, height: 900 });
  await studio.screenshot({ path: `${process.env.E2E_OUTPUT ?? 'test-results'}/chat-manage-sanctions-800.png` });
  await studio.setViewportSize({ width: 1280, height: 720 });
  await row.getByRole('button', { name: `Lift the mute of ${viewer.nickname}` }).click();
  await expect(dialog.getByText('Nobody is muted or kicked in this room.')).toBeVisible();
  expect((await api(request, 'GET', '/api/tenxun/getMyRole', { room_id: String(anchor.id) }, viewer.token)).muted_until).toBeNull();

  await dialog.getByRole('tab', { name: 'Log' }).click();
  const log = dialog.getByTestId('manage-log-row');
  await expect(log.nth(0)).toContainText(`${anchor.nickname} lifted the mute of ${viewer.nickname}`);
  await expect(log.nth(1)).toContainText(`${anchor.nickname} muted ${viewer.nickname} for 10 min`);
  await expect(log.filter({ hasText: `Message from ${viewer.nickname} blocked: word “spoiler”` })).toHaveCount(1);
  await expect(log.filter({ hasText: `${anchor.nickname} updated the keyword filter (2 words)` })).toHaveCount(1);
  await studio.screenshot({ path: `${process.env.E2E_OUTPUT ?? 'test-results'}/chat-manage-log.png` });

  // 5. A guest watches another room, with the chat connected (horns arrive on its socket).
  const rooms = await api<{ list: { uid: number }[] }>(request, 'GET', '/api/Live/getRoomList', { type: '0', page: '1', limit: '20' });
  const other = rooms.list.find((r) => r.uid !== anchor.id)!;
  const g = await browser.newContext();
  const guest = await g.newPage();
  await guest.goto(`/live?id=${other.uid}`);
  await expect(guest.getByTestId('chat-panel')).toHaveAttribute('data-status', 'online', { timeout: 20_000 });
  await expect(guest.getByTestId('horn-banner')).toHaveCount(0);

  // 6. The viewer sees no management button in the anchor's room, and sends a horn from it.
  const v = await browser.newContext();
  await signInContext(v, baseURL!, viewer.token);
  const fan = await v.newPage();
  await fan.goto(`/live?id=${anchor.id}`);
  await expect(fan.getByTestId('chat-panel')).toHaveAttribute('data-status', 'online', { timeout: 20_000 });
  await expect(fan.getByRole('button', { name: 'Room management' })).toHaveCount(0);
  await fan.getByTestId('horn-open').click();
  const horn = fan.getByTestId('horn-dialog');
  await expect(horn.getByTestId('horn-cost')).toContainText('100 coins');
  await expect(horn.getByTestId('horn-cost')).toContainText('Balance: 680 coins');
  const text = `Derby in room ${anchor.id} ${Date.now() % 10_000}`;
  await horn.getByTestId('horn-input').fill(text);
  await expect(horn.getByTestId('horn-count')).toHaveText(`${[...text].length}/50`);
  await horn.getByTestId('horn-send').click();
  await expect(horn.getByTestId('horn-sent')).toHaveText('Horn sent. Balance: 580 coins');
  await expect(horn.getByTestId('horn-recent')).toContainText(text);
  await fan.screenshot({ path: `${process.env.E2E_OUTPUT ?? 'test-results'}/chat-horn-dialog.png` });

  // 7. The guest in the other room sees the banner, with a link to the viewer's room.
  const banner = guest.getByTestId('horn-banner');
  await expect(banner).toContainText(text);
  await expect(banner).toContainText(viewer.nickname);
  await expect(banner.getByRole('link', { name: 'Go to room' })).toHaveAttribute('href', `/live?id=${anchor.id}`);
  await guest.screenshot({ path: `${process.env.E2E_OUTPUT ?? 'test-results'}/chat-horn-banner.png` });
  // It goes away by itself after about 12 s.
  await expect(banner).toHaveCount(0, { timeout: 20_000 });

  await a.close();
  await g.close();
  await v.close();
});
