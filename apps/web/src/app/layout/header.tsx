import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HEADER_HIDE_SCROLL_PX, HIDE_HEADER_ON_SCROLL, MemberType, memberPage, navIndexOf, paths } from '@/config/paths';
import { SearchBox } from '@/features/search/components/search-box';
import { useIsCompact } from '@/shared/hooks/use-media-query';
import { useScrollPast } from '@/shared/hooks/use-scroll-past';
import { useSiteName } from '@/shared/stores/app';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { Avatar } from '@/shared/ui/avatar';
import { Button } from '@/shared/ui/button';
import { IconChevronDown, IconMenu, IconVideo } from '@/shared/ui/icons';
import { Logo } from '@/shared/ui/logo';
import { LanguageSwitch } from '@/shared/ui/language-switch';
import { LIVE_CATEGORIES } from './nav-items';

// The avatar's hover panel (Radix hover card and its positioning library, ~20 kB) loads when the
// pointer or keyboard focus first reaches the avatar, so the home page stays within its JS budget.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const NavDrawer = lazy(() => import('./nav-drawer').then((m) => ({ default: m.NavDrawer })));

/** Start broadcasting (spec §2): anchors → broadcast record, others → apply, guests → login. */
export function useStartBroadcast() {
  const islogin = useAuthStore((s) => s.islogin);
  const isAnchor = useAuthStore((s) => s.user?.is_anchor === 1);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const navigate = useNavigate();
  return () => {
    if (!islogin) openLogin('login');
    else navigate(memberPage(isAnchor ? MemberType.BROADCAST_RECORD : MemberType.APPLY_ANCHOR));
  };
}

/** The avatar as a plain link until the hover panel is wanted. */
function AvatarLink({ onIntent }: { onIntent?: () => void }) {
  const user = useAuthStore((s) => s.user);
  return (
    <Link to={memberPage(MemberType.PROFILE)} className="header__avatar" data-testid="header-avatar" onPointerEnter={onIntent} onFocus={onIntent}>
      <Avatar src={user?.avatar} alt={user?.user_nickname ?? ''} size={30} />
    </Link>
  );
}

export function Header() {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const site = useSiteName();
  const compact = useIsCompact();
  const islogin = useAuthStore((s) => s.islogin);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const startBroadcast = useStartBroadcast();
  const [drawer, setDrawer] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const [panel, setPanel] = useState(false);
  const hidden = useScrollPast(HEADER_HIDE_SCROLL_PX, HIDE_HEADER_ON_SCROLL.has(pathname));
  const nav = navIndexOf(pathname);

  return (
    <header className={['header', hidden && 'header--hidden'].filter(Boolean).join(' ')} data-testid="header">
      <div className="header__inner">
        {compact && (
          <button
            type="button"
            className="icon-btn header__menu"
            onClick={() => {
              setDrawerLoaded(true);
              setDrawer(true);
            }}
            aria-label={t('header.menu')}
            data-testid="header-menu"
          >
            <IconMenu size={20} />
          </button>
        )}
        <Link to={paths.home} className="header__logo" aria-label={site}>
          <Logo name={site} />
        </Link>

        {!compact && (
          <nav className="header__nav" aria-label={t('header.nav')}>
            <Link to={paths.home} className={nav === 0 ? 'is-active' : undefined} data-testid="nav-home">
              {t('nav.home')}
            </Link>
            {/* Live: the link opens the anchor list; hover or keyboard focus shows the categories
                (spec §2 dropdown). Plain CSS, so the first load carries no popper library. */}
            <div className="nav-drop">
              <Link to={paths.anchor} className={['header__drop', nav === 2 && 'is-active'].filter(Boolean).join(' ')} data-testid="nav-live" aria-haspopup="true">
                {t('nav.live')} <IconChevronDown size={14} />
              </Link>
              <div className="nav-drop__menu menu" data-testid="nav-live-menu">
                {LIVE_CATEGORIES.map((c) => (
                  <Link key={c.to} to={c.to} className="menu__item" data-testid={`nav-${c.key.replace('live.', 'live-')}`}>
                    {c.icon}
                    {t(c.key)}
                  </Link>
                ))}
              </div>
            </div>
            <Link to={paths.news} className={nav === 4 ? 'is-active' : undefined} data-testid="nav-news">
              {t('nav.news')}
            </Link>
          </nav>
        )}

        <div className="header__search">{!compact && <SearchBox compact />}</div>

        <div className="header__actions">
          {!compact && <LanguageSwitch />}
          <Button size="sm" onClick={startBroadcast} icon={<IconVideo size={15} />} data-testid="start-broadcast" className="header__broadcast" aria-label={t('header.startBroadcast')}>
            {compact ? null : t('header.startBroadcast')}
          </Button>
          {islogin && panel ? (
            <Suspense fallback={<AvatarLink />}>
              <UserMenu defaultOpen />
            </Suspense>
          ) : islogin ? (
            <AvatarLink onIntent={() => setPanel(true)} />
          ) : (
            <button type="button" className="header__login" onClick={() => openLogin('login')} data-testid="header-login">
              {t('header.login')}
            </button>
          )}
        </div>
      </div>
      {compact && drawerLoaded && (
        <Suspense fallback={null}>
          <NavDrawer open={drawer} onOpenChange={setDrawer} />
        </Suspense>
      )}
    </header>
  );
}
