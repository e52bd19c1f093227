import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isLive } from '@livesports/contracts/matches-constants';
import '../locales';
import '../matches.css';
import { useMatchDetail } from '../api/queries';
import { ensureScoreSocket } from '../live/socket';
import { liveRow, useLive } from '../live/store';
import { competitionName, scoreLivePage, started, teamName } from '../lib/format';
import { MatchStatus } from './match-status';
import { TeamBadge } from './team-badge';

/**
 * The live score strip of the match a room covers (issue #19 item 12): competition, both teams,
 * the score and the minute, moving with the score socket; it opens the match's page.
 */
export function MatchStrip({ matchId }: { matchId: number }) {
  const { t, i18n } = useTranslation('matches');
  const lang = i18n.language;
  const detail = useMatchDetail(matchId);
  const live = useLive((s) => s.rows[matchId]);
  useEffect(() => ensureScoreSocket(), []);
  const base = detail.data?.match;
  if (!base) return <div className="match-strip-bar match-strip-bar--loading" aria-busy data-testid="room-match-strip" />;
  const row = liveRow(base, live ? { [matchId]: live } : {});
  const begun = started(row);
  return (
    <Link
      to={scoreLivePage(row.id)}
      className={['match-strip-bar', isLive(row.status) && 'match-strip-bar--live'].filter(Boolean).join(' ')}
      data-testid="room-match-strip"
      data-match-id={row.id}
      aria-label={t('strip.open', { home: teamName(row, 'home', lang), away: teamName(row, 'away', lang) })}
    >
      <span className="match-strip-bar__comp" style={{ color: row.competition_color }}>
        {competitionName(row, lang, true)}
      </span>
      <span className="match-strip-bar__team match-strip-bar__team--home">
        <span className="match-strip-bar__name">{teamName(row, 'home', lang)}</span>
        <TeamBadge name={row.home_team_name_en} logo={row.home_team_logo} size={22} />
      </span>
      <strong className="match-strip-bar__score" data-testid="room-match-score">
        {begun ? (
          <span key={`${row.home_score}-${row.away_score}`} className="score-flash">
            {row.home_score} - {row.away_score}
          </span>
        ) : (
          t('list.vs')
        )}
      </strong>
      <span className="match-strip-bar__team">
        <TeamBadge name={row.away_team_name_en} logo={row.away_team_logo} size={22} />
        <span className="match-strip-bar__name">{teamName(row, 'away', lang)}</span>
      </span>
      <span className="match-strip-bar__status">
        <MatchStatus row={row} />
      </span>
      <span className="match-strip-bar__more">{t('strip.centre')} ›</span>
    </Link>
  );
}
