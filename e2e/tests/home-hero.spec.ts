import { expect, test } from '../support/test';
import type { ChildProcess } from 'node:child_process';
import { adminToken, anchorByApi, goLive, hasFfmpeg } from '../support/anchor.ts';
import { api } from '../support/session.ts';

// The home hero plays the most watched live room, muted, with a click to unmute or open the room;
// when that room ends the next live room takes its place, and only with nothing live does it say
// "No live stream right now".

test('the home hero plays a live room, moves on when it ends, and says so only when nothing is live', async ({ page, request }) => {
  test.skip(!hasFfmpeg || !process.env.E2E_RTMP_PORT, 'needs ffmpeg and the e2e RTMP port');
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  const a = await anchorByApi(request, admin);
  const b = await anchorByApi(request, admin, 2);
  const encoders = new Map<number, ChildProcess>();
  try {
    encoders.set(a.id, await goLive(request, a.token));
    encoders.set(b.id, await goLive(request, b.token));
    await expect
      .poll(async () => (await api(request, 'GET', '/api/Live_streaming/getLiveList', { type: '0', page: '1', limit: '20' })).list.filter((r: { room_id: number }) => encoders.has(r.room_id)).length, {
        timeout: 20_000,
      })
      .toBe(2);

    await page.goto('/main');
    const screen = page.getByTestId('hero-screen');
    await expect(screen).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('hero-no-live')).toHaveCount(0);
    // Playing, muted: the picture's clock moves.
    const video = page.getByTestId('hero-video');
    await expect(video).toHaveAttribute('data-playing', 'true', { timeout: 20_000 });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(1);
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await page.getByTestId('hero-unmute').click();
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);

    // The room on screen ends: the other one takes over without a reload.
    const first = Number(await screen.getAttribute('data-room'));
    const other = first === a.id ? b : a;
    encoders.get(first)!.kill('SIGKILL');
    await expect(screen).toHaveAttribute('data-room', String(other.id), { timeout: 30_000 });
    await expect(video).toHaveAttribute('data-playing', 'true', { timeout: 20_000 });

    // Clicking the picture opens that room.
    await page.getByTestId('hero-video').click();
    await expect(page).toHaveURL(new RegExp(`/live\\?id=${other.id}$`));
    await expect(page.getByTestId('room-title')).toBeVisible();

    // Nothing live any more (no other journey leaves a stream running): the hero says so.
    encoders.get(other.id)!.kill('SIGKILL');
    await api(request, 'GET', '/api/Live/endRoom', {}, other.token);
    await page.goto('/main');
    await expect(page.getByTestId('hero-no-live')).toContainText('No live stream right now', { timeout: 30_000 });
  } finally {
    for (const e of encoders.values()) e.kill('SIGKILL');
  }
});
