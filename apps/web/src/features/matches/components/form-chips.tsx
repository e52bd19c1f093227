import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FormEntry } from '@livesports/contracts/matches';
import { competitionName, fullDateOf, scoreLivePage, teamName } from '../lib/format';
import '../team-pages.css';

/** The team's goals first: "2-1" reads the same way as the W beside it. */
const ownScore = (e: FormEntry, teamId: number) => (e.match.home_team_id === teamId ? `${e.match.home_score}-${e.match.away_score}` : `${e.match.away_score}-${e.match.home_score}`);

/**
 * A team's last results as W / D / L chips with the score, oldest on the left (as the tables'
 * form column); each opens its match, the title names it.
 */
export function FormChips({ entries, teamId, testId }: { entries: FormEntry[]; teamId: number; testId?: string }) {
  const { t, i18n } = useTranslation('matches');
  const lang = i18n.language;
  if (!entries.length) return <span className="form-chips form-chips--none">{t('h2h.noForm')}</span>;
  return (
    <span className="form-chips" data-testid={testId}>
      {[...entries].reverse().map((e) => {
        const m = e.match;
        const title = `${fullDateOf(m.match_time, lang)} · ${competitionName(m, lang)} · ${teamName(m, 'home', lang)} ${m.home_score}-${m.away_score} ${teamName(m, 'away', lang)}`;
        return (
          <Link key={m.id} to={scoreLivePage(m.id)} className={`form-chip form-chip--${e.result}`} title={title} aria-label={`${t(`h2h.result.${e.result}`)} ${title}`} data-result={e.result}>
            <b>{t(`h2h.letter.${e.result}`)}</b>
            <small>{ownScore(e, teamId)}</small>
          </Link>
        );
      })}
    </span>
  );
}
