import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ScrollRestoration } from '@/app/scroll-restoration';
import { paths, toDesktopPath } from '@/config/paths';
import { usePageRoutes } from '@/app/lazy-routes';
import { descriptionKeys, RouteHandleContext } from '@/app/route-meta';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useMetaT } from '@/shared/i18n/meta';
import { setPreferDesktop } from '@/shared/lib/device';
import { useSiteName } from '@/shared/stores/app';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { AfterFirstPaint } from '@/shared/ui/after-first-paint';
import { Avatar } from '@/shared/ui/avatar';
import { IconSearch } from '@/shared/ui/icons/site';
import { LanguageSwitch } from '@/shared/ui/language-switch';
import { LogoMark } from '@/shared/ui/logo';
import { PageSpinner } from '@/shared/ui/spinner';
import { TabBar } from './layout/tab-bar';
import { useInSiteLinks, useLeaveWhenWide } from './layout/use-site-switch';
import { listenForInstall } from './pwa/install';
import { OfflineBanner } from './pwa/offline';
import { registerServiceWorker } from './pwa/register-sw';
import { homeOnly } from './routes/home-route';
import { useMobileTable } from './routes/use-mobile-table';
import { PullToRefresh } from './touch/pull-to-refresh';
import '@/styles/mobile.css';
import './locales';

// The login sheet, dialogs and goal pop-ups come after the first paint (layout/layout-extras.tsx).
const LayoutExtras = lazy(() => import('./layout/layout-extras').then((m) => ({ default: m.LayoutExtras })));

function MobileHeader() {
  const { t } = useTranslation('mobile');
  const { t: tl } = useTranslation('layout');
  const site = useSiteName();
  const islogin = useAuthStore((s) => s.islogin);
  const user = useAuthStore((s) => s.user);
  const openLogin = useLoginDialog((s) => s.openLogin);
  return (
    <header className="m-header" data-testid="header">
      <Link to={paths.mobile} className="m-header__logo" aria-label={site}>
        <LogoMark size={26} />
        <span>{site}</span>
      </Link>
      <div className="m-header__actions">
        <Link to={`${paths.mobile}${paths.search}`} className="m-icon-btn" aria-label={t('search')} data-testid="m-search">
          <IconSearch size={20} />
        </Link>
        <LanguageSwitch />
        {islogin ? (
          <Link to={`${paths.mobile}${paths.member}`} className="m-header__avatar" data-testid="header-avatar" aria-label={user?.user_nickname ?? ''}>
            <Avatar src={user?.avatar} alt="" size={30} />
          </Link>
        ) : (
          <button type="button" className="m-header__login" onClick={() => openLogin('login')} data-testid="header-login">
            {tl('header.login')}
          </button>
        )}
      </div>
    </header>
  );
}

/**
 * The mobile site (< 500 px, spec §1): a header, the page, a tab bar for the thumb; the live room
 * takes the whole screen instead. Links of the reused feature components stay inside /m.
 */
export function MobileLayout() {
  const { t } = useTranslation('mobile');
  const { t: tl } = useTranslation('layout');
  const site = useSiteName();
  const table = useMobileTable();
  const { page, handle } = usePageRoutes(table?.mobileRoutes ?? homeOnly, paths.mobile);
  const onClickCapture = useInSiteLinks();
  useLeaveWhenWide();
  const tm = useMetaT();
  useDocumentTitle(handle.title ? tl(handle.title) : null, { layout: true, description: tm?.(descriptionKeys(handle)) });
  useEffect(() => {
    listenForInstall();
    registerServiceWorker();
  }, []);

  const toDesktop = () => {
    setPreferDesktop(true);
    window.location.assign(toDesktopPath(window.location.pathname, window.location.search));
  };

  return (
    <div className={['m-app', handle.immersive && 'm-app--immersive'].filter(Boolean).join(' ')} onClickCapture={onClickCapture}>
      {!handle.immersive && <MobileHeader />}
      <OfflineBanner />
      <main className="m-main" id="main">
        <Suspense fallback={<PageSpinner />}>
          <RouteHandleContext.Provider value={handle}>{handle.immersive ? page : <PullToRefresh>{page}</PullToRefresh>}</RouteHandleContext.Provider>
        </Suspense>
      </main>
      {!handle.immersive && (
        <>
          <footer className="m-footer">
            <button type="button" className="m-footer__desktop" onClick={toDesktop} data-testid="desktop-version">
              {t('desktop')}
            </button>
            <Link to={`${paths.mobile}${paths.aboutUser}`}>{tl('routes.aboutUser')}</Link>
            <span>
              © {new Date().getFullYear()} {site}
            </span>
          </footer>
          <TabBar active={handle.tab} />
        </>
      )}
      <AfterFirstPaint fallback={null}>
        <LayoutExtras />
      </AfterFirstPaint>
      <ScrollRestoration />
    </div>
  );
}
