// Every URL of the site, in one place (spec §2). Components build links from here, never from literals.

export const paths = {
  root: '/',
  home: '/main',
  login: '/login',
  loginWithTwitter: '/loginWithTwitter',
  dome: '/dome',
  basketball: '/basketball',
  football: '/football',
  anchor: '/anchor',
  schedule: '/schedule',
  rank: '/rank',
  attention: '/attention',
  reserve: '/reserve',
  foresight: '/foresight',
  news: '/news',
  baseFootball: '/base-football',
  baseBasketball: '/base-basketball',
  circle: '/circle',
  circleDetail: '/circle-detail',
  download: '/downLoad',
  live: '/live',
  scoreLive: '/score-live',
  search: '/search',
  member: '/member',
  detail: '/detail',
  persona: '/persona',
  comment: '/comment',
  aboutUser: '/about-user',
  demo: '/demo',
  newFile: '/new_file',
  trophy: '/trophy/home',
  notFound: '/404',
  forbidden: '/403',
  mobile: '/m',
  mobileLogin: '/m/login',
} as const;

/** Anchor list category (spec §2): 0 all, 1 football, 2 basketball, 3 esports, 4 general. */
export const ANCHOR_TYPES = [0, 1, 2, 3, 4] as const;
export type AnchorType = (typeof ANCHOR_TYPES)[number];
export const anchorList = (type: AnchorType) => (type === 0 ? paths.anchor : `${paths.anchor}?type=${type}`);

/** /member?type=… (spec §2). Types other than 0, 1, 7 and 9 are this site's choice. */
export const MemberType = {
  PROFILE: 0,
  WALLET: 1,
  BACKPACK: 2,
  FOLLOWS: 3,
  WITHDRAWAL: 4,
  PAYMENT_PASSWORD: 5,
  NOBLE: 6,
  APPLY_ANCHOR: 7,
  INVITE: 8,
  BROADCAST_RECORD: 9,
} as const;
export type MemberTypeValue = (typeof MemberType)[keyof typeof MemberType];
export const memberPage = (type: MemberTypeValue) => `${paths.member}?type=${type}`;

/** A live room (/live?id=<room id = anchor uid>). */
export const livePage = (roomId: number) => `${paths.live}?id=${roomId}`;

export const searchPage = (name: string) => `${paths.search}?name=${encodeURIComponent(name)}`;

/** A headline (/detail?id=), the writer's form, a circle post, a personal space. */
export const articlePage = (id: number) => `${paths.detail}?id=${id}`;
export const newsWritePage = `${paths.news}?write=1`;
export const postPage = (id: number) => `${paths.circleDetail}?id=${id}`;
export const personaPage = (id: number) => `${paths.persona}?id=${id}`;

/**
 * Nav index per route (spec §2 table): it picks the active header link and whether the left
 * menu shows (index 2 or 3). null = not shown in navigation.
 */
export const NAV_INDEX: Record<string, number | null> = {
  [paths.home]: 0,
  [paths.basketball]: 1,
  [paths.football]: 1,
  [paths.scoreLive]: 1,
  [paths.anchor]: 2,
  [paths.rank]: 2,
  [paths.attention]: 2,
  [paths.reserve]: 2,
  [paths.live]: 2,
  [paths.schedule]: 3,
  [paths.news]: 4,
  [paths.circle]: 5,
  [paths.circleDetail]: 5,
  [paths.baseFootball]: 6,
  [paths.baseBasketball]: 6,
  [paths.download]: 7,
  [paths.foresight]: 9,
};

export const navIndexOf = (pathname: string): number | null => NAV_INDEX[pathname] ?? null;

/** Routes whose header slides away once the page is scrolled past 60 px (spec §2). */
export const HIDE_HEADER_ON_SCROLL = new Set<string>([paths.home, paths.football, paths.basketball]);
export const HEADER_HIDE_SCROLL_PX = 60;

/**
 * Desktop pages the mobile site has its own version of. Only these send a narrow screen to /m:
 * a phone opening a shared live-room or headline link gets that page (the desktop layout is
 * responsive down to phone width), not a "not on the mobile site yet" stop.
 */
export function hasMobilePage(pathname: string): boolean {
  return ([paths.root, paths.home, paths.login, paths.football, paths.basketball, paths.scoreLive] as string[]).includes(pathname);
}

/** The mobile site's path for a desktop path, keeping the intent (/main → /m). */
export function toMobilePath(pathname: string, search = ''): string {
  if (pathname === paths.root || pathname === paths.home) return paths.mobile;
  if (pathname === paths.login) return paths.mobileLogin;
  return `${paths.mobile}${pathname}${search}`;
}

/** The desktop path for a mobile path (/m → /main). */
export function toDesktopPath(pathname: string, search = ''): string {
  const rest = pathname.replace(/^\/m(?=\/|$)/, '');
  if (rest === '' || rest === '/') return paths.home;
  // The mobile match page carries the id in its path, the desktop one in ?id=.
  const match = /^\/score-live\/(\d+)$/.exec(rest);
  if (match) return `${paths.scoreLive}?id=${match[1]}`;
  return `${rest}${search}`;
}
