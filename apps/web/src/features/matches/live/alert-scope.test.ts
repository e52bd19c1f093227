import { describe, expect, it } from 'vitest';
import { type AlertContext, alertDecision } from './alert-scope';

// Which goal and card pop-ups a fan gets (issue #52, item 7): by default only what they asked for.

const base: AlertContext = {
  scope: 'mine',
  reserved: new Set(),
  teams: [],
  onScreen: null,
  rows: { 1: { home_team_id: 10, away_team_id: 20 }, 2: { home_team_id: 30, away_team_id: 40 } },
  cards: true,
  game: { red: true, yellow: true, voice: true },
};
const goal = (match_id: number) => ({ type: 'goal' as const, match_id });

describe('alertDecision', () => {
  it('shows a guest nothing for a match they neither reserved, follow nor watch', () => {
    expect(alertDecision(goal(1), base)).toEqual({ show: false, whistle: false });
  });

  it('shows the match on screen, a reserved match and a followed team’s match, with the whistle', () => {
    expect(alertDecision(goal(1), { ...base, onScreen: 1 })).toEqual({ show: true, whistle: true });
    expect(alertDecision(goal(2), { ...base, onScreen: 1 }).show).toBe(false);
    expect(alertDecision(goal(2), { ...base, reserved: new Set([2]) }).show).toBe(true);
    expect(alertDecision(goal(1), { ...base, teams: [20] }).show).toBe(true);
    expect(alertDecision(goal(2), { ...base, teams: [20] }).show).toBe(false);
  });

  it('widens to every match, or silences them all', () => {
    expect(alertDecision(goal(2), { ...base, scope: 'all' })).toEqual({ show: true, whistle: true });
    expect(alertDecision(goal(1), { ...base, scope: 'none', onScreen: 1, teams: [10] })).toEqual({ show: false, whistle: false });
  });

  it('follows the spec settings: cards (value1), red and yellow, the whistle (voice)', () => {
    const all = { ...base, scope: 'all' as const };
    expect(alertDecision({ type: 'red_card', match_id: 1 }, all)).toEqual({ show: true, whistle: false });
    expect(alertDecision({ type: 'red_card', match_id: 1 }, { ...all, game: { ...all.game, red: false } }).show).toBe(false);
    expect(alertDecision({ type: 'yellow_card', match_id: 1 }, { ...all, game: { ...all.game, yellow: false } }).show).toBe(false);
    expect(alertDecision({ type: 'yellow_card', match_id: 1 }, { ...all, cards: false }).show).toBe(false);
    expect(alertDecision(goal(1), { ...all, cards: false })).toEqual({ show: true, whistle: true });
    expect(alertDecision(goal(1), { ...all, game: { ...all.game, voice: false } })).toEqual({ show: true, whistle: false });
  });
});
