import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FormEntry, MatchRow } from '@livesports/contracts/matches';
import { isLive } from '@livesports/contracts/matches-constants';
import { competitionName, fullDateOf, scoreLivePage, started, teamName, teamPage, timeOf } from '../lib/format';
import { MatchStatus } from './match-status';
import { TeamBadge } from './team-badge';
import '../team-pages.css';

/**
 * One match on a line: date, competition, both teams (each opening its team page) and the score
 * (opening the match). `result` adds the W / D / L of the team whose page or side this is.
 */
export function CompactMatch({ row, result, bold }: { row: MatchRow; result?: FormEntry['result']; bold?: number }) {
  const { t, i18n } = useTranslation('matches');
  const lang = i18n.language;
  const begun = started(row);
  const team = (side: 'home' | 'away') => {
    const id = row[`${side}_team_id`];
    return (
      <Link to={teamPage(id)} className={['cm-row__team', `cm-row__team--${side}`, bold === id && 'is-self'].filter(Boolean).join(' ')} data-testid={`cm-${side}`}>
        {side === 'away' && <TeamBadge name={row.away_team_name_en} logo={row.away_team_logo} size={16} />}
        <span>{teamName(row, side, lang)}</span>
        {side === 'home' && <TeamBadge name={row.home_team_name_en} logo={row.home_team_logo} size={16} />}
      </Link>
    );
  };
  return (
    <div className={['cm-row', isLive(row.status) && 'cm-row--live'].filter(Boolean).join(' ')} data-testid="cm-row" data-match-id={row.id}>
      <span className="cm-row__date">{isLive(row.status) ? <MatchStatus row={row} /> : `${fullDateOf(row.match_time, lang)}${row.status === 1 ? ` ${timeOf(row.match_time, lang)}` : ''}`}</span>
      <span className="cm-row__comp" style={{ color: row.competition_color }} title={competitionName(row, lang)}>
        {competitionName(row, lang, true)}
      </span>
      {team('home')}
      <Link to={scoreLivePage(row.id)} className="cm-row__score" data-testid="cm-score">
        {begun ? `${row.home_score} - ${row.away_score}` : t('list.vs')}
      </Link>
      {team('away')}
      <span className="cm-row__result">{result && <span className={`form-chip form-chip--${result} form-chip--small`}>{t(`h2h.letter.${result}`)}</span>}</span>
    </div>
  );
}
