import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../locales';
import '../matches.css';
import type { MatchDetail, MatchRow } from '@livesports/contracts/matches';
import { GOAL_KINDS, isLive } from '@livesports/contracts/matches-constants';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { EmptyState } from '@/shared/ui/empty-state';
import { MatchNotFound } from '../components/match-not-found';
import { IconBell } from '@/shared/ui/icons';
import { PageSpinner } from '@/shared/ui/spinner';
import { useMatchDetail, useRobot, useSeasonTable, useToggle } from '../api/queries';
import { PossessionRing, ScoreFlow, StatBars } from '../components/charts';
import { HeadToHead, ScoreboardForm } from '../components/head-to-head';
import { MatchStatus } from '../components/match-status';
import { OddsTable } from '../components/odds-table';
import { StandingsTable } from '../components/standings-table';
import { FollowTeam } from '../components/follow-team';
import { TeamBadge } from '../components/team-badge';
import { WatchLive } from '../components/watch-live';
import { liveRow, useLive } from '../live/store';
import { useAlertScope } from '../live/alert-scope';
import { competitionName, dateOf, stageName, started, teamName, teamPage, timeOf } from '../lib/format';

function Scoreboard({ row, detail }: { row: MatchRow; detail: MatchDetail }) {
  const { t, i18n } = useTranslation('matches');
  const lang = i18n.language;
  const islogin = useAuthStore((s) => s.islogin);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const reserve = useToggle('reserve');
  const collect = useToggle('collect');
  const begun = started(row);
  const parts = row.simulated.map((p) => t(`detail.parts.${p}`, { defaultValue: p })).join(', ');
  return (
    <header className="scoreboard card" data-testid="scoreboard">
      <div className="scoreboard__meta">
        <span style={{ color: row.competition_color }}>{competitionName(row, lang)}</span>
        {row.round && <span>{stageName(row.round, t)}</span>}
        {row.group && row.group !== row.round && <span>{stageName(row.group, t)}</span>}
        <span>{t('detail.kickoff', { time: `${dateOf(row.match_time, lang)} ${timeOf(row.match_time, lang)}` })}</span>
        {row.venue && <span>{row.venue}</span>}
      </div>
      <div className="scoreboard__main">
        <div className="scoreboard__team">
          <Link to={teamPage(row.home_team_id)} className="scoreboard__team-link" data-testid="team-link-home">
            <TeamBadge name={row.home_team_name_en} logo={row.home_team_logo} size={56} />
            <strong data-testid="detail-home">{teamName(row, 'home', lang)}</strong>
          </Link>
          {row.home_rank > 0 && <span className="rank">{t('list.rank', { rank: row.home_rank })}</span>}
          <ScoreboardForm row={row} side="home" />
          <FollowTeam teamId={row.home_team_id} testId="follow-home" />
        </div>
        <div className="scoreboard__center">
          <div className="scoreboard__score" data-testid="detail-score">
            {begun ? (
              <span key={`${row.home_score}-${row.away_score}`} className="score-flash">
                {row.home_score} <i>-</i> {row.away_score}
              </span>
            ) : (
              <span className="scoreboard__vs">{t('list.vs')}</span>
            )}
          </div>
          <MatchStatus row={row} />
          {row.sport === 'football' && begun && row.status >= 3 && <small>{t('list.ht', { score: `${row.home_half_score}-${row.away_half_score}` })}</small>}
          {row.home_penalty !== null && <small>{t('detail.pens', { score: `${row.home_penalty}-${row.away_penalty}` })}</small>}
        </div>
        <div className="scoreboard__team">
          <Link to={teamPage(row.away_team_id)} className="scoreboard__team-link" data-testid="team-link-away">
            <TeamBadge name={row.away_team_name_en} logo={row.away_team_logo} size={56} />
            <strong data-testid="detail-away">{teamName(row, 'away', lang)}</strong>
          </Link>
          {row.away_rank > 0 && <span className="rank">{t('list.rank', { rank: row.away_rank })}</span>}
          <ScoreboardForm row={row} side="away" />
          <FollowTeam teamId={row.away_team_id} testId="follow-away" />
        </div>
      </div>
      <div className="scoreboard__actions">
        <WatchLive matchId={row.id} />
        <button
          type="button"
          className={['chip', 'chip--btn', detail.match.collect && 'is-on'].filter(Boolean).join(' ')}
          onClick={() => (islogin ? collect.mutate({ match_id: row.id, type: row.type }) : openLogin('login'))}
        >
          ★ {t(detail.match.collect ? 'actions.uncollect' : 'actions.collect')}
        </button>
        {row.status === 1 && (
          <button
            type="button"
            className={['chip', 'chip--btn', detail.match.reserve && 'is-on'].filter(Boolean).join(' ')}
            onClick={() => (islogin ? reserve.mutate({ match_id: row.id, type: row.type }) : openLogin('login'))}
          >
            <IconBell size={13} /> {t(detail.match.reserve ? 'actions.reserved' : 'actions.reserve')}
          </button>
        )}
      </div>
      {row.is_replay && <p className="scoreboard__note">{row.simulated.includes('scores') ? t('detail.demoGame') : `${t('detail.replay')} ${parts ? t('detail.simulated', { parts }) : ''}`}</p>}
    </header>
  );
}

