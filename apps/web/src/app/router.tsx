import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import type { RouteHandle } from './route-meta';
import { RouteError } from './layout/route-error';
import { PageSpinner } from '@/shared/ui/spinner';

// Every route of spec §2. Pages are lazy modules; the layout (header, footer, left menu, login
// dialog) is part of the first load. Titles are i18n keys in the layout namespace.

const comingSoon = () => import('./routes/coming-soon').then((m) => ({ Component: m.Component }));

const soon = (path: string, title: string, hint?: string): RouteObject => ({
  path,
  lazy: comingSoon,
  handle: { title, hint } satisfies RouteHandle,
});

const desktopRoutes: RouteObject[] = [
  // `element: null`: the loader always redirects; without an element the router warns on every visit.
  { index: true, loader: () => redirect(paths.home), element: null },
  { path: paths.home, lazy: () => import('./routes/home').then((m) => ({ Component: m.Component })), handle: { title: 'routes.home' } },
  { path: paths.login, lazy: () => import('./routes/login').then((m) => ({ Component: m.Component })), handle: { title: 'routes.login' } },
  {
    path: paths.loginWithTwitter,
    lazy: () => import('./routes/login-with-twitter').then((m) => ({ Component: m.Component })),
    handle: { title: 'routes.loginWithTwitter' },
  },
  soon(paths.dome, 'routes.dome'),
  { path: paths.basketball, lazy: () => import('@/features/matches/pages/matches').then((m) => ({ Component: m.BasketballPage })), handle: { title: 'routes.basketball' } },
  { path: paths.football, lazy: () => import('@/features/matches/pages/matches').then((m) => ({ Component: m.FootballPage })), handle: { title: 'routes.football' } },
  { path: paths.anchor, lazy: () => import('./routes/anchor').then((m) => ({ Component: m.Component })), handle: { title: 'routes.anchor' } },
  { path: paths.schedule, lazy: () => import('@/features/matches/pages/schedule').then((m) => ({ Component: m.SchedulePage })), handle: { title: 'routes.schedule' } },
  { path: paths.rank, lazy: () => import('./routes/rank').then((m) => ({ Component: m.Component })), handle: { title: 'routes.rank' } },
  { path: paths.attention, lazy: () => import('./routes/attention').then((m) => ({ Component: m.Component })), handle: { title: 'routes.attention' } },
  { path: paths.reserve, lazy: () => import('./routes/reserve').then((m) => ({ Component: m.Component })), handle: { title: 'routes.reserve' } },
  { path: paths.foresight, lazy: () => import('@/features/matches/pages/foresight').then((m) => ({ Component: m.ForesightPage })), handle: { title: 'routes.foresight' } },
  { path: paths.news, lazy: () => import('./routes/news').then((m) => ({ Component: m.Component })), handle: { title: 'routes.news' } },
  { path: paths.baseFootball, lazy: () => import('@/features/matches/pages/competition-data').then((m) => ({ Component: m.BaseFootballPage })), handle: { title: 'routes.baseFootball' } },
  { path: paths.baseBasketball, lazy: () => import('@/features/matches/pages/competition-data').then((m) => ({ Component: m.BaseBasketballPage })), handle: { title: 'routes.baseBasketball' } },
  { path: paths.circle, lazy: () => import('./routes/circle').then((m) => ({ Component: m.Component })), handle: { title: 'routes.circle' } },
  { path: paths.circleDetail, lazy: () => import('./routes/circle-detail').then((m) => ({ Component: m.Component })), handle: { title: 'routes.circleDetail' } },
  { path: paths.download, lazy: () => import('./routes/download').then((m) => ({ Component: m.Component })), handle: { title: 'routes.download' } },
  { path: paths.live, lazy: () => import('./routes/live').then((m) => ({ Component: m.Component })), handle: { title: 'routes.live' } },
  { path: paths.scoreLive, lazy: () => import('./routes/score-live').then((m) => ({ Component: m.Component })), handle: { title: 'routes.scoreLive' } },
  { path: paths.team, lazy: () => import('@/features/matches/pages/team').then((m) => ({ Component: m.TeamPage })), handle: { title: 'routes.team' } },
  { path: paths.search, lazy: () => import('./routes/search').then((m) => ({ Component: m.Component })), handle: { title: 'routes.search' } },
  { path: paths.member, lazy: () => import('./routes/member').then((m) => ({ Component: m.Component })), handle: { title: 'routes.member' } },
  { path: paths.detail, lazy: () => import('./routes/detail').then((m) => ({ Component: m.Component })), handle: { title: 'routes.detail' } },
  { path: paths.persona, lazy: () => import('./routes/persona').then((m) => ({ Component: m.Component })), handle: { title: 'routes.persona' } },
  soon(paths.comment, 'routes.comment', 'hints.comment'),
  { path: paths.aboutUser, lazy: () => import('./routes/about-user').then((m) => ({ Component: m.Component })), handle: { title: 'routes.aboutUser' } },
  soon(paths.demo, 'routes.demo'),
  soon(paths.newFile, 'routes.newFile'),
  soon(paths.trophy, 'routes.trophy', 'hints.trophy'),
  { path: paths.notFound, lazy: () => import('./routes/not-found').then((m) => ({ Component: m.Component })), handle: { title: 'routes.notFound' } },
  { path: paths.forbidden, lazy: () => import('./routes/forbidden').then((m) => ({ Component: m.Component })), handle: { title: 'routes.forbidden' } },
  { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.Component })), handle: { title: 'routes.notFound' } },
];

/** A route module of app/routes (its `Component`): the desktop and mobile sites place the same composition. */
const page = (load: () => Promise<{ Component: React.ComponentType }>) => () => load().then((m) => ({ Component: m.Component }));

