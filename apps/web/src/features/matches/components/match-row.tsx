import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ExponentRow, MatchListRow as Row } from '@livesports/contracts/matches';
import { useAppStore } from '@/shared/stores/app';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { IconBell } from '@/shared/ui/icons';
import { useToggle } from '../api/queries';
import { competitionName, scoreLivePage, started, teamName, teamPage } from '../lib/format';
import { MatchStatus } from './match-status';
import { TeamBadge } from './team-badge';
import { WatchLive } from './watch-live';

function Cards({ red, yellow }: { red: number; yellow: number }) {
  return (
    <>
      {yellow > 0 && <span className="card-count card-count--yellow">{yellow}</span>}
      {red > 0 && <span className="card-count card-count--red">{red}</span>}
    </>
  );
}

function Star({ on }: { on: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden fill={on ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />
    </svg>
  );
}

/** The odds cell: 1X2 for football, handicap for basketball, in-play when running. */
function OddsCell({ odds, basketball }: { odds?: ExponentRow; basketball: boolean }) {
  const v = basketball ? odds?.asia : odds?.eu;
  const triple = v?.scram ?? v?.immediate ?? v?.initial;
  if (!triple) return <span className="match-row__odds match-row__odds--none">-</span>;
  return (
    <span className="match-row__odds" data-testid="match-odds">
      {triple.map((x, i) => (
        <span key={i}>{basketball && i === 1 ? (x > 0 ? `+${x}` : x) : x ? x.toFixed(2) : '-'}</span>
      ))}
    </span>
  );
}

export function MatchRow({ row, odds, showCompetition = true }: { row: Row; odds?: ExponentRow; showCompetition?: boolean }) {
  const { t, i18n } = useTranslation('matches');
  const lang = i18n.language;
  const show = useAppStore((s) => s.immediately);
  const islogin = useAuthStore((s) => s.islogin);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const collect = useToggle('collect');
  const reserve = useToggle('reserve');
  const home = teamName(row, 'home', lang);
  const away = teamName(row, 'away', lang);
  const begun = started(row);
  const guard = (fn: () => void) => () => (islogin ? fn() : openLogin('login'));
  return (
    <div
      className={['match-row', begun && row.status <= 7 && 'match-row--live'].filter(Boolean).join(' ')}
      // The columns follow the display settings, so every row of a list lines up.
      style={{
        ['--cols' as string]: ['30px', showCompetition && '78px', '64px', 'minmax(0, 1fr)', show.value2 && row.sport === 'football' && '40px', show.value3 && '124px', '104px']
          .filter(Boolean)
          .join(' '),
      }}
      data-testid="match-row"
      data-match-id={row.id}
    >
      <button
        type="button"
        className={['icon-btn', 'match-row__star', row.collect && 'is-on'].filter(Boolean).join(' ')}
        aria-label={t(row.collect ? 'actions.uncollect' : 'actions.collect')}
        aria-pressed={!!row.collect}
        onClick={guard(() => collect.mutate({ match_id: row.id, type: row.type }))}
      >
        <Star on={!!row.collect} />
      </button>
      {showCompetition && (
        <span className="match-row__comp" style={{ color: row.competition_color }} title={competitionName(row, lang)}>
          {competitionName(row, lang, true)}
        </span>
      )}
      <span className="match-row__status">
        <MatchStatus row={row} />
      </span>
      {/* The score's link covers the whole teams cell (the row opens the match); the names sit above it and open their team. */}
      <div className="match-row__teams">
        <span className="match-row__team match-row__team--home">
          {show.value4 && row.home_rank > 0 && <span className="rank">{t('list.rank', { rank: row.home_rank })}</span>}
          {show.value1 && <Cards red={row.home_red} yellow={row.home_yellow} />}
          <Link to={teamPage(row.home_team_id)} className="match-row__name" data-testid="home-name">
            {home}
          </Link>
          <TeamBadge name={row.home_team_name_en} logo={row.home_team_logo} size={22} />
        </span>
        <Link to={scoreLivePage(row.id)} className="match-row__score match-row__open" data-testid="match-score" title={`${home} - ${away}`}>
          {begun ? (
            <strong key={`${row.home_score}-${row.away_score}`} className="score-flash">
              {row.home_score} - {row.away_score}
            </strong>
          ) : (
            <span className="match-row__vs">{t('list.vs')}</span>
          )}
          {show.value2 && begun && row.sport === 'football' && row.status >= 3 && <small>{t('list.ht', { score: `${row.home_half_score}-${row.away_half_score}` })}</small>}
        </Link>
        <span className="match-row__team match-row__team--away">
          <TeamBadge name={row.away_team_name_en} logo={row.away_team_logo} size={22} />
          <Link to={teamPage(row.away_team_id)} className="match-row__name" data-testid="away-name">
            {away}
          </Link>
          {show.value1 && <Cards red={row.away_red} yellow={row.away_yellow} />}
          {show.value4 && row.away_rank > 0 && <span className="rank">{t('list.rank', { rank: row.away_rank })}</span>}
        </span>
      </div>
      {show.value2 && row.sport === 'football' && (
        <span className="match-row__corners" title={t('list.corners')}>
          {begun ? `${row.home_corner}-${row.away_corner}` : ''}
        </span>
      )}
      {show.value3 && <OddsCell odds={odds} basketball={row.sport === 'basketball'} />}
      <span className="match-row__actions">
        <WatchLive matchId={row.id} compact={row.status === 1} />
        {row.status === 1 && (
          <button
            type="button"
            className={['chip', 'chip--btn', row.reserve && 'is-on'].filter(Boolean).join(' ')}
            onClick={guard(() => reserve.mutate({ match_id: row.id, type: row.type }))}
            aria-pressed={!!row.reserve}
            aria-label={t(row.reserve ? 'actions.reserved' : 'actions.reserve')}
          >
            <IconBell size={13} />
            <span className="chip__label">{t(row.reserve ? 'actions.reserved' : 'actions.reserve')}</span>
          </button>
        )}
      </span>
    </div>
  );
}
