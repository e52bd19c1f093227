import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRoomsOf } from '../api/match-rooms';
import { scoreLivePage } from '../lib/format';

function IconPlay({ size = 12 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden fill="currentColor">
      <path d="M7 4.5v15a1 1 0 0 0 1.5.86l12.5-7.5a1 1 0 0 0 0-1.72L8.5 3.64A1 1 0 0 0 7 4.5z" />
    </svg>
  );
}

/**
 * "Watch live · N": the live rooms covering a match, opening the match page's room list. Nothing
 * while no room covers it. `compact` is the icon-and-number form for tight rows and tiles.
 */
export function WatchLive({ matchId, compact = false, asLink = true }: { matchId: number; compact?: boolean; asLink?: boolean }) {
  const { t } = useTranslation('matches');
  const n = useRoomsOf(matchId);
  if (!n) return null;
  const label = t('watch.rooms', { count: n });
  const body = (
    <>
      <IconPlay />
      <span className={compact ? 'watch-live__n' : undefined}>{compact ? n : label}</span>
    </>
  );
  const className = ['watch-live', compact && 'watch-live--compact'].filter(Boolean).join(' ');
  if (!asLink)
    return (
      <span className={className} title={label} aria-label={label} data-testid="watch-live">
        {body}
      </span>
    );
  return (
    <Link to={`${scoreLivePage(matchId)}#watch`} className={className} title={label} aria-label={label} data-testid="watch-live">
      {body}
    </Link>
  );
}