// The mobile site (< 500 px, spec §1): every screen of spec §2 under /m with the same paths. Most
// reuse the desktop's route modules (same features, same calls) inside the touch layout and its
// styles; the live room, the home, the login and the match pages are the mobile site's own.
const mobileRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('@/mobile/routes/home')), handle: { title: 'routes.home', tab: 'home' } },
  { path: 'login', lazy: page(() => import('@/mobile/routes/login')), handle: { title: 'routes.login', tab: 'home' } },
  { path: 'football', lazy: () => import('@/mobile/routes/matches').then((m) => ({ Component: m.Football })), handle: { title: 'routes.football', tab: 'scores' } },
  { path: 'basketball', lazy: () => import('@/mobile/routes/matches').then((m) => ({ Component: m.Basketball })), handle: { title: 'routes.basketball', tab: 'scores' } },
  { path: 'score-live/:id', lazy: () => import('@/mobile/routes/matches').then((m) => ({ Component: m.ScoreLive })), handle: { title: 'routes.scoreLive', tab: 'scores' } },
  { path: 'score-live', lazy: () => import('@/mobile/routes/matches').then((m) => ({ Component: m.ScoreLive })), handle: { title: 'routes.scoreLive', tab: 'scores' } },
  { path: 'team', lazy: () => import('@/features/matches/pages/team').then((m) => ({ Component: m.TeamPage })), handle: { title: 'routes.team', tab: 'scores' } },
  { path: 'live', lazy: page(() => import('@/mobile/routes/live')), handle: { title: 'routes.live', immersive: true } },
  { path: 'anchor', lazy: page(() => import('./routes/anchor')), handle: { title: 'routes.anchor', tab: 'live' } },
  { path: 'attention', lazy: page(() => import('./routes/attention')), handle: { title: 'routes.attention', tab: 'live' } },
  { path: 'reserve', lazy: page(() => import('./routes/reserve')), handle: { title: 'routes.reserve', tab: 'live' } },
  { path: 'rank', lazy: page(() => import('./routes/rank')), handle: { title: 'routes.rank', tab: 'live' } },
  { path: 'schedule', lazy: () => import('@/features/matches/pages/schedule').then((m) => ({ Component: m.SchedulePage })), handle: { title: 'routes.schedule', tab: 'scores' } },
  { path: 'foresight', lazy: () => import('@/features/matches/pages/foresight').then((m) => ({ Component: m.ForesightPage })), handle: { title: 'routes.foresight', tab: 'scores' } },
  { path: 'base-football', lazy: () => import('@/features/matches/pages/competition-data').then((m) => ({ Component: m.BaseFootballPage })), handle: { title: 'routes.baseFootball', tab: 'scores' } },
  {
    path: 'base-basketball',
    lazy: () => import('@/features/matches/pages/competition-data').then((m) => ({ Component: m.BaseBasketballPage })),
    handle: { title: 'routes.baseBasketball', tab: 'scores' },
  },
  { path: 'news', lazy: page(() => import('./routes/news')), handle: { title: 'routes.news', tab: 'news' } },
  { path: 'detail', lazy: page(() => import('./routes/detail')), handle: { title: 'routes.detail', tab: 'news' } },
  { path: 'circle', lazy: page(() => import('@/mobile/routes/circle')), handle: { title: 'routes.circle', tab: 'news' } },
  { path: 'circle-detail', lazy: page(() => import('./routes/circle-detail')), handle: { title: 'routes.circleDetail', tab: 'news' } },
  { path: 'persona', lazy: page(() => import('./routes/persona')), handle: { title: 'routes.persona' } },
  { path: 'search', lazy: page(() => import('./routes/search')), handle: { title: 'routes.search' } },
  { path: 'member', lazy: page(() => import('@/mobile/routes/member')), handle: { title: 'routes.member', tab: 'me' } },
  { path: 'downLoad', lazy: page(() => import('@/mobile/routes/download')), handle: { title: 'routes.download', tab: 'me' } },
  { path: 'about-user', lazy: page(() => import('./routes/about-user')), handle: { title: 'routes.aboutUser', tab: 'me' } },
  { path: '*', lazy: page(() => import('./routes/not-found')), handle: { title: 'routes.notFound' } },
];

export const routes: RouteObject[] = [
  {
    // The operator's console: its own layout and pages (features/console), one lazy chunk that the
    // public pages never load. Its pages are routed inside it, from its page registry.
    path: `${paths.admin}/*`,
    lazy: () => import('@/features/console/console-app').then((m) => ({ Component: m.Component })),
    hydrateFallbackElement: <PageSpinner />,
    errorElement: <RouteError />,
  },
  {
    // The mobile site: its own layout, loaded only when visited (none of it loads on desktop pages).
    path: paths.mobile,
    lazy: () => import('@/mobile/mobile-layout').then((m) => ({ Component: m.MobileLayout })),
    // Shown while the first page's lazy modules load (the router renders nothing until then).
    hydrateFallbackElement: <PageSpinner />,
    errorElement: <RouteError />,
    children: [{ errorElement: <RouteError />, children: mobileRoutes }],
  },
  {
    // The desktop layout is a lazy module too, so the mobile site's first load does not carry it.
    path: '/',
    lazy: () => import('./layout/main-layout').then((m) => ({ Component: m.MainLayout })),
    hydrateFallbackElement: <PageSpinner />,
    errorElement: <RouteError />,
    children: [{ errorElement: <RouteError />, children: desktopRoutes }],
  },
];

export const createRouter = () => createBrowserRouter(routes);
