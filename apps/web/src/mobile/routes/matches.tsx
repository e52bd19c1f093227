import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMatchDetail } from '@/features/matches/api/queries';
import { MatchCentre, type MatchTab } from '@/features/matches/pages/score-live';
import { useSwipe } from '../touch/use-swipe';
import { MobileMatchesPage, mobileMatchesPath, useScoreSocket } from '../mobile-matches';

// /m/football, /m/basketball and /m/score-live/:id (router lines in app/router.tsx).

export const Football = () => <MobileMatchesPage sport="football" />;
export const Basketball = () => <MobileMatchesPage sport="basketball" />;

const CENTRE_TABS = ['timeline', 'stats', 'h2h'] as const satisfies readonly MatchTab[];

/** One match on the phone: score, timeline and statistics, live; a sideways swipe changes tab. */
export function ScoreLive() {
  const { t } = useTranslation('matches');
  const [search] = useSearchParams();
  // /m/score-live/:id, or /m/score-live?id= when a phone opened a desktop link.
  const id = Number(useParams().id ?? search.get('id')) || 0;
  useScoreSocket();
  // The same query the match centre makes (no second request): the way back is to this match's sport.
  const sport = useMatchDetail(id).data?.match.sport === 'basketball' ? 'basketball' : 'football';
  // Basketball games carry no events: they open on the statistics (as the match centre decides).
  const [tab, setTab] = useState<MatchTab | null>(null);
  const shown = tab ?? (sport === 'basketball' ? 'stats' : 'timeline');
  const swipe = useSwipe(CENTRE_TABS, shown as (typeof CENTRE_TABS)[number], setTab);
  return (
    <div className="mm mm-live" {...swipe}>
      <Link to={mobileMatchesPath(sport)} className="mm__back" data-testid="m-back">
        ‹ {t('mobile.back')}
      </Link>
      <MatchCentre id={id} tabs={CENTRE_TABS} className="mm-centre" tab={tab ?? undefined} onTab={setTab} />
    </div>
  );
}
