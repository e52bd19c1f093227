import { expect, test, type Page } from '../support/test';
import { adminToken, anchorByApi } from '../support/anchor.ts';
import { registerByApi, signInContext } from '../support/session.ts';

// Every send ends visibly (issue #50 item 1): a line typed the moment the room opens — before the
// chat socket has even connected — waits and goes once it can, and is shown; a burst of lines gets
// each one shown or refused with the reason (too fast, with the seconds to wait) while the refused
// text stays in the input. Desktop and the phone's room.

const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

for (const where of ['desktop', 'mobile'] as const) {
  test(`${where}: the first line, typed in the page's first second, is sent once the chat connects and shown`, async ({ browser, request, baseURL }) => {
    test.setTimeout(120_000);
    const anchor = await anchorByApi(request, await adminToken(request));
    const fan = await registerByApi(request);
    const ctx = await browser.newContext(where === 'mobile' ? phone : {});
    await signInContext(ctx, baseURL!, fan.token);
    const page = await ctx.newPage();
    // The chat's credential comes 3 s late, as on a loaded machine: the line is typed while the
    // chat is still connecting (before, Send was refused then and the line never went).
    await page.route('**/api/Member/imSign*', async (route) => {
      await new Promise((r) => setTimeout(r, 3_000));
      await route.continue();
    });
    await page.goto(where === 'mobile' ? `/m/live?id=${anchor.id}` : `/live?id=${anchor.id}`);
    const chat = page.getByTestId('chat-panel');
    const input = chat.getByTestId('chat-input');
    await input.waitFor();
    const text = `first ${Date.now().toString(36)}`;
    await input.fill(text);
    await input.press('Enter');
    // It waits, visibly, with the text still in the input…
    await expect(chat).not.toHaveAttribute('data-status', 'online');
    await expect(chat.getByTestId('chat-sending')).toHaveText(/as soon as it is connected/);
    await expect(input).toHaveValue(text);
    // …and is sent and shown once the chat is in the room.
    await expect(chat.getByTestId('chat-message').filter({ hasText: text })).toHaveCount(1, { timeout: 45_000 });
    await expect(input).toHaveValue('');
    await expect(chat.getByTestId('chat-send-error')).toHaveCount(0);
    await ctx.close();
  });
}

/** Sends what is in the input and waits for its outcome: shown (input cleared) or refused (a message). */
async function sendLine(page: Page, text: string) {
  const chat = page.getByTestId('chat-panel');
  const input = chat.getByTestId('chat-input');
  await input.fill(text);
  await input.press('Enter');
}

test('a burst: the second line within a second is refused as too fast with the seconds to wait, its text kept; sent again later it is shown', async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const anchor = await anchorByApi(request, await adminToken(request));
  const fan = await registerByApi(request);
  const ctx = await browser.newContext();
  await signInContext(ctx, baseURL!, fan.token);
  const page = await ctx.newPage();
  await page.goto(`/live?id=${anchor.id}`);
  const chat = page.getByTestId('chat-panel');
  await expect(chat).toHaveAttribute('data-status', 'online', { timeout: 45_000 });
  const input = chat.getByTestId('chat-input');

  const first = `burst one ${Date.now().toString(36)}`;
  const second = `burst two ${Date.now().toString(36)}`;
  await sendLine(page, first);
  // The second goes as soon as the first is answered (well within the site's 1 s gap).
  await expect(input).toHaveValue('');
  await sendLine(page, second);
  await expect(chat.getByTestId('chat-message').filter({ hasText: first })).toHaveCount(1);
  const refusal = chat.getByTestId('chat-send-error');
  await expect(refusal).toHaveText(/Too fast|wait \d+ s/i);
  await expect(input).toHaveValue(second);
  await expect(chat.getByTestId('chat-message').filter({ hasText: second })).toHaveCount(0);

  // Sent again after the wait, it is shown.
  await page.waitForTimeout(1_100);
  await input.press('Enter');
  await expect(chat.getByTestId('chat-message').filter({ hasText: second })).toHaveCount(1);
  await expect(input).toHaveValue('');
  await ctx.close();
});

test('a failed poll of the room (a starved server) does not take the chat away: the typed text stays and the line is shown', async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const anchor = await anchorByApi(request, await adminToken(request));
  const fan = await registerByApi(request);
  const ctx = await browser.newContext();
  await signInContext(ctx, baseURL!, fan.token);
  const page = await ctx.newPage();
  await page.goto(`/live?id=${anchor.id}`);
  const chat = page.getByTestId('chat-panel');
  await expect(chat).toHaveAttribute('data-status', 'online', { timeout: 45_000 });
  const input = chat.getByTestId('chat-input');
  const text = `while the poll fails ${Date.now().toString(36)}`;
  await input.fill(text);
  // The room is polled every few seconds (an offline room every 4 s); one poll fails, as on a
  // starved machine. Before, the page then showed "room not found" for a poll's time: the chat went
  // away with the typed text and any line on its way.
  let failed = 0;
  await page.route('**/api/Live_streaming/getRoomInfo*', async (route) => {
    if (failed++ === 0) return route.fulfill({ status: 503, body: 'busy' });
    return route.continue();
  });
  await expect.poll(() => failed, { timeout: 15_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  // Checked once, not waited for: the room (and its chat) never left.
  expect(await page.getByTestId('live-room').count()).toBe(1);
  expect(await chat.count()).toBe(1);
  await expect(input).toHaveValue(text);
  await input.press('Enter');
  await expect(chat.getByTestId('chat-message').filter({ hasText: text })).toHaveCount(1);
  await expect(input).toHaveValue('');
  await ctx.close();
});
