import { expect, test, type APIRequestContext } from '../support/test';
import { E2E_FEED_TOKEN } from '../support/global-setup.ts';

// Pop-ups a fan asked for (issue #52, item 7): a guest's home shows no goal pop-up for a match
// they do not follow while a goal is fed; the same goal pops up on that match's own page (the
// match on screen), and on the home once the fan follows one of its teams.

async function ingest(request: APIRequestContext, p: string, body: unknown) {
  const res = await request.post(p, { data: body, headers: { authorization: `Bearer ${E2E_FEED_TOKEN}` } });
  const json = await res.json();
  expect(json.code, json.msg).toBe(200);
  return json.data;
}

const settled = (page: import('@playwright/test').Page) => page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => r.name.includes('score-alerts')));

test('a guest’s home shows no pop-up for a match they do not follow; its own page and a followed team do', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const t = `as${Date.now().toString(36)}`;
  const [id] = (
    await ingest(request, 'api/feed/matches', {
      matches: [
        {
          key: `${t}-match`,
          sport: 'football',
          competition: { key: `${t}-cup`, name: { en: `Cup ${t}` }, priority: 0 },
          home: { key: `${t}-h`, name: { en: `Harbour ${t}` } },
          away: { key: `${t}-a`, name: { en: `Valley ${t}` } },
          kickoff: new Date(Date.now() - 20 * 60_000).toISOString(),
          status: 2,
          match_str: "20'",
        },
      ],
    })
  ).ids as number[];

  const context = await browser.newContext();
  const [home, centre] = [await context.newPage(), await context.newPage()];
  await home.goto('/');
  await centre.goto(`/score-live?id=${id}`);
  await expect(centre.getByTestId('detail-score')).toHaveText(/0\s*-\s*0/);
  await Promise.all([settled(home), settled(centre)]);
  await home.waitForTimeout(500);

  await ingest(request, 'api/feed/events', { match_id: id, events: [{ key: 'goal-1', kind: 'goal', side: 'home', minute: 23, player: 'Nova Striker' }] });
  // The match on screen pops up (so the goal did reach this browser) …
  await expect(centre.getByTestId('goal-alert').filter({ hasText: `Harbour ${t}` })).toBeVisible();
  // … the home of a guest who follows neither team does not.
  await home.waitForTimeout(1500);
  await expect(home.getByTestId('goal-alert')).toHaveCount(0);
  await home.screenshot({ path: test.info().outputPath('guest-home-no-popup.png') });

  // Following the home team on the match page brings its next goal to the home page.
  await centre.getByTestId('follow-home').click();
  await expect(centre.getByTestId('follow-home')).toHaveAttribute('aria-pressed', 'true');
  await home.reload();
  await settled(home);
  await home.waitForTimeout(1000);
  await ingest(request, 'api/feed/events', { match_id: id, events: [{ key: 'goal-2', kind: 'goal', side: 'home', minute: 30, player: 'Nova Striker' }] });
  await expect(home.getByTestId('goal-alert').filter({ hasText: `Harbour ${t}` })).toBeVisible();
  await context.close();
});
