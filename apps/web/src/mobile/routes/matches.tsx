import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMatchDetail } from '@/features/matches/api/queries';
import { MatchCentre } from '@/features/matches/pages/score-live';
import { MobileMatchesPage, mobileMatchesPath, useScoreSocket } from '../mobile-matches';

// /m/football, /m/basketball and /m/score-live/:id (router lines in app/router.tsx).

export const Football = () => <MobileMatchesPage sport="football" />;
export const Basketball = () => <MobileMatchesPage sport="basketball" />;

/** One match on the phone: score, timeline and statistics, live. */
export function ScoreLive() {
  const { t } = useTranslation('matches');
  const [search] = useSearchParams();
  // /m/score-live/:id, or /m/score-live?id= when a phone opened a desktop link.
  const id = Number(useParams().id ?? search.get('id')) || 0;
  useScoreSocket();
  // The same query the match centre makes (no second request): the way back is to this match's sport.
  const sport = useMatchDetail(id).data?.match.sport === 'basketball' ? 'basketball' : 'football';
  return (
    <div className="mm mm-live">
      <Link to={mobileMatchesPath(sport)} className="mm__back" data-testid="m-back">
        ‹ {t('mobile.back')}
      </Link>
      <MatchCentre id={id} tabs={['timeline', 'stats']} className="mm-centre" />
    </div>
  );
}
