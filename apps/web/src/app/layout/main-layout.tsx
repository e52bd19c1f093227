import { Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ScrollRestoration } from '../scroll-restoration';
import { hasMobilePage, navIndexOf, paths, toMobilePath } from '@/config/paths';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useMetaT } from '@/shared/i18n/meta';
import { useIsCompact } from '@/shared/hooks/use-media-query';
import { isNarrow, prefersDesktop } from '@/shared/lib/device';
import { rememberLocation } from '@/shared/lib/last-location';
import { ComingSoonHost } from '@/shared/ui/coming-soon-host';
import { ScoreAlertsHost } from '@/features/matches/components/score-alerts-host';
import { PageSpinner } from '@/shared/ui/spinner';
import { usePageRoutes } from '../lazy-routes';
import { descriptionKeys, RouteHandleContext } from '../route-meta';
import { desktopRoutes } from './desktop-routes';
import { Footer } from './footer';
import { Header } from './header';
import { LeftMenu } from './left-menu';
import { LoginDialogHost } from './login-dialog-host';

export { preloadPage } from './desktop-routes';

/** Below 500 px the visitor goes to the mobile site (spec §1) when it has the page, at start and on resize. */
function useMobileRedirect() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    const check = () => {
      if (isNarrow() && !prefersDesktop() && hasMobilePage(window.location.pathname)) navigate(toMobilePath(window.location.pathname, window.location.search), { replace: true });
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, [navigate, pathname, search]);
}

/** The desktop layout wrapping every route (spec §2): header, left menu on nav 2/3, footer. */
export function MainLayout() {
  const { t } = useTranslation('layout');
  const location = useLocation();
  const { page, handle } = usePageRoutes(desktopRoutes, '/');
  const compact = useIsCompact();
  const nav = navIndexOf(location.pathname);
  const showLeft = !compact && (nav === 2 || nav === 3);
  const tm = useMetaT();
  useDocumentTitle(handle.title ? t(handle.title) : null, { layout: true, description: tm?.(descriptionKeys(handle)) });
  useMobileRedirect();

  useEffect(() => {
    if (location.pathname !== paths.login && location.pathname !== paths.loginWithTwitter) rememberLocation(location.pathname + location.search + location.hash);
  }, [location]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('skip')}
      </a>
      <Header />
      <div className={['app__body', showLeft && 'app__body--with-left'].filter(Boolean).join(' ')}>
        {showLeft && <LeftMenu />}
        <main id="main" className="app__main">
          <Suspense fallback={<PageSpinner />}>
            <RouteHandleContext.Provider value={handle}>{page}</RouteHandleContext.Provider>
          </Suspense>
        </main>
      </div>
      <Footer />
      <LoginDialogHost />
      <ComingSoonHost />
      <ScoreAlertsHost />
      <ScrollRestoration />
    </div>
  );
}
