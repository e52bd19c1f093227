import { Navigate, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { lazyPage, preloadMatches } from '../lazy-routes';
import type { RouteHandle } from '../route-meta';

// The desktop site's pages (spec §2), loaded with its layout (main-layout.tsx): the phone's first
// load carries none of this table.

const comingSoon = () => import('../routes/coming-soon').then((m) => ({ Component: m.Component }));

const soon = (path: string, title: string, hint?: string): RouteObject => ({
  path,
  element: lazyPage(comingSoon),
  handle: { title, hint } satisfies RouteHandle,
});

export const desktopRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={paths.home} replace /> },
  { path: paths.home, element: lazyPage(() => import('../routes/home').then((m) => ({ Component: m.Component }))), handle: { title: 'routes.home' } },
  { path: paths.login, element: lazyPage(() => import('../routes/login').then((m) => ({ Component: m.Component }))), handle: { title: 'routes.login' } },
  {
    path: paths.loginWithTwitter,
    element: lazyPage(() => import('../routes/login-with-twitter').then((m) => ({ Component: m.Component }))),
    handle: { title: 'routes.loginWithTwitter' },
  },
  soon(paths.dome, 'routes.dome'),
  { path: paths.basketball, element: lazyPage(() => import('@/features/matches/pages/matches').then((m) => ({ Component: m.BasketballPage }))), handle: { title: 'routes.basketball' } },
  { path: paths.football, element: lazyPage(() => import('@/features/matches/pages/matches').then((m) => ({ Component: m.FootballPage }))), handle: { title: 'routes.football' } },
  { path: paths.anchor, element: lazyPage(() => import('../routes/anchor').then((m) => ({ Component: m.Component }))), handle: { title: 'routes.anchor' } },
  { path: paths.schedule, element: lazyPage(() => import('@/features/matches/pages/schedule').then((m) => ({ Component: m.SchedulePage }))), handle: { title: 'routes.schedule' } },
  { path: paths.rank, element: lazyPage(() => import('../routes/rank').then((m) => ({ Component: m.Component }))), handle: { title: 'routes.rank' } },
  { path: paths.attention, element: lazyPage(() => import('../routes/attention').then((m) => ({ Component: m.Component }))), handle: { title: 'routes.attention' } },
  { path: paths.reserve, element: lazyPage(() => import('../routes/reserve').then((m) => ({ Component: m.Component }))), handle: { title: 'routes.reserve' } },
  { path: paths.foresight, element: lazyPage(() => import('@/features/matches/pages/foresight').then((m) => ({ Component: m.ForesightPage }))), handle: { title: 'routes.foresight' } },
  { path: paths.news, element: lazyPage(() => import('../routes/news').then((m) => ({ Component: m.Component }))), handle: { title: 'routes.news' } },
  { path: paths.baseFootball, element: lazyPage(() => import('@/features/matches/pages/competition-data').then((m) => ({ Component: m.BaseFootballPage }))), handle: { title: 'routes.baseFootball' } },
  {
    path: paths.baseBasketball,
    element: lazyPage(() => import('@/features/matches/pages/competition-data').then((m) => ({ Component: m.BaseBasketballPage }))),
    handle: { title: 'routes.baseBasketball' },
  },
  { path: paths.circle, element: lazyPage(() => import('../routes/circle').then((m) => ({ Component: m.Component }))), handle: { title: 'routes.circle' } },
  { path: paths.circleDetail, element: lazyPage(() => import('../routes/circle-detail').then((m) => ({ Component: m.Component }))), handle: { title: 'routes.circleDetail' } },
  { path: paths.download, element: lazyPage(() => import('../routes/download').then((m) => ({ Component: m.Component }))), handle: { title: 'routes.download' } },
  { path: paths.live, element: lazyPage(() => import('../routes/live').then((m) => ({ Component: m.Component }))), handle: { title: 'routes.live' } },
  { path: paths.scoreLive, element: lazyPage(() => import('../routes/score-live').then((m) => ({ Component: m.Component }))), handle: { title: 'routes.scoreLive' } },
  { path: paths.team, element: lazyPage(() => import('@/features/matches/pages/team').then((m) => ({ Component: m.TeamPage }))), handle: { title: 'routes.team' } },
  { path: paths.search, element: lazyPage(() => import('../routes/search').then((m) => ({ Component: m.Component }))), handle: { title: 'routes.search' } },
  { path: paths.member, element: lazyPage(() => import('../routes/member').then((m) => ({ Component: m.Component }))), handle: { title: 'routes.member' } },
  { path: paths.detail, element: lazyPage(() => import('../routes/detail').then((m) => ({ Component: m.Component }))), handle: { title: 'routes.detail' } },
  { path: paths.persona, element: lazyPage(() => import('../routes/persona').then((m) => ({ Component: m.Component }))), handle: { title: 'routes.persona' } },
  soon(paths.comment, 'routes.comment', 'hints.comment'),
  { path: paths.aboutUser, element: lazyPage(() => import('../routes/about-user').then((m) => ({ Component: m.Component }))), handle: { title: 'routes.aboutUser' } },
  soon(paths.demo, 'routes.demo'),
  soon(paths.newFile, 'routes.newFile'),
  soon(paths.trophy, 'routes.trophy', 'hints.trophy'),
  { path: paths.notFound, element: lazyPage(() => import('../routes/not-found').then((m) => ({ Component: m.Component }))), handle: { title: 'routes.notFound' } },
  { path: paths.forbidden, element: lazyPage(() => import('../routes/forbidden').then((m) => ({ Component: m.Component }))), handle: { title: 'routes.forbidden' } },
  { path: '*', element: lazyPage(() => import('../routes/not-found').then((m) => ({ Component: m.Component }))), handle: { title: 'routes.notFound' } },
];

/** Starts loading the page of a desktop URL (the layout's part of main.tsx's preloadRoute). */
export const preloadPage = (pathname: string) => preloadMatches(desktopRoutes, pathname, '/');
