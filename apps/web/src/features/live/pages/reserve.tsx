import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconBell } from '@/shared/ui/icons';
import { useMyReservations, useReservations } from '../api/reservations';
import { ReservationRows } from '../components/reservation-list';
import '../locales';
import '../live.css';
// Registers the server message catalogue (namespace 'msg') this file's texts use.
import '@/shared/i18n/messages';

/**
 * /reserve: the broadcasts I reserved (on now ones first), the matches I reserved (the matches
 * feature's list, placed by the route), and what anchors announced, to reserve more.
 */
export function ReservePage({ matches }: { matches?: ReactNode }) {
  const { t } = useTranslation('live');
  const islogin = useAuthStore((s) => s.islogin);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const mine = useMyReservations(islogin);
  const upcoming = useReservations({ page: 1, limit: 20 });
  const list = [...(mine.data?.list ?? [])].sort((a, b) => b.is_live - a.is_live);

  return (
    <section className="page reserve-page" data-testid="reserve-page">
      <header className="page__head">
        <h1 className="page__title">{t('reserve.title')}</h1>
        <span className="page__sub">{t('reserve.sub')}</span>
      </header>
      <section className="card" aria-labelledby="mine-title">
        <h2 id="mine-title" className="card__title">
          <IconBell size={16} /> {t('reserve.mine')}
        </h2>
        {!islogin ? (
          <EmptyState compact title={t('reserve.loginTitle')} text={t('msg:auth.login_first')} action={<Button onClick={() => openLogin('login')}>{t('common:login')}</Button>} />
        ) : list.length ? (
          <ReservationRows list={list} />
        ) : (
          <EmptyState compact title={t('reserve.noneTitle')} text={t('reserve.noneText')} />
        )}
      </section>
      {matches}
      <section className="card" aria-labelledby="upcoming-title">
        <h2 id="upcoming-title" className="card__title">
          {t('reserve.upcoming')}
        </h2>
        {upcoming.data?.list.length ? <ReservationRows list={upcoming.data.list} /> : <p className="muted">{t('room.noSchedule')}</p>}
      </section>
    </section>
  );
}
