import { expect, test } from '../support/test';
import { E2E_FEED_TOKEN } from '../support/global-setup.ts';

// Search finds the sport (issue #52, item 6): "Madrid" lists the team and its matches, and the
// team is found by its Spanish name without the accent, on the desktop and on /m.

test('search "Madrid" lists the team and its matches; "atletico" finds Atlético', async ({ page, request }) => {
  const t = `ss${Date.now().toString(36)}`;
  const res = await request.post('api/feed/matches', {
    headers: { authorization: `Bearer ${E2E_FEED_TOKEN}` },
    data: {
      matches: [
        {
          key: `${t}-derby`,
          sport: 'football',
          competition: { key: `${t}-liga`, name: { en: `La Liga ${t}`, zh: `西甲${t}`, es: `LaLiga ${t}` }, priority: 10 },
          home: { key: `${t}-rma`, name: { en: `Real Madrid ${t}`, zh: `皇家马德里${t}`, es: `Real Madrid ${t}` } },
          away: { key: `${t}-atm`, name: { en: `Atletico Madrid ${t}`, zh: `马德里竞技${t}`, es: `Atlético de Madrid ${t}` } },
          kickoff: new Date(Date.now() + 3_600_000).toISOString(),
        },
      ],
    },
  });
  const json = await res.json();
  expect(json.code, json.msg).toBe(200);
  const [id] = json.data.ids as number[];

  await page.goto(`/search?name=${encodeURIComponent(`Madrid ${t}`)}`);
  await expect(page.getByTestId('search-teams')).toContainText(`Real Madrid ${t}`);
  const match = page.getByTestId(`search-match-${id}`);
  await expect(match).toContainText(`Real Madrid ${t}`);
  await expect(match).toContainText(`Atletico Madrid ${t}`);
  await page.screenshot({ path: test.info().outputPath('search-madrid.png') });
  await match.click();
  await expect(page).toHaveURL(new RegExp(`/score-live\\?id=${id}$`));

  await page.goto(`/m/search?name=${encodeURIComponent(`atletico ${t}`)}`);
  await expect(page.getByTestId('search-teams')).toContainText(`Atletico Madrid ${t}`);
  await expect(page.getByTestId(`search-match-${id}`)).toBeVisible();
});
