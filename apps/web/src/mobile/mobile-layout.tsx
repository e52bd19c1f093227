import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Suspense } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths, toDesktopPath } from '@/config/paths';
import { LoginDialogHost } from '@/app/layout/login-dialog-host';
import { useRouteHandle } from '@/app/route-meta';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { setPreferDesktop } from '@/shared/lib/device';
import { useSiteName } from '@/shared/stores/app';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { Avatar } from '@/shared/ui/avatar';
import { ComingSoonHost } from '@/shared/ui/coming-soon-host';
import { IconLogout } from '@/shared/ui/icons';
import { LanguageSwitch } from '@/shared/ui/language-switch';
import { LogoMark } from '@/shared/ui/logo';
import { PageSpinner } from '@/shared/ui/spinner';
import '@/styles/mobile.css';
import './locales';

/** The mobile site (< 500 px, spec §1): its own light layout. */
export function MobileLayout() {
  const { t } = useTranslation('mobile');
  const { t: tl } = useTranslation('layout');
  const site = useSiteName();
  const handle = useRouteHandle();
  const { pathname, search } = useLocation();
  const islogin = useAuthStore((s) => s.islogin);
  const user = useAuthStore((s) => s.user);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const logout = useLogout(paths.mobile);
  useDocumentTitle(handle.title ? tl(handle.title) : null);

  const toDesktop = () => {
    setPreferDesktop(true);
    window.location.assign(toDesktopPath(pathname, search));
  };

  return (
    <div className="m-app">
      <header className="m-header" data-testid="header">
        <Link to={paths.mobile} className="m-header__logo" aria-label={site}>
          <LogoMark size={26} />
          <span>{site}</span>
        </Link>
        <div className="m-header__actions">
          <LanguageSwitch className="lang-switch--light" />
          {islogin ? (
            <DropdownMenu.Root modal={false}>
              <DropdownMenu.Trigger className="m-header__avatar" data-testid="header-avatar" aria-label={user?.user_nickname ?? ''}>
                <Avatar src={user?.avatar} alt={user?.user_nickname ?? ''} size={30} />
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content className="menu" sideOffset={8} align="end">
                  <DropdownMenu.Label className="menu__label">{user?.user_nickname}</DropdownMenu.Label>
                  <DropdownMenu.Item className="menu__item" onSelect={logout} data-testid="header-logout">
                    <IconLogout /> {tl('user.logout')}
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          ) : (
            <button type="button" className="m-header__login" onClick={() => openLogin('login')} data-testid="header-login">
              {tl('header.login')}
            </button>
          )}
        </div>
      </header>
      <main className="m-main">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="m-footer">
        <button type="button" className="m-footer__desktop" onClick={toDesktop} data-testid="desktop-version">
          {t('desktop')}
        </button>
        <span>
          © {new Date().getFullYear()} {site}
        </span>
      </footer>
      <LoginDialogHost variant="sheet" fallback={paths.mobile} />
      <ComingSoonHost />
      <ScrollRestoration />
    </div>
  );
}
