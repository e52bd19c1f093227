import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconBall } from '@/shared/ui/icons';

/**
 * A match id that names no match (a mistyped or stale link): said so, with the way back to the
 * schedule — never the "under development" text of pages a later release fills. On the mobile
 * site the link follows its /m twin (in-site link rewriting).
 */
export function MatchNotFound() {
  const { t } = useTranslation('matches');
  return (
    <section className="page card match-not-found" data-testid="match-not-found">
      <EmptyState
        icon={<IconBall size={40} />}
        title={t('detail.notFound')}
        text={t('detail.notFoundText')}
        action={
          <Link to={paths.football} className="btn btn--primary btn--md">
            {t('detail.backToMatches')}
          </Link>
        }
      />
    </section>
  );
}
