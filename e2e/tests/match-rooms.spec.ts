import type { ChildProcess } from 'node:child_process';
import { expect, test } from '../support/test';
import { adminToken, anchorByApi, goLive, hasFfmpeg } from '../support/anchor.ts';
import { api, signInContext } from '../support/session.ts';

// A match leads to its rooms and back (issue #19 item 12): an anchor links the room to a live
// match in the studio and goes live; a fan finds "Watch live: 1 room" on the match list and on
// the match page, opens the room and sees the match's live score strip above the player.

test('an anchor links the room to a live match; fans reach it from the match and see its score strip', async ({ browser, request, baseURL }) => {
  test.skip(!hasFfmpeg || !process.env.E2E_RTMP_PORT, 'needs ffmpeg on PATH and the e2e RTMP port');
  test.setTimeout(150_000);
  const anchor = await anchorByApi(request, await adminToken(request));
  // A match in play now (the embedded replay always has some).
  const live = await api(request, 'POST', '/api/hot_match/all_match', { type: 1, status: 'live', limit: 50 });
  // The first half or half-time first: a match deep in the second half may end while the studio
  // loads, and a finished match leaves the studio's picker.
  const byStatus = (...s: number[]) => live.list.find((m: { status: number }) => s.includes(m.status));
  const match = byStatus(2, 3) ?? byStatus(4) ?? live.list[0];
  expect(match, 'a football match in play').toBeTruthy();

  // The studio: no match yet; pick football, the match, link.
  const studioCtx = await browser.newContext();
  await signInContext(studioCtx, baseURL!, anchor.token);
  const studio = await studioCtx.newPage();
  await studio.goto('/member?type=9');
  const card = studio.getByTestId('match-link');
  await expect(card.getByTestId('linked-match-none')).toBeVisible();
  await card.getByTestId('match-picker-sport').selectOption('1');
  await expect(card.getByTestId('match-picker-match').locator(`option[value="${match.id}"]`)).toHaveCount(1);
  await card.getByTestId('match-picker-match').selectOption(String(match.id));
  await card.getByTestId('link-match').click();
  await expect(card.getByTestId('linked-match')).toHaveAttribute('data-match-id', String(match.id));
  await expect(card.getByTestId('linked-match')).toContainText(match.home_team_name_en);
  await studioCtx.close();

  let encoder: ChildProcess | null = null;
  try {
    encoder = await goLive(request, anchor.token);
    await expect.poll(async () => (await api(request, 'GET', '/api/Live_streaming/getRoomInfo', { room_id: anchor.id })).live.is_live, { timeout: 30_000 }).toBe(1);

    // A guest on the football list: the match's row offers the room.
    const page = await browser.newPage();
    await page.goto('/football?tab=live');
    const row = page.locator(`[data-testid="match-row"][data-match-id="${match.id}"]`);
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row.getByTestId('watch-live')).toHaveAccessibleName('Watch live: 1 room');
    await row.getByTestId('watch-live').click();

    // The match page lists it; the room shows the match's score strip.
    await expect(page).toHaveURL(new RegExp(`/score-live\\?id=${match.id}#watch$`));
    const rooms = page.getByTestId('match-rooms');
    await expect(rooms).toContainText('Watch live: 1 room');
    await rooms.getByTestId(`room-card-${anchor.id}`).click();
    await expect(page).toHaveURL(new RegExp(`/live\\?id=${anchor.id}$`));
    const strip = page.getByTestId('room-match-strip');
    await expect(strip).toHaveAttribute('data-match-id', String(match.id));
    await expect(strip).toContainText(match.home_team_name_en);
    await expect(strip).toContainText(match.away_team_name_en);
    await expect(strip.getByTestId('room-match-score')).toHaveText(/^\d+ - \d+$/);
    // And back: the strip opens the match centre.
    await strip.click();
    await expect(page).toHaveURL(new RegExp(`/score-live\\?id=${match.id}$`));
    await expect(page.getByTestId('scoreboard').getByTestId('watch-live')).toHaveText('Watch live: 1 room');
    await page.close();
  } finally {
    encoder?.kill('SIGKILL');
  }
});
