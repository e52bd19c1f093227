import * as HoverCard from '@radix-ui/react-hover-card';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MemberType, memberPage } from '@/config/paths';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { useAuthStore } from '@/shared/stores/auth';
import { Avatar } from '@/shared/ui/avatar';
import { IconHistory, IconLogout, IconMic, IconUser } from '@/shared/ui/icons';

/** The avatar in the header with its hover panel (spec §2). No wallet block (hidden by spec). */
export function UserMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t } = useTranslation('layout');
  const user = useAuthStore((s) => s.user);
  const logout = useLogout();
  const isAnchor = user?.is_anchor === 1;
  return (
    <HoverCard.Root openDelay={80} closeDelay={200} defaultOpen={defaultOpen}>
      <HoverCard.Trigger asChild>
        <Link to={memberPage(MemberType.PROFILE)} className="header__avatar" data-testid="header-avatar" aria-label={t('user.center')}>
          <Avatar src={user?.avatar} alt={user?.user_nickname ?? ''} size={30} />
        </Link>
      </HoverCard.Trigger>
      <HoverCard.Portal>
        <HoverCard.Content className="user-panel" sideOffset={10} align="end" data-testid="user-panel">
          <div className="user-panel__head">
            <Avatar src={user?.avatar} alt={user?.user_nickname ?? ''} size={44} />
            <div className="user-panel__who">
              <strong className="user-panel__name" data-testid="user-nickname">
                {user?.user_nickname}
              </strong>
              {isAnchor && (
                <span className="user-panel__level" data-testid="user-level">
                  <span className="badge badge--accent">LV{user?.level ?? 0}</span>
                  <span className="muted">
                    {t('user.exp')} {user?.exp ?? 0}
                  </span>
                </span>
              )}
            </div>
          </div>
          <nav className="user-panel__links">
            <Link to={memberPage(MemberType.PROFILE)}>
              <IconUser /> {t('user.center')}
            </Link>
            {isAnchor ? (
              <Link to={memberPage(MemberType.BROADCAST_RECORD)} data-testid="user-broadcast-record">
                <IconHistory /> {t('user.broadcastRecord')}
              </Link>
            ) : (
              <Link to={memberPage(MemberType.APPLY_ANCHOR)} data-testid="user-apply-anchor">
                <IconMic /> {t('user.applyAnchor')}
              </Link>
            )}
          </nav>
          <button type="button" className="user-panel__logout" onClick={logout} data-testid="header-logout">
            <IconLogout /> {t('user.logout')}
          </button>
        </HoverCard.Content>
      </HoverCard.Portal>
    </HoverCard.Root>
  );
}
