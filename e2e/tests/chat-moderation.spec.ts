import { expect, test } from '../support/test';
import { E2E_ADMIN } from '../support/global-setup.ts';
import { api, captchaTicket, registerByApi, signInContext } from '../support/session.ts';

// Moderation as an anchor does it from the chat: a viewer's name opens a menu; mute stops their
// messages (they see until when), kick takes them out of the room's chat at once. A private
// message reaches the anchor's Messages tab. A viewer can hide another's messages for themself.

test('an anchor mutes and kicks a viewer from the chat; private messages and hiding work', async ({ browser, request, baseURL }) => {
  const anchor = await registerByApi(request);
  await api(
    request,
    'POST',
    '/api/Member/verified',
    { real_name: 'E2E Anchor', id_number: 'E2E654321', live_type: 1, experience: 'Weekly matches', contact: anchor.email, introduction: 'Football talk', agreement: true },
    anchor.token,
  );
  const admin = await api(request, 'POST', '/api/user/login', { mobile: E2E_ADMIN.email, password: E2E_ADMIN.password, device_type: 'pc', ticket: await captchaTicket(request) });
  const pending = await api(request, 'GET', '/api/admin/anchorApplications', { status: '0', limit: '50' }, admin.token);
  const application = pending.list.find((x: { uid: number }) => x.uid === anchor.id);
  await api(request, 'POST', '/api/admin/reviewAnchor', { id: application.id, status: 2, reason: '' }, admin.token);
  const viewer = await registerByApi(request);
  const other = await registerByApi(request);

  const open = async (token: string, locale = 'en-US') => {
    const ctx = await browser.newContext({ locale });
    await signInContext(ctx, baseURL!, token);
    const page = await ctx.newPage();
    await page.goto(`/live?id=${anchor.id}`);
    await expect(page.getByTestId('chat-panel')).toHaveAttribute('data-status', 'online');
    return page;
  };
  const say = async (page: Awaited<ReturnType<typeof open>>, text: string) => {
    await page.getByTestId('chat-input').fill(text);
    await page.getByTestId('chat-input').press('Enter');
  };
  const host = await open(anchor.token);
  const fan = await open(viewer.token);
  const third = await open(other.token);

  await say(fan, 'Is the stream starting soon?');
  const line = host.getByTestId('chat-message').filter({ hasText: 'Is the stream starting soon?' });
  await expect(line).toHaveCount(1);

  // The third viewer opens the fan's name menu: no moderation entries for a viewer; they hide the
  // fan's messages (their own filter), and the line goes from their list only.
  await third.getByTestId('chat-message').filter({ hasText: 'Is the stream starting soon?' }).getByTestId('chat-nick').click();
  await expect(third.getByTestId('menu-block')).toBeVisible();
  await expect(third.getByTestId('menu-mute-10')).toHaveCount(0);
  await third.getByTestId('menu-block').click();
  await expect(third.getByTestId('chat-message').filter({ hasText: 'Is the stream starting soon?' })).toHaveCount(0);
  await expect(host.getByTestId('chat-message').filter({ hasText: 'Is the stream starting soon?' })).toHaveCount(1);

  // Mute for 10 minutes from the name menu: the room sees a notice, the fan's next message is refused.
  await line.getByTestId('chat-nick').click();
  await host.getByTestId('menu-mute-10').click();
  await expect(host.getByTestId('chat-notice').filter({ hasText: `muted ${viewer.nickname} for 10 minutes` })).toHaveCount(1);
  await expect(fan.getByTestId('chat-notice').filter({ hasText: viewer.nickname })).toHaveCount(1);
  await say(fan, 'why was I muted');
  await expect(fan.getByTestId('chat-muted')).toContainText('You are muted in this room until');
  await expect(host.getByTestId('chat-message').filter({ hasText: 'why was I muted' })).toHaveCount(0);

  // A private message from the fan reaches the anchor's Messages tab.
  await fan.getByTestId('direct-tab').click();
  await fan.getByRole('button', { name: `Write to ${anchor.nickname}` }).click();
  await fan.getByTestId('direct-input').fill('Sorry, can you unmute me?');
  await fan.getByTestId('direct-send').click();
  await expect(fan.getByTestId('direct-message')).toHaveText(['Sorry, can you unmute me?']);
  await expect(host.getByTestId('direct-unread')).toHaveText('1');
  await host.getByTestId('direct-tab').click();
  await host.getByTestId('direct-convo').filter({ hasText: viewer.nickname }).click();
  await expect(host.getByTestId('direct-message')).toHaveText(['Sorry, can you unmute me?']);
  await host.getByTestId('direct-input').fill('No spoilers please');
  await host.getByTestId('direct-send').click();
  // The fan has the thread open: the answer appears in it; back in the lists it sits under Anchor.
  await expect(fan.getByTestId('direct-message')).toHaveText(['Sorry, can you unmute me?', 'No spoilers please']);
  await fan.getByTestId('direct-thread').getByRole('button', { name: 'Back' }).click();
  await expect(fan.getByTestId('direct-list-anchor')).toHaveAttribute('aria-selected', 'true');
  await expect(fan.getByTestId('direct-convo')).toContainText('No spoilers please');
  await host.getByTestId('chat-tab').click();

  // Kick for an hour: the fan's chat closes at once and stays closed after a reload.
  await host.getByTestId('chat-message').filter({ hasText: 'Is the stream starting soon?' }).getByTestId('chat-nick').click();
  await host.getByTestId('menu-kick-60').click();
  await fan.getByTestId('chat-tab').click();
  await expect(fan.getByTestId('chat-kicked')).toContainText("You were removed from this room's chat until");
  await expect(fan.getByTestId('chat-input')).toHaveCount(0);
  await fan.reload();
  await expect(fan.getByTestId('chat-kicked')).toBeVisible();
  await host.screenshot({ path: `${process.env.E2E_OUTPUT ?? 'test-results'}/chat-moderation-anchor.png` });
  await fan.screenshot({ path: `${process.env.E2E_OUTPUT ?? 'test-results'}/chat-moderation-kicked.png` });

  // The moderation log holds both actions.
  const log = await api(request, 'GET', '/api/tenxun/getModLog', { room_id: String(anchor.id) }, anchor.token);
  expect(log.list.map((e: { action: string }) => e.action).slice(0, 2)).toEqual(['kick', 'mute']);
});
