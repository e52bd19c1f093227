import { expect, test, type APIRequestContext } from '../support/test';
import { E2E_FEED_TOKEN } from '../support/global-setup.ts';

// Issue #19 item 13: a fan opens a match, reads the head-to-head and both sides' last five,
// clicks a team and lands on its page with its results and table; a phone does the same on /m.

const DAY = 86_400_000;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function ingest(request: APIRequestContext, body: unknown) {
  const res = await request.post('api/feed/matches', { data: body, headers: { authorization: `Bearer ${E2E_FEED_TOKEN}` } });
  const json = await res.json();
  expect(json.code, json.msg).toBe(200);
  return json.data.ids as number[];
}

/** Harbour and Valley met twice (2-1, 0-0); Harbour lost to Ridge; they meet again in an hour. */
async function world(request: APIRequestContext) {
  const t = `h${Date.now().toString(36)}`;
  const league = { key: `${t}-league`, name: { en: `League ${t}` }, priority: 5 };
  const H = { key: `${t}-h`, name: { en: `Harbour ${t}` } };
  const V = { key: `${t}-v`, name: { en: `Valley ${t}` } };
  const R = { key: `${t}-r`, name: { en: `Ridge ${t}` } };
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  const m = (key: string, home: typeof H, away: typeof H, over: Record<string, unknown>) => ({ key: `${t}-${key}`, sport: 'football', competition: league, season: '2030', home, away, ...over });
  const ids = await ingest(request, {
    matches: [
      m('m1', H, V, { kickoff: at(-9 * DAY), status: 8, score: [2, 1] }),
      m('m2', V, H, { kickoff: at(-6 * DAY), status: 8, score: [0, 0] }),
      m('m3', H, R, { kickoff: at(-3 * DAY), status: 8, score: [0, 3] }),
      m('next', H, V, { kickoff: at(3_600_000) }),
    ],
  });
  return { t, next: ids[3] };
}

test('a match page shows head-to-head and form; a team name opens the team page with results and standings', async ({ page, request }) => {
  const { t, next } = await world(request);
  await page.goto(`/score-live?id=${next}`);
  const board = page.getByTestId('scoreboard');
  // The first page of a fresh server may wait on its first replay tick.
  await expect(board.getByTestId('detail-home')).toHaveText(`Harbour ${t}`, { timeout: 30_000 });
  // Last five under each team on the scoreboard: Harbour (oldest first) W D L, Valley L D.
  await expect(board.getByTestId('form-home').locator('[data-result]')).toHaveText(['W2-1', 'D0-0', 'L0-3']);
  await expect(board.getByTestId('form-away').locator('[data-result]')).toHaveText(['L1-2', 'D0-0']);

  await page.getByRole('button', { name: 'H2H', exact: true }).click();
  const h2h = page.getByTestId('head-to-head');
  await expect(h2h.getByTestId('h2h-home-wins')).toHaveText('1');
  await expect(h2h.getByTestId('h2h-draws')).toHaveText('1');
  await expect(h2h.getByTestId('h2h-away-wins')).toHaveText('0');
  await expect(h2h.getByTestId('h2h-summary')).toContainText('2 meetings · goals 2 : 1');
  await expect(h2h.getByTestId('h2h-meetings').getByTestId('cm-score')).toHaveText(['0 - 0', '2 - 1']);
  await expect(h2h.getByTestId('h2h-form-home').getByTestId('cm-row')).toHaveCount(3);

  // Valley's name opens its page.
  await h2h.getByTestId('h2h-team-away').click();
  await expect(page).toHaveURL(/\/team\?id=\d+$/);
  const team = page.getByTestId('team-page');
  await expect(team.getByTestId('team-name')).toHaveText(`Valley ${t}`);
  await expect(team.getByTestId('team-record')).toContainText('2 played · 0 W · 1 D · 1 L');
  await expect(team.getByTestId('team-fixtures').getByTestId('cm-row')).toHaveCount(1);
  await expect(team.getByTestId('team-results').getByTestId('cm-score')).toHaveText(['0 - 0', '2 - 1']);
  const table = team.getByTestId('team-standings').getByTestId('standings');
  await expect(table.locator('tr.is-highlight')).toContainText(`Valley ${t}`);
  await expect(table.locator('tbody tr')).toHaveCount(3);

  // From the results, a match's team (Harbour) and back to a match.
  await team.getByTestId('team-results').getByTestId('cm-away').first().click();
  await expect(page.getByTestId('team-name')).toHaveText(`Harbour ${t}`);
  await expect(page.getByTestId('team-form').locator('[data-result]')).toHaveText(['W2-1', 'D0-0', 'L0-3']);
});

test('on a phone: the match page’s H2H tab and a team on /m/team', async ({ browser, request }) => {
  const { t, next } = await world(request);
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(`/m/score-live/${next}`);
  await page.getByRole('button', { name: 'H2H', exact: true }).click();
  await expect(page.getByTestId('h2h-summary')).toContainText('2 meetings');
  await page.getByTestId('team-link-home').click();
  await expect(page).toHaveURL(/\/m\/team\?id=\d+$/);
  await expect(page.getByTestId('team-name')).toHaveText(`Harbour ${t}`);
  await expect(page.getByTestId('team-results').getByTestId('cm-row')).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
