import { create } from 'zustand';
import type { AlertFrame, MatchRow } from '@livesports/contracts/matches';
import { readJSON, readString, writeJSON, writeString } from '@/shared/lib/storage';

// Which goal and card pop-ups (and the whistle) a fan gets (issue #52, item 7). By default only
// the ones they asked for: matches they reserved, teams they follow and the match on screen — four
// pop-ups for matches nobody follows on a guest's first page tell them the site does not listen.
// A fan widens it to every match or silences it; the spec's settings still apply on top
// (`immediately.value1` cards shown at all, `gameSeting` red / yellow / voice).

/** `mine`: reserved matches, followed teams, the match on screen; `all`: every match; `none`: silent. */
export type AlertScope = 'mine' | 'all' | 'none';
export const ALERT_SCOPES: readonly AlertScope[] = ['mine', 'all', 'none'];

const SCOPE_KEY = 'goalAlerts';
const TEAMS_KEY = 'followTeams';

const readScope = (): AlertScope => {
  const v = readString(SCOPE_KEY);
  return ALERT_SCOPES.includes(v as AlertScope) ? (v as AlertScope) : 'mine';
};

interface ScopeState {
  scope: AlertScope;
  /** Teams followed on this device (team and match pages), kept locally like the other alert settings. */
  teams: number[];
  /** The match the page shows now (match centre), or null. */
  onScreen: number | null;
  setScope: (s: AlertScope) => void;
  toggleTeam: (id: number) => void;
  setOnScreen: (id: number | null) => void;
}

export const useAlertScope = create<ScopeState>((set, get) => ({
  scope: readScope(),
  teams: readJSON<number[]>(TEAMS_KEY, []).filter((n) => Number.isInteger(n)),
  onScreen: null,
  setScope: (scope) => {
    writeString(SCOPE_KEY, scope);
    set({ scope });
  },
  toggleTeam: (id) => {
    const cur = get().teams;
    const teams = cur.includes(id) ? cur.filter((t) => t !== id) : [...cur, id];
    writeJSON(TEAMS_KEY, teams);
    set({ teams });
  },
  setOnScreen: (onScreen) => set({ onScreen }),
}));

export interface AlertContext {
  scope: AlertScope;
  /** Match ids the signed-in user reserved (empty for a guest). */
  reserved: ReadonlySet<number>;
  teams: readonly number[];
  onScreen: number | null;
  /** The latest row of each match the socket pushed (for the alert's team ids). */
  rows: Record<number, Pick<MatchRow, 'home_team_id' | 'away_team_id'>>;
  /** immediately.value1: red and yellow cards shown at all. */
  cards: boolean;
  game: { red: boolean; yellow: boolean; voice: boolean };
}

/** Whether this alert pops up, and whether a goal plays the whistle. */
export function alertDecision(a: Pick<AlertFrame, 'type' | 'match_id'>, ctx: AlertContext): { show: boolean; whistle: boolean } {
  const no = { show: false, whistle: false };
  if (ctx.scope === 'none') return no;
  if (a.type !== 'goal' && (!ctx.cards || (a.type === 'red_card' && !ctx.game.red) || (a.type === 'yellow_card' && !ctx.game.yellow))) return no;
  if (ctx.scope === 'mine') {
    const row = ctx.rows[a.match_id];
    const followed = !!row && (ctx.teams.includes(row.home_team_id) || ctx.teams.includes(row.away_team_id));
    if (!(a.match_id === ctx.onScreen || ctx.reserved.has(a.match_id) || followed)) return no;
  }
  return { show: true, whistle: a.type === 'goal' && ctx.game.voice };
}
