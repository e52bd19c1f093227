import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import type { RouteHandle } from './route-meta';
import { MainLayout } from './layout/main-layout';
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
  { index: true, loader: () => redirect(paths.home) },
  { path: paths.home, lazy: () => import('./routes/home').then((m) => ({ Component: m.Component })), handle: { title: 'routes.home' } },
  { path: paths.login, lazy: () => import('./routes/login').then((m) => ({ Component: m.Component })), handle: { title: 'routes.login' } },
  {
    path: paths.loginWithTwitter,
    lazy: () => import('./routes/login-with-twitter').then((m) => ({ Component: m.Component })),
    handle: { title: 'routes.loginWithTwitter' },
  },
  soon(paths.dome, 'routes.dome'),
  soon(paths.basketball, 'routes.basketball', 'hints.matches'),
  soon(paths.football, 'routes.football', 'hints.matches'),
  soon(paths.anchor, 'routes.anchor', 'hints.anchor'),
  soon(paths.schedule, 'routes.schedule', 'hints.schedule'),
  soon(paths.rank, 'routes.rank', 'hints.rank'),
  soon(paths.attention, 'routes.attention', 'hints.attention'),
  soon(paths.reserve, 'routes.reserve', 'hints.reserve'),
  soon(paths.foresight, 'routes.foresight', 'hints.foresight'),
  soon(paths.news, 'routes.news', 'hints.news'),
  soon(paths.baseFootball, 'routes.baseFootball', 'hints.base'),
  soon(paths.baseBasketball, 'routes.baseBasketball', 'hints.base'),
  soon(paths.circle, 'routes.circle', 'hints.circle'),
  soon(paths.circleDetail, 'routes.circleDetail', 'hints.circle'),
  { path: paths.download, lazy: () => import('./routes/download').then((m) => ({ Component: m.Component })), handle: { title: 'routes.download' } },
  soon(paths.live, 'routes.live', 'hints.live'),
  soon(paths.scoreLive, 'routes.scoreLive', 'hints.scoreLive'),
  { path: paths.search, lazy: () => import('./routes/search').then((m) => ({ Component: m.Component })), handle: { title: 'routes.search' } },
  { path: paths.member, lazy: () => import('./routes/member').then((m) => ({ Component: m.Component })), handle: { title: 'routes.member' } },
  soon(paths.detail, 'routes.detail', 'hints.detail'),
  soon(paths.persona, 'routes.persona', 'hints.persona'),
  soon(paths.comment, 'routes.comment', 'hints.comment'),
  { path: paths.aboutUser, lazy: () => import('./routes/about-user').then((m) => ({ Component: m.Component })), handle: { title: 'routes.aboutUser' } },
  soon(paths.demo, 'routes.demo'),
  soon(paths.newFile, 'routes.newFile'),
  soon(paths.trophy, 'routes.trophy', 'hints.trophy'),
  { path: paths.notFound, lazy: () => import('./routes/not-found').then((m) => ({ Component: m.Component })), handle: { title: 'routes.notFound' } },
  { path: paths.forbidden, lazy: () => import('./routes/forbidden').then((m) => ({ Component: m.Component })), handle: { title: 'routes.forbidden' } },
  { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.Component })), handle: { title: 'routes.notFound' } },
];

export const routes: RouteObject[] = [
  {
    // The mobile site (< 500 px): its own light layout, loaded only when visited.
    path: paths.mobile,
    lazy: () => import('@/mobile/mobile-layout').then((m) => ({ Component: m.MobileLayout })),
    // Shown while the first page's lazy modules load (the router renders nothing until then).
    hydrateFallbackElement: <PageSpinner />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: () => import('@/mobile/routes/home').then((m) => ({ Component: m.Component })), handle: { title: 'routes.home' } },
      { path: 'login', lazy: () => import('@/mobile/routes/login').then((m) => ({ Component: m.Component })), handle: { title: 'routes.login' } },
      { path: '*', lazy: () => import('@/mobile/routes/other').then((m) => ({ Component: m.Component })), handle: { title: 'routes.mobile' } },
    ],
  },
  {
    path: '/',
    element: <MainLayout />,
    hydrateFallbackElement: <PageSpinner />,
    errorElement: <RouteError />,
    children: [{ errorElement: <RouteError />, children: desktopRoutes }],
  },
];

export const createRouter = () => createBrowserRouter(routes);
