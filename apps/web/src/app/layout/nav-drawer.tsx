import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MemberType, memberPage, navIndexOf, paths } from '@/config/paths';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { SearchBox } from '@/features/search/components/search-box';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { Avatar } from '@/shared/ui/avatar';
import { Dialog } from '@/shared/ui/dialog';
import { IconHome, IconLogout, IconNews, IconUser } from '@/shared/ui/icons';
import { LanguageSwitch } from '@/shared/ui/language-switch';
import { LEFT_MENU, isCurrent } from './nav-items';

/** Below 992 px the header's links and the left menu live in this drawer. */
export function NavDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation('layout');
  const { pathname, search } = useLocation();
  const user = useAuthStore((s) => s.user);
  const islogin = useAuthStore((s) => s.islogin);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const logout = useLogout();
  const nav = navIndexOf(pathname);
  const close = () => onOpenChange(false);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('header.menu')} variant="drawer" testId="nav-drawer" closeLabel={t('common:close')} hideTitle>
      <div className="drawer">
        <div className="drawer__user">
          {islogin ? (
            <Link to={memberPage(MemberType.PROFILE)} onClick={close} className="drawer__who">
              <Avatar src={user?.avatar} alt={user?.user_nickname ?? ''} size={36} />
              <span>
                <strong>{user?.user_nickname}</strong>
                {user?.is_anchor === 1 && <span className="badge badge--accent">LV{user.level}</span>}
              </span>
            </Link>
          ) : (
            <button
              type="button"
              className="btn btn--primary btn--md btn--block"
              onClick={() => {
                close();
                openLogin('login');
              }}
              data-testid="drawer-login"
            >
              {t('header.login')}
            </button>
          )}
        </div>
        <SearchBox compact />
        <nav className="drawer__nav" onClick={(e) => (e.target as HTMLElement).closest('a') && close()}>
          <Link to={paths.home} className={nav === 0 ? 'is-active' : undefined}>
            <IconHome /> {t('nav.home')}
          </Link>
          <Link to={paths.news} className={nav === 4 ? 'is-active' : undefined}>
            <IconNews /> {t('nav.news')}
          </Link>
          {LEFT_MENU.map((g) => (
            <div key={g.group} className="drawer__group">
              <span className="drawer__label">{t(g.group)}</span>
              {g.items.map((it) => (
                <Link key={it.to} to={it.to} className={isCurrent(it.to, pathname, search) ? 'is-active' : undefined}>
                  {it.icon} {t(it.key)}
                </Link>
              ))}
            </div>
          ))}
          {islogin && (
            <div className="drawer__group">
              <span className="drawer__label">{t('left.account')}</span>
              <Link to={memberPage(MemberType.PROFILE)}>
                <IconUser /> {t('user.center')}
              </Link>
              <Link to={memberPage(user?.is_anchor === 1 ? MemberType.BROADCAST_RECORD : MemberType.APPLY_ANCHOR)}>
                <IconUser /> {user?.is_anchor === 1 ? t('user.broadcastRecord') : t('user.applyAnchor')}
              </Link>
            </div>
          )}
        </nav>
        <div className="drawer__foot">
          <LanguageSwitch />
          {islogin && (
            <button
              type="button"
              className="link-btn"
              onClick={() => {
                close();
                logout();
              }}
              data-testid="drawer-logout"
            >
              <IconLogout /> {t('user.logout')}
            </button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
