import { useTranslation } from 'react-i18next';
import type { MatchRow as FullRow, MatchListRow as Row } from '@livesports/contracts/matches';
import { isLive } from '@livesports/contracts/matches-constants';
import { useLive, liveRow, oddsKey } from '../live/store';
import { competitionName } from '../lib/format';
import { MatchRow } from './match-row';

/** Rows as fetched, each replaced by the socket's newer copy; the chosen company's odds beside. */
export function useLiveRows<R extends Row>(rows: R[] | undefined): Array<R | FullRow> {
  const live = useLive((s) => s.rows);
  return (rows ?? []).map((r) => liveRow(r, live));
}

/** Matches grouped by competition, in the order they came. */
export function MatchList({ rows, grouped = true }: { rows: Row[]; grouped?: boolean }) {
  const { t, i18n } = useTranslation('matches');
  const exponents = useLive((s) => s.exponents);
  const companyId = useLive((s) => s.companyId);
  const merged = useLiveRows(rows);
  if (!grouped)
    return (
      <div className="match-list">
        {merged.map((r) => (
          <MatchRow key={r.id} row={r} odds={exponents[oddsKey(r.id, companyId)]} />
        ))}
      </div>
    );
  const groups: Array<{ id: number; name: string; color: string; rows: Row[] }> = [];
  for (const r of merged) {
    let g = groups.find((x) => x.id === r.competition_id);
    if (!g) groups.push((g = { id: r.competition_id, name: competitionName(r, i18n.language), color: r.competition_color, rows: [] }));
    g.rows.push(r);
  }
  // Competitions with a match in play come first; otherwise the order the rows came in.
  groups.sort((a, b) => Number(b.rows.some((r) => isLive(r.status))) - Number(a.rows.some((r) => isLive(r.status))));
  return (
    <div className="match-list">
      {groups.map((g) => (
        <section key={g.id} className="match-group" aria-label={g.name}>
          <header className="match-group__head">
            <span className="match-group__dot" style={{ background: g.color }} aria-hidden />
            <h3>{g.name}</h3>
            <span className="match-group__count">{t('list.count', { count: g.rows.length })}</span>
          </header>
          {g.rows.map((r) => (
            <MatchRow key={r.id} row={r} odds={exponents[oddsKey(r.id, companyId)]} showCompetition={false} />
          ))}
        </section>
      ))}
    </div>
  );
}