function Quarters({ row }: { row: MatchRow }) {
  const { t, i18n } = useTranslation('matches');
  const n = Math.max(4, row.home_quarters.length);
  return (
    <table className="quarters" data-testid="quarters">
      <thead>
        <tr>
          <th>{t('detail.team')}</th>
          {Array.from({ length: n }, (_, i) => (
            <th key={i}>{i < 4 ? `Q${i + 1}` : `OT${i - 3}`}</th>
          ))}
          <th>{t('detail.total')}</th>
        </tr>
      </thead>
      <tbody>
        {(['home', 'away'] as const).map((side) => (
          <tr key={side}>
            <td>{teamName(row, side, i18n.language)}</td>
            {Array.from({ length: n }, (_, i) => (
              <td key={i}>{row[`${side}_quarters`][i] ?? '-'}</td>
            ))}
            <td className="quarters__total">{row[`${side}_score`]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Timeline({ detail, row }: { detail: MatchDetail; row: MatchRow }) {
  const { t, i18n } = useTranslation('matches');
  // (team names come from the row, in the reader's language)
  const robot = useRobot(row.id, i18n.language);
  if (!detail.events.length && !robot.data?.lines.length) return <EmptyState compact text={t('detail.noEvents')} />;
  return (
    <div className="timeline-wrap">
      <ol className="timeline" data-testid="timeline">
        {[...detail.events].reverse().map((e) => (
          <li key={e.id} className={`timeline__item timeline__item--${e.iszhu ? 'home' : 'away'}`}>
            <span className="timeline__minute">{e.match_str}</span>
            <span className={`ev ev--${e.kind}`} aria-hidden />
            <span className="timeline__text">
              <strong>{t(`events.${e.kind}`)}</strong> {e.kind === 'sub' ? `${e.player2} ↔ ${e.player}` : e.player}
              <span className="timeline__team"> {teamName(row, e.iszhu ? 'home' : 'away', i18n.language)}</span>
              {GOAL_KINDS.includes(e.kind) && (
                <em>
                  {' '}
                  {e.home_score}-{e.away_score}
                </em>
              )}
            </span>
          </li>
        ))}
      </ol>
      {!!robot.data?.lines.length && (
        <div className="robot">
          <h3>{t('detail.robot')}</h3>
          <ul>
            {[...robot.data.lines].reverse().map((l) => (
              <li key={l.id}>
                <span className="timeline__minute">{l.match_str}</span> {l.text}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

const TABS = ['timeline', 'stats', 'h2h', 'odds', 'table'] as const;
export type MatchTab = (typeof TABS)[number];
type Tab = MatchTab;

export interface MatchCentreSlots {
  /** Under the scoreboard: the live rooms covering the match (live feature), placed by the route. */
  rooms?: (row: MatchRow) => ReactNode;
}

/** /score-live?id=…: one match, live: scoreboard, rooms covering it, events, statistics as charts, odds and its league table. */
export function ScoreLivePage(slots: MatchCentreSlots) {
  const [params] = useSearchParams();
  return <MatchCentre id={Number(params.get('id')) || 0} {...slots} />;
}

/** One match, live (the desktop page and the mobile site's /m/score-live/:id); `tabs` picks the sections offered. */
/** `tab` / `onTab`: a page that moves between the tabs itself (the phone's swipe) holds the choice. */
export function MatchCentre({
  id,
  tabs = TABS,
  className = '',
  tab: held,
  onTab,
  rooms,
}: { id: number; tabs?: readonly Tab[]; className?: string; tab?: Tab; onTab?: (tab: Tab) => void } & MatchCentreSlots) {
  const { t, i18n } = useTranslation('matches');
  const detail = useMatchDetail(id);
  const live = useLive((s) => s.rows[id]);
  // The match on screen always gets its goal and card pop-ups (live/alert-scope.ts).
  useEffect(() => {
    useAlertScope.getState().setOnScreen(id);
    return () => useAlertScope.getState().setOnScreen(null);
  }, [id]);
  const [own, setOwn] = useState<Tab | null>(null);
  const picked = held ?? own;
  const setTab = (k: Tab) => (onTab ? onTab(k) : setOwn(k));
  const base = detail.data?.match;
  const row = base ? liveRow(base, live ? { [id]: live } : {}) : undefined;
  const table = useSeasonTable(row?.competition_id ?? 0, row?.season_id);
  // A pushed change (goal, card, period) brings the events and statistics along.
  const rev = live?.rev ?? 0;
  const { refetch } = detail;
  useEffect(() => {
    if (rev && base && rev > base.rev) void refetch();
  }, [rev, base, refetch]);

  if (!id) return <MatchNotFound />;
  if (detail.isLoading) return <PageSpinner />;
  if (!detail.data || !row) return <MatchNotFound />;
  const d = detail.data;
  // Basketball games carry no events: their page opens on the statistics.
  const tab = picked ?? (row.sport === 'basketball' && tabs.includes('stats') ? 'stats' : tabs[0]);
  const possession = d.stats.find((s) => s.key === 'possession');
  const played = isLive(row.status) ? parseInt(row.match_str, 10) || 45 : row.status === 8 ? 90 : 0;
  const groups = table.data?.groups.filter((g) => g.rows.some((r) => r.team_id === row.home_team_id || r.team_id === row.away_team_id)) ?? [];

  return (
    <section className={['page score-live', className].filter(Boolean).join(' ')} data-testid="score-live">
      <Scoreboard row={row} detail={d} />
      {rooms?.(row)}
      {row.sport === 'basketball' && started(row) && <Quarters row={row} />}
      <nav className="m-tabs" aria-label={t('title.scoreLive')}>
        {tabs.map((k) => (
          <button key={k} type="button" className={['m-tabs__tab', tab === k && 'is-active'].filter(Boolean).join(' ')} aria-pressed={tab === k} onClick={() => setTab(k)}>
            {t(`detail.${k}`)}
          </button>
        ))}
      </nav>
      <div className="score-live__body card">
        {tab === 'timeline' && <Timeline detail={d} row={row} />}
        {tab === 'stats' &&
          (started(row) && d.stats.length ? (
            <div className="score-live__stats">
              <div className="score-live__charts">
                {possession && <PossessionRing home={possession.home} away={possession.away} label={t('detail.possession')} />}
                {row.sport === 'football' && <ScoreFlow events={d.events} minutes={played} label={t('detail.momentum')} />}
              </div>
              <div className="score-live__legend">
                <span className="legend legend--home">{teamName(row, 'home', i18n.language)}</span>
                <span className="legend legend--away">{teamName(row, 'away', i18n.language)}</span>
              </div>
              <StatBars stats={d.stats} />
            </div>
          ) : (
            <EmptyState compact text={t('detail.noStats')} />
          ))}
        {tab === 'h2h' && <HeadToHead row={row} />}
        {tab === 'odds' &&
          (d.exponents.length ? (
            <div className="score-live__odds">
              {(row.sport === 'basketball' ? (['asia', 'bs', 'eu'] as const) : (['eu', 'asia', 'bs'] as const)).map((k) => (
                <OddsTable key={k} kind={k} rows={d.exponents} companies={d.companies} />
              ))}
            </div>
          ) : (
            <EmptyState compact text={t('detail.noOdds')} />
          ))}
        {tab === 'table' &&
          (groups.length ? (
            groups.map((g) => <StandingsTable key={g.name} name={g.name} rows={g.rows} sport={row.sport} highlight={[row.home_team_id, row.away_team_id]} />)
          ) : (
            <EmptyState compact text={t('table.empty')} />
          ))}
      </div>
    </section>
  );
}
