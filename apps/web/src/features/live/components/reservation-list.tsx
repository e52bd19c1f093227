import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Reservation } from '@livesports/contracts/live';
import { livePage } from '@/config/paths';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { toast } from '@/shared/stores/toast';
import { Avatar } from '@/shared/ui/avatar';
import { Button } from '@/shared/ui/button';
import { IconBell, IconCalendar } from '@/shared/ui/icons';
import { dateTimeFormat } from '@/shared/lib/intl-formats';
import { useToggleReservation } from '../api/reservations';

/** "Sat 21:00" in the interface language. */
export function useWhen() {
  const { i18n } = useTranslation();
  return (iso: string) => dateTimeFormat(i18n.language, { weekday: 'short', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** The match an announced broadcast covers, as "Home vs Away · League", or its free title. */
export function matchLine(r: Pick<Reservation, 'home_name' | 'away_name' | 'league_name'>) {
  const teams = r.home_name && r.away_name ? `${r.home_name} vs ${r.away_name}` : '';
  return [teams, r.league_name].filter(Boolean).join(' · ');
}

/** Reserve / reserved toggle for an announced broadcast. Visitors get the login dialog. */
export function ReserveButton({ r, size = 'sm' }: { r: Reservation; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('live');
  const me = useAuthStore((s) => s.user?.id);
  const islogin = useAuthStore((s) => s.islogin);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const toggle = useToggleReservation((msg) => toast.success(msg));
  if (me === r.room_id) return null;
  return (
    <Button
      size={size}
      variant={r.reserved ? 'secondary' : 'primary'}
      icon={<IconBell size={14} />}
      loading={toggle.isPending}
      onClick={() => (islogin ? toggle.mutate(r.id) : openLogin('login'))}
      data-testid={`reserve-${r.id}`}
      aria-pressed={r.reserved === 1}
    >
      {r.reserved ? t('reserve.reserved') : t('reserve.reserve')}
    </Button>
  );
}

/** Announced broadcasts as rows: when, what, who, how many reserved, and the reserve button. */
export function ReservationRows({ list, showAnchor = true, actions }: { list: Reservation[]; showAnchor?: boolean; actions?: (r: Reservation) => React.ReactNode }) {
  const { t } = useTranslation('live');
  const when = useWhen();
  return (
    <ul className="reserve-rows">
      {list.map((r) => (
        <li key={r.id} className="reserve-row" data-testid={`reservation-${r.id}`}>
          <span className="reserve-row__when">
            <IconCalendar size={14} /> {when(r.start_time)}
          </span>
          <div className="reserve-row__what">
            <strong>{r.title}</strong>
            {matchLine(r) && <span className="muted">{matchLine(r)}</span>}
          </div>
          {showAnchor && (
            <Link to={livePage(r.room_id)} className="reserve-row__anchor">
              <Avatar src={r.avatar} alt={r.nickname} size={24} />
              <span>{r.nickname}</span>
            </Link>
          )}
          <span className="reserve-row__count muted">{t('reserve.count', { count: r.reserve_count })}</span>
          {actions ? actions(r) : <ReserveButton r={r} />}
        </li>
      ))}
    </ul>
  );
}
