import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCoins } from '@livesports/contracts/economy';
import { currentLanguage } from '@/shared/i18n';
import { MemberType, memberPage } from '@/config/paths';
import { toast } from '@/shared/stores/toast';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Spinner } from '@/shared/ui/spinner';
import { IconBox, IconGift } from '@/shared/ui/icons';
import { useActivities, useCheckIn } from '../api/check-in';
import { useBackpack } from '../api/get-gifts';
import '../locales';
import '../economy.css';

/** /member?type=2: gifts from activities and invites, sent in a live room without spending coins. */
export function BackpackPanel() {
  const { t } = useTranslation('economy');
  const bag = useBackpack();
  const activities = useActivities();
  const checkIn = useCheckIn((msg) => toast.success(msg));
  const items = bag.data ?? [];
  return (
    <div className="eco-stack" data-testid="backpack-panel">
      <div className="card eco-checkin">
        <div>
          <h3 className="card__title">{t('backpack.checkinTitle')}</h3>
          <p className="muted">{t('backpack.checkinText')}</p>
        </div>
        <Button icon={<IconGift />} loading={checkIn.isPending} onClick={() => checkIn.mutate()} data-testid="backpack-checkin">
          {t('backpack.checkin')}
        </Button>
      </div>

      <div className="card">
        <h3 className="card__title">{t('backpack.title')}</h3>
        {bag.isLoading ? (
          <Spinner />
        ) : items.length === 0 ? (
          <EmptyState compact icon={<IconBox size={32} />} title={t('backpack.emptyTitle')} text={t('backpack.empty')} />
        ) : (
          <ul className="eco-bag">
            {items.map((g) => (
              <li key={g.id} className="eco-bag__item" data-testid={`backpack-${g.code}`}>
                <img src={g.image} alt="" width={56} height={56} />
                <strong>{g.name}</strong>
                <span className="eco-bag__num">×{g.num}</span>
                <span className="muted">{t('backpack.worth', { coins: formatCoins(g.price, currentLanguage()) })}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="muted eco-note">{t('backpack.howToSend')}</p>
      </div>

      {!!activities.data?.length && (
        <div className="eco-activities">
          {activities.data.map((a) => (
            <Link key={a.code} className="eco-activity" to={new URL(a.url, window.location.origin).pathname + new URL(a.url, window.location.origin).search}>
              <img src={a.image} alt="" />
              <span>{a.title}</span>
            </Link>
          ))}
        </div>
      )}
      <Link className="link-btn link-btn--accent" to={memberPage(MemberType.INVITE)}>
        {t('backpack.inviteMore')}
      </Link>
    </div>
  );
}
