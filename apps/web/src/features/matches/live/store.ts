import { create } from 'zustand';
import type { AlertFrame, ExponentRow, MatchListRow, MatchRow } from '@livesports/contracts/matches';
import { readString, writeString } from '@/shared/lib/storage';

// What the score socket has told this tab: the latest row of every match it pushed, the odds of
// the chosen bookmaker, and the goal / card alerts waiting to be seen. Pages lay these over the
// rows they fetched, so a score changes on screen without a reload.

export interface AlertItem extends AlertFrame {
  key: string;
  at: number;
}

interface LiveState {
  rows: Record<number, MatchRow>;
  exponents: Record<string, ExponentRow>;
  companyId: number;
  connected: boolean;
  alerts: AlertItem[];
  applyRows: (list: MatchRow[], snapshot: boolean, sport: string) => void;
  applyExponents: (list: ExponentRow[], snapshot: boolean) => void;
  pushAlert: (a: AlertFrame) => void;
  dismissAlert: (key: string) => void;
  setConnected: (v: boolean) => void;
  setCompany: (id: number) => void;
}

const COMPANY_KEY = 'company_id';
const MAX_ALERTS = 4;

export const oddsKey = (matchId: number, companyId: number) => `${matchId}|${companyId}`;

export const useLive = create<LiveState>((set, get) => ({
  rows: {},
  exponents: {},
  companyId: Number(readString(COMPANY_KEY)) || 1,
  connected: false,
  alerts: [],
  applyRows: (list, snapshot, sport) => {
    // A snapshot replaces what we had of that sport; a frame only moves rows forward (rev).
    const rows = snapshot ? Object.fromEntries(Object.entries(get().rows).filter(([, r]) => r.sport !== sport)) : { ...get().rows };
    for (const r of list) {
      const cur = rows[r.id];
      if (!cur || snapshot || r.rev >= cur.rev) rows[r.id] = r;
    }
    set({ rows });
  },
  applyExponents: (list, snapshot) => {
    const exponents = snapshot ? {} : { ...get().exponents };
    for (const e of list) {
      const k = oddsKey(e.match_id, e.company_id);
      const cur = exponents[k];
      if (!cur || e.rev >= cur.rev) exponents[k] = e;
    }
    set({ exponents });
  },
  pushAlert: (a) => {
    const key = `${a.match_id}:${a.event_id}`;
    if (get().alerts.some((x) => x.key === key)) return;
    set({ alerts: [{ ...a, key, at: Date.now() }, ...get().alerts].slice(0, MAX_ALERTS) });
  },
  dismissAlert: (key) => set({ alerts: get().alerts.filter((a) => a.key !== key) }),
  setConnected: (connected) => set({ connected }),
  setCompany: (companyId) => {
    writeString(COMPANY_KEY, String(companyId));
    set({ companyId });
  },
}));

/** A fetched row, or the newer one the socket brought. */
/** A list row or a full one, replaced by the socket's newer full row (which has every field of either). */
export function liveRow<R extends MatchListRow>(row: R, live: Record<number, MatchRow>): R | MatchRow {
  const l = live[row.id];
  return l && l.rev >= row.rev ? { ...l, reserve: row.reserve, collect: row.collect } : row;
}
