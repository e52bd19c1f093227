import type { RouteObject } from 'react-router';
import { lazyPage, preloadMatches } from '@/app/lazy-routes';
import { paths } from '@/config/paths';
import { homeRoute } from './home-route';

// The mobile site (< 500 px, spec §1): every screen of spec §2 under /m with the same paths. Most
// reuse the desktop's route modules (same features, same calls) inside the touch layout and its
// styles; the live room, the home, the login and the match pages are the mobile site's own.
export const mobileRoutes: RouteObject[] = [
  homeRoute,
  { path: 'login', element: lazyPage(() => import('@/mobile/routes/login')), handle: { title: 'routes.login', tab: 'home' } },
  { path: 'football', element: lazyPage(() => import('@/mobile/routes/matches').then((m) => ({ Component: m.Football }))), handle: { title: 'routes.football', tab: 'scores' } },
  { path: 'basketball', element: lazyPage(() => import('@/mobile/routes/matches').then((m) => ({ Component: m.Basketball }))), handle: { title: 'routes.basketball', tab: 'scores' } },
  { path: 'score-live/:id', element: lazyPage(() => import('@/mobile/routes/matches').then((m) => ({ Component: m.ScoreLive }))), handle: { title: 'routes.scoreLive', tab: 'scores' } },
  { path: 'score-live', element: lazyPage(() => import('@/mobile/routes/matches').then((m) => ({ Component: m.ScoreLive }))), handle: { title: 'routes.scoreLive', tab: 'scores' } },
  { path: 'team', element: lazyPage(() => import('@/features/matches/pages/team').then((m) => ({ Component: m.TeamPage }))), handle: { title: 'routes.team', tab: 'scores' } },
  { path: 'live', element: lazyPage(() => import('@/mobile/routes/live')), handle: { title: 'routes.live', immersive: true } },
  { path: 'anchor', element: lazyPage(() => import('@/app/routes/anchor')), handle: { title: 'routes.anchor', tab: 'live' } },
  { path: 'attention', element: lazyPage(() => import('@/app/routes/attention')), handle: { title: 'routes.attention', tab: 'live' } },
  { path: 'reserve', element: lazyPage(() => import('@/app/routes/reserve')), handle: { title: 'routes.reserve', tab: 'live' } },
  { path: 'rank', element: lazyPage(() => import('@/app/routes/rank')), handle: { title: 'routes.rank', tab: 'live' } },
  { path: 'schedule', element: lazyPage(() => import('@/features/matches/pages/schedule').then((m) => ({ Component: m.SchedulePage }))), handle: { title: 'routes.schedule', tab: 'scores' } },
  { path: 'foresight', element: lazyPage(() => import('@/features/matches/pages/foresight').then((m) => ({ Component: m.ForesightPage }))), handle: { title: 'routes.foresight', tab: 'scores' } },
  {
    path: 'base-football',
    element: lazyPage(() => import('@/features/matches/pages/competition-data').then((m) => ({ Component: m.BaseFootballPage }))),
    handle: { title: 'routes.baseFootball', tab: 'scores' },
  },
  {
    path: 'base-basketball',
    element: lazyPage(() => import('@/features/matches/pages/competition-data').then((m) => ({ Component: m.BaseBasketballPage }))),
    handle: { title: 'routes.baseBasketball', tab: 'scores' },
  },
  { path: 'news', element: lazyPage(() => import('@/app/routes/news')), handle: { title: 'routes.news', tab: 'news' } },
  { path: 'detail', element: lazyPage(() => import('@/app/routes/detail')), handle: { title: 'routes.detail', tab: 'news' } },
  { path: 'circle', element: lazyPage(() => import('@/mobile/routes/circle')), handle: { title: 'routes.circle', tab: 'news' } },
  { path: 'circle-detail', element: lazyPage(() => import('@/app/routes/circle-detail')), handle: { title: 'routes.circleDetail', tab: 'news' } },
  { path: 'persona', element: lazyPage(() => import('@/app/routes/persona')), handle: { title: 'routes.persona' } },
  { path: 'search', element: lazyPage(() => import('@/app/routes/search')), handle: { title: 'routes.search' } },
  { path: 'member', element: lazyPage(() => import('@/mobile/routes/member')), handle: { title: 'routes.member', tab: 'me' } },
  { path: 'downLoad', element: lazyPage(() => import('@/mobile/routes/download')), handle: { title: 'routes.download', tab: 'me' } },
  { path: 'about-user', element: lazyPage(() => import('@/app/routes/about-user')), handle: { title: 'routes.aboutUser', tab: 'me' } },
  // The desktop's /comment is a placeholder page for now (spec §2 names it, nothing more): the
  // phone gets the same page in its layout, not a 404.
  { path: 'comment', element: lazyPage(() => import('@/app/routes/coming-soon')), handle: { title: 'routes.comment', hint: 'hints.comment', tab: 'news' } },
  { path: '*', element: lazyPage(() => import('@/app/routes/not-found')), handle: { title: 'routes.notFound' } },
];

/**
 * Starts loading the page of a phone URL (the layout's part of main.tsx's preloadRoute).
 * @public read through the lazily loaded table module (app/router.tsx), which knip does not follow.
 */
export const preloadPage = (pathname: string) => preloadMatches(mobileRoutes, pathname, paths.mobile);
