import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MatchRow } from '@livesports/contracts/matches';
import { useAuthStore } from '@/shared/stores/auth';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconBell } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { useCancelReserve, useReservedMatches } from '../api/queries';
import { competitionName, kickoffOf, scoreLivePage, started, teamName } from '../lib/format';
import { useLiveRows } from './match-list';
import { MatchStatus } from './match-status';
import { TeamBadge } from './team-badge';
import '../locales';
import '../matches.css';

function ReservedRow({ row, matchLink }: { row: MatchRow; matchLink: (id: number) => string }) {
  const { t, i18n } = useTranslation('matches');
  const lang = i18n.language;
  const cancel = useCancelReserve();
  const begun = started(row);
  return (
    <li className="reserved-row" data-testid="reserved-match" data-match-id={row.id}>
      <span className="reserved-row__comp" style={{ color: row.competition_color }}>
        {competitionName(row, lang)}
      </span>
      <time className="reserved-row__when" dateTime={new Date(row.match_time * 1000).toISOString()} data-testid="reserved-kickoff">
        {kickoffOf(row.match_time, lang)}
      </time>
      <Link to={matchLink(row.id)} className="reserved-row__teams">
        <span className="reserved-row__team">
          <TeamBadge name={row.home_team_name_en} logo={row.home_team_logo} size={20} />
          <span data-testid="reserved-home">{teamName(row, 'home', lang)}</span>
        </span>
        <strong className="reserved-row__score" data-testid="reserved-score">
          {begun ? `${row.home_score} - ${row.away_score}` : t('list.vs')}
        </strong>
        <span className="reserved-row__team">
          <TeamBadge name={row.away_team_name_en} logo={row.away_team_logo} size={20} />
          <span data-testid="reserved-away">{teamName(row, 'away', lang)}</span>
        </span>
      </Link>
      <span className="reserved-row__state" data-testid="reserved-state">
        {/* Before kick-off the time is already on the row: say what the state is instead. */}
        {row.status === 1 ? <span className="match-status">{t('status.not_started')}</span> : <MatchStatus row={row} />}
      </span>
      <Button size="sm" variant="secondary" loading={cancel.isPending} onClick={() => cancel.mutate({ match_id: row.id, type: row.type })} data-testid="reserved-cancel">
        {t('reserved.cancel')}
      </Button>
    </li>
  );
}

/**
 * The matches the signed-in user reserved, for /reserve (and the mobile site): competition, teams,
 * kick-off in the reader's language and time zone, state and live score, and a cancel button.
 * Visitors see nothing here: the page around it asks them to log in.
 */
export function ReservedMatches({ matchLink = scoreLivePage }: { matchLink?: (id: number) => string }) {
  const { t } = useTranslation('matches');
  const islogin = useAuthStore((s) => s.islogin);
  const list = useReservedMatches(islogin);
  const rows = useLiveRows(list.data);
  if (!islogin) return null;
  return (
    <section className="card reserved-matches" aria-labelledby="reserved-matches-title" data-testid="reserved-matches">
      <h2 id="reserved-matches-title" className="card__title">
        <IconBell size={16} /> {t('reserved.title')}
      </h2>
      {list.isLoading ? (
        <Spinner label={t('list.loading')} />
      ) : rows.length ? (
        <ul className="reserved-rows">
          {rows.map((r) => (
            <ReservedRow key={r.id} row={r} matchLink={matchLink} />
          ))}
        </ul>
      ) : (
        <EmptyState compact title={t('reserved.emptyTitle')} text={t('reserved.emptyText')} />
      )}
    </section>
  );
}
