import { expect, test, type APIRequestContext } from '../support/test';
import { E2E_FEED_TOKEN } from '../support/global-setup.ts';

// A provider pushes a goal through the authenticated ingest; two open browsers — the /football
// list and the match's /score-live page — show the goal pop-up and the new score without reload.

// The e2e server is started with a known feed token (support/global-setup.ts).
const feedToken = () => E2E_FEED_TOKEN;

async function ingest(request: APIRequestContext, p: string, body: unknown) {
  const res = await request.post(p, { data: body, headers: { authorization: `Bearer ${feedToken()}` } });
  const json = await res.json();
  expect(json.code, json.msg).toBe(200);
  return json.data;
}

test('a goal pushed through the ingest pops up and moves the score on /football and /score-live', async ({ browser, request }) => {
  const t = `e2e${Date.now().toString(36)}`;
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

  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  // The list's fan chose pop-ups for every match (by default only the ones they follow or watch:
  // alert-scope.spec.ts); the match centre gets its own match's pop-ups anyway.
  await contexts[0].addInitScript(() => localStorage.setItem('goalAlerts', 'all'));
  const [list, centre] = await Promise.all(contexts.map((c) => c.newPage()));
  await list.goto('/football?tab=live');
  await centre.goto(`/score-live?id=${id}`);
  const row = list.locator(`[data-testid="match-row"][data-match-id="${id}"]`);
  await expect(row.getByTestId('match-score')).toHaveText(/0\s*-\s*0/);
  await expect(centre.getByTestId('detail-score')).toHaveText(/0\s*-\s*0/);
  // Both tabs hold their score connection (the list shows its state).
  await expect(list.getByTestId('score-connection')).toHaveClass(/conn--on/);
  // Marks that vanish on a reload.
  for (const p of [list, centre]) await p.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  // Give the second tab's connection time to register (its alerts mount after the page settles).
  await centre.waitForFunction(() => performance.getEntriesByType('resource').some((r) => r.name.includes('score-alerts')));
  await centre.waitForTimeout(500);

  await ingest(request, 'api/feed/events', { match_id: id, events: [{ key: 'goal-1', kind: 'goal', side: 'home', minute: 23, player: 'Nova Striker' }] });

  for (const p of [list, centre]) {
    const alert = p.getByTestId('goal-alert').filter({ hasText: `Harbour ${t}` });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(`Valley ${t}`);
    await expect(alert).toContainText("23'");
    await expect(alert).toContainText(/1\s*-\s*0/);
    await expect(alert).toContainText('Nova Striker');
    expect(await p.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  }
  await expect(row.getByTestId('match-score')).toHaveText(/1\s*-\s*0/);
  await expect(centre.getByTestId('detail-score')).toHaveText(/1\s*-\s*0/);
  // The match centre brings the event into its timeline too.
  await expect(centre.getByTestId('timeline')).toContainText('Nova Striker');

  // The pop-up closes on request.
  const alert = list.getByTestId('goal-alert').filter({ hasText: `Harbour ${t}` });
  await alert.getByRole('button', { name: 'Close alert' }).click();
  await expect(alert).toHaveCount(0);

  // Opened afresh after the goal, the list and the match page read the server's cached answers:
  // they show the new score, never the old one (the lists took the goal in memory, issue #14).
  await Promise.all([list.reload(), centre.reload()]);
  await expect(row.getByTestId('match-score')).toHaveText(/1\s*-\s*0/);
  await expect(centre.getByTestId('detail-score')).toHaveText(/1\s*-\s*0/);
  await Promise.all(contexts.map((c) => c.close()));
});
