import { expect, test } from '../support/test';
import type { ChildProcess } from 'node:child_process';
import { adminToken, anchorByApi, goLive, hasFfmpeg } from '../support/anchor.ts';
import { registerByApi, signInContext } from '../support/session.ts';

// In the room, the room stays: at 1280×800 the gift bar's Send is in view with the picture; a fan
// short of coins recharges in a dialog over the player (the checkout in its own window) and is
// back at the gift bar with the new balance, the page and the stream never left; following the
// anchor changes the follower count at once.

test('recharge over the live room, send a gift, follow: the stream keeps playing', async ({ browser, request, baseURL }) => {
  test.skip(!hasFfmpeg || !process.env.E2E_RTMP_PORT, 'needs ffmpeg and the e2e RTMP port');
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  const anchor = await anchorByApi(request, admin);
  const fan = await registerByApi(request);
  let encoder: ChildProcess | null = null;
  try {
    encoder = await goLive(request, anchor.token);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await signInContext(context, baseURL!, fan.token);
    const page = await context.newPage();
    await page.goto(`/live?id=${anchor.id}`);
    const video = page.getByTestId('live-video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.5);
    // The element is tagged: were the player torn down and rebuilt, the tag would be gone.
    await video.evaluate((v) => ((v as HTMLVideoElement & { tag?: string }).tag = 'same'));

    // Send is in view without scrolling the picture away.
    const bar = page.getByTestId('gift-panel');
    await expect(bar.getByTestId('gift-send')).toBeInViewport();
    await expect(page.getByTestId('live-player')).toBeInViewport({ ratio: 1 });

    // Following shows in the count at once (the room info is polled only every 20 s).
    await expect(page.getByTestId('room-followers')).toHaveText('0 followers');
    await page.getByTestId(`follow-1-${anchor.id}`).click();
    await expect(page.getByTestId('room-followers')).toHaveText('1 follower', { timeout: 3_000 });
    await page.getByTestId(`follow-1-${anchor.id}`).click();
    await expect(page.getByTestId('room-followers')).toHaveText('0 followers', { timeout: 3_000 });

    // No coins: the jersey (52) asks for a recharge, which opens over the room.
    await expect(bar.getByTestId('gift-balance')).toHaveText('0');
    await bar.getByTestId('gift-jersey').click();
    await bar.getByTestId('gift-recharge').click();
    const dialog = page.getByTestId('recharge-dialog');
    await expect(dialog).toBeVisible();
    // Each tile's big number is what arrives; the bonus is part of it, in the reader's money format.
    await expect(dialog.getByTestId('recharge-rule-4')).toContainText('2,000');
    await expect(dialog.getByTestId('recharge-split-4')).toHaveText('1,980 + 20 bonus');
    await expect(dialog.getByTestId('recharge-rule-1')).toContainText('CN¥6.00');
    await dialog.getByTestId('recharge-rule-1').click();
    const [checkout] = await Promise.all([page.waitForEvent('popup'), dialog.getByTestId('recharge-pay').click()]);
    await expect(dialog.getByTestId('recharge-waiting')).toBeVisible();
    await checkout.getByTestId('sandbox-pay').click();
    // The checkout window closes by itself once paid; the dialog closes with the new balance.
    await checkout.waitForEvent('close', { timeout: 20_000 });
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(bar.getByTestId('gift-balance')).toHaveText('60');
    expect(page.url()).toMatch(new RegExp(`/live\\?id=${anchor.id}$`));

    await bar.getByTestId('gift-send').click();
    await expect(bar.getByTestId('gift-balance')).toHaveText('8');

    // Same player all along, still playing.
    expect(await video.evaluate((v) => (v as HTMLVideoElement & { tag?: string }).tag)).toBe('same');
    const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(t0 + 0.5);
    await context.close();
  } finally {
    encoder?.kill('SIGKILL');
  }
});
