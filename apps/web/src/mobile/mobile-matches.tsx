import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MatchListRow } from '@livesports/contracts/matches';
import { SPORTS, type Sport, SportType, isLive } from '@livesports/contracts/matches-constants';
import { paths } from '@/config/paths';
import { useAllMatch } from '@/features/matches/api/queries';
import { useLiveRows } from '@/features/matches/components/match-list';
import { MatchStatus } from '@/features/matches/components/match-status';
import { TeamBadge } from '@/features/matches/components/team-badge';
import { ensureScoreSocket } from '@/features/matches/live/socket';
import { competitionName, isoDay, started, teamName, tzOffset } from '@/features/matches/lib/format';
import { EmptyState } from '@/shared/ui/empty-state';
import { Spinner } from '@/shared/ui/spinner';
import '@/features/matches/locales';
import '@/features/matches/matches.css';
import { useSwipe } from './touch/use-swipe';
import './mobile-matches.css';

// The mobile site's match pages: /m/football and /m/basketball (today, live, upcoming, results),
// scores moving with the score socket, each row opening /m/score-live/:id.

export const mobileMatchesPath = (sport: Sport) => `${paths.mobile}/${sport}`;
export const mobileScoreLivePath = (id: number) => `${paths.mobile}/score-live/${id}`;

/** The score connection (shared with the desktop pages' code): started once per tab. */
export function useScoreSocket() {
  useEffect(() => ensureScoreSocket(), []);
}

/** One match as a compact two-line row: minute or kick-off, both teams, their scores. */
export function MobileMatchRow({ row }: { row: MatchListRow }) {
  const { i18n } = useTranslation('matches');
  const lang = i18n.language;
  const begun = started(row);
  return (
    <Link to={mobileScoreLivePath(row.id)} className={['mm-row', isLive(row.status) && 'mm-row--live'].filter(Boolean).join(' ')} data-testid="m-match-row" data-match-id={row.id}>
      <span className="mm-row__status">
        <MatchStatus row={row} />
      </span>
      <span className="mm-row__teams">
        {(['home', 'away'] as const).map((side) => (
          <span key={side} className="mm-row__team">
            <TeamBadge name={row[`${side}_team_name_en`]} logo={row[`${side}_team_logo`]} size={20} />
            <span className="mm-row__name" data-testid={`m-${side}-name`}>
              {teamName(row, side, lang)}
            </span>
            <strong key={row[`${side}_score`]} className="mm-row__score score-flash" data-testid={`m-${side}-score`}>
              {begun ? row[`${side}_score`] : ''}
            </strong>
          </span>
        ))}
      </span>
    </Link>
  );
}

const TABS = ['all', 'live', 'upcoming', 'finished'] as const;
type Tab = (typeof TABS)[number];

/** A sport's matches, grouped by competition (those with a match in play first). */
export function MobileMatchesPage({ sport }: { sport: Sport }) {
  const { t, i18n } = useTranslation('matches');
  const [params, setParams] = useSearchParams();
  useScoreSocket();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'all';
  const list = useAllMatch({
    type: SportType[sport],
    status: tab,
    collected: 0,
    ...(tab === 'all' ? { date: isoDay(new Date()), tz: tzOffset() } : {}),
    limit: tab === 'finished' ? 100 : 200,
  });
  const rows = useLiveRows(list.data?.list);
  const pick = (k: Tab) => setParams(k === 'all' ? {} : { tab: k }, { replace: true });
  const swipe = useSwipe(TABS, tab, pick);
  const liveCount = rows.filter((r) => isLive(r.status)).length;
  const groups: Array<{ id: number; name: string; color: string; rows: MatchListRow[] }> = [];
  for (const r of rows) {
    let g = groups.find((x) => x.id === r.competition_id);
    if (!g) groups.push((g = { id: r.competition_id, name: competitionName(r, i18n.language), color: r.competition_color, rows: [] }));
    g.rows.push(r);
  }
  groups.sort((a, b) => Number(b.rows.some((r) => isLive(r.status))) - Number(a.rows.some((r) => isLive(r.status))));

  return (
    <div className="mm" data-testid={`m-matches-${sport}`} {...swipe}>
      <header className="mm__head">
        <nav className="mm__sports" aria-label={t('sport.all')}>
          {SPORTS.map((s) => (
            <Link key={s} to={mobileMatchesPath(s)} className={['mm__sport', s === sport && 'is-active'].filter(Boolean).join(' ')} aria-current={s === sport ? 'page' : undefined}>
              {t(`title.${s}`)}
            </Link>
          ))}
        </nav>
        {tab !== 'finished' && tab !== 'upcoming' && liveCount > 0 && <span className="mm__live">{t('mobile.liveNow', { count: liveCount })}</span>}
      </header>
      <nav className="mm__tabs" aria-label={t(`title.${sport}`)}>
        {TABS.map((k) => (
          <button key={k} type="button" className={['mm__tab', tab === k && 'is-active'].filter(Boolean).join(' ')} aria-pressed={tab === k} onClick={() => pick(k)}>
            {t(`tabs.${k}`)}
          </button>
        ))}
      </nav>
      {list.isLoading ? (
        <div className="mm__loading">
          <Spinner label={t('list.loading')} />
        </div>
      ) : groups.length ? (
        groups.map((g) => (
          <section key={g.id} className="mm-group" aria-label={g.name}>
            <h2 className="mm-group__head">
              <span className="mm-group__dot" style={{ background: g.color }} aria-hidden />
              {g.name}
            </h2>
            {g.rows.map((r) => (
              <MobileMatchRow key={r.id} row={r} />
            ))}
          </section>
        ))
      ) : (
        <div className="m-page">
          <EmptyState compact text={t('list.empty')} />
        </div>
      )}
    </div>
  );
}
