import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MatchRow } from '@livesports/contracts/matches';
import { competitionName, scoreLivePage, started, teamName } from '../lib/format';
import { MatchStatus } from './match-status';
import { TeamBadge } from './team-badge';
import { WatchLive } from './watch-live';

/** A compact match tile (home page strip): competition, minute, both teams with their scores. */
export function MatchCard({ row }: { row: MatchRow }) {
  const { i18n } = useTranslation('matches');
  const lang = i18n.language;
  const begun = started(row);
  return (
    <Link to={scoreLivePage(row.id)} className="match-card" data-testid="match-card" data-match-id={row.id}>
      <div className="match-card__top">
        <span className="match-card__comp" style={{ color: row.competition_color }}>
          {competitionName(row, lang, true)}
        </span>
        <span className="match-card__state">
          <WatchLive matchId={row.id} compact asLink={false} />
          <MatchStatus row={row} />
        </span>
      </div>
      {(['home', 'away'] as const).map((side) => (
        <div key={side} className="match-card__team">
          <TeamBadge name={row[`${side}_team_name_en`]} logo={row[`${side}_team_logo`]} size={20} />
          <span className="match-card__name">{teamName(row, side, lang)}</span>
          <strong key={row[`${side}_score`]} className="match-card__score score-flash">
            {begun ? row[`${side}_score`] : ''}
          </strong>
        </div>
      ))}
    </Link>
  );
}
