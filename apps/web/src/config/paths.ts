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
  /** A team: fixtures, results and tables (/team?id=). */
  team: '/team',
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
  /** The operator's console (its own lazy area, features/console). */
  admin: '/admin',
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

/** A headline (/detail?id=), a circle post, a personal space. */
export const articlePage = (id: number) => `${paths.detail}?id=${id}`;
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
  [paths.team]: 1,
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
 * Desktop pages the mobile site (/m, spec §1) has its own page for: every screen of spec §2
 * except the social-login callback (it finishes a desktop flow) and the unlisted placeholder
 * routes (/dome, /demo, /new_file, /trophy/home); /comment, linked from the spec's table, has one.
 */
const MOBILE_PAGES = new Set<string>([
  paths.root,
  paths.home,
  paths.login,
  paths.basketball,
  paths.football,
  paths.anchor,
  paths.schedule,
  paths.rank,
  paths.attention,
  paths.reserve,
  paths.foresight,
  paths.news,
  paths.baseFootball,
  paths.baseBasketball,
  paths.circle,
  paths.circleDetail,
  paths.download,
  paths.live,
  paths.scoreLive,
  paths.team,
  paths.search,
  paths.member,
  paths.detail,
  paths.persona,
  paths.comment,
  paths.aboutUser,
  paths.notFound,
]);

/** Whether a narrow screen opening this desktop path goes to a page of the mobile site. */
export function hasMobilePage(pathname: string): boolean {
  return MOBILE_PAGES.has(pathname);
}

/** The mobile site's path for a desktop path, keeping the query (id, type, name…): /main → /m, /live?id=3 → /m/live?id=3. */
export function toMobilePath(pathname: string, search = ''): string {
  if (pathname === paths.root || pathname === paths.home) return `${paths.mobile}${search}`;
  return `${paths.mobile}${pathname}${search}`;
}

/** The desktop path for a mobile path (/m → /main), keeping the query. */
export function toDesktopPath(pathname: string, search = ''): string {
  const rest = pathname.replace(/^\/m(?=\/|$)/, '');
  if (rest === '' || rest === '/') return `${paths.home}${search}`;
  // The mobile match page may carry the id in its path, the desktop one in ?id=.
  const match = /^\/score-live\/(\d+)$/.exec(rest);
  if (match) return `${paths.scoreLive}?id=${match[1]}`;
  return `${rest}${search}`;
}

/**
 * A link the mobile site should follow inside itself: a same-site desktop path that has a mobile
 * page becomes its /m twin (feature components build desktop links from `paths`); anything else
 * (another site, an upload, a media file, a path without a mobile page) is left alone (null).
 */
export function mobileHref(href: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.pathname === paths.mobile || url.pathname.startsWith(`${paths.mobile}/`)) return null;
  if (!hasMobilePage(url.pathname)) return null;
  return toMobilePath(url.pathname, url.search) + url.hash;
}

/** A broadcast's replay (/live?id=<room>&replay=<id>), optionally at a second (&t=). */
export const replayPage = (roomId: number, id: number, t?: number) => `${paths.live}?id=${roomId}&replay=${id}${t ? `&t=${Math.floor(t)}` : ''}`;
/** A clip's own page: the URL that is shared. */
export const clipPage = (roomId: number, id: number) => `${paths.live}?id=${roomId}&clip=${id}`;

/** A page of the operator's console: /admin/<sub> ('' is its home). */
export const adminPage = (sub = '') => (sub ? `${paths.admin}/${sub}` : paths.admin);
