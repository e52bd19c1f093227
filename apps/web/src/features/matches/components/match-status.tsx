import { useTranslation } from 'react-i18next';
import type { MatchListRow } from '@livesports/contracts/matches';
import { isLive } from '@livesports/contracts/matches-constants';
import { timeOf } from '../lib/format';

/** Minute when running ("67'", "HT", "Q3 04:10"), the phase otherwise, kick-off time before. */
export function MatchStatus({ row }: { row: MatchListRow }) {
  const { t, i18n } = useTranslation('matches');
  if (row.status === 1) return <span className="match-status">{timeOf(row.match_time, i18n.language)}</span>;
  const live = isLive(row.status);
  const text = live && row.match_str && row.match_str !== 'HT' && row.match_str !== 'ET' && row.match_str !== 'PEN' ? row.match_str : t(`status.${row.status_str}`);
  return (
    <span className={['match-status', live && 'match-status--live'].filter(Boolean).join(' ')} data-testid="match-status">
      {live && <span className="live-dot" aria-hidden />}
      {text}
    </span>
  );
}
