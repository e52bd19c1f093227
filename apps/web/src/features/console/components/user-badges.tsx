import { useTranslation } from 'react-i18next';
import type { ActiveSanction } from '@livesports/contracts/account';
import type { ConsoleUserRow } from '@livesports/contracts/console-users';
import { useConsoleTime } from './console-page';

/** A user's roles as small tags (admin, moderator, anchor; "member" when none). */
export function UserRoles({ user }: { user: Pick<ConsoleUserRow, 'is_admin' | 'is_moderator' | 'is_anchor'> }) {
  const { t } = useTranslation('console-users');
  const roles = [user.is_admin && 'admin', !user.is_admin && user.is_moderator && 'moderator', user.is_anchor && 'anchor'].filter(Boolean) as string[];
  return (
    <span className="cs-tags">
      {(roles.length ? roles : ['none']).map((r) => (
        <span key={r} className={`cs-tag cs-tag--${r}`}>
          {t(`roles.${r}`)}
        </span>
      ))}
    </span>
  );
}

/** Whether the account may act: running mutes and bans with their end, or "in good standing". */
export function UserStanding({ status, sanctions }: { status: number; sanctions: ActiveSanction[] }) {
  const { t } = useTranslation('console-users');
  const time = useConsoleTime();
  if (!sanctions.length) return status === 1 ? <span className="cs-tag cs-tag--ok">{t('standing.ok')}</span> : <span className="cs-tag cs-tag--ban">{t('standing.disabled')}</span>;
  return (
    <span className="cs-tags">
      {sanctions.map((s) => (
        <span key={s.kind} className={`cs-tag cs-tag--${s.kind}`} title={s.reason} data-testid={`standing-${s.kind}`}>
          {t(`standing.${s.kind}`)} · {s.ends_at ? t('standing.until', { until: time(s.ends_at) }) : t('standing.forever')}
        </span>
      ))}
    </span>
  );
}
