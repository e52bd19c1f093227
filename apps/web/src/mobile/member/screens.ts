import { MemberType, memberPage, paths, type MemberTypeValue } from '@/config/paths';

const TYPES = new Set<number>(Object.values(MemberType));

/** Where /m/member?… lands: the "me" page (no or unknown type) or one section's own screen. */
export type MemberScreen = { kind: 'me' } | { kind: 'section'; type: MemberTypeValue } | { kind: 'redirect'; to: string };

/**
 * Picks the screen for a query. The desktop's /member (no type) is its profile, the phone's is the
 * "me" page; every ?type= maps 1:1. Withdrawals take out anchor income, so a fan gets the wallet
 * (as on the desktop).
 */
export function screenFor(search: URLSearchParams, isAnchor: boolean): MemberScreen {
  const raw = search.get('type');
  if (raw === null || raw.trim() === '') return { kind: 'me' };
  const type = Number(raw);
  if (!Number.isInteger(type) || !TYPES.has(type)) return { kind: 'me' };
  if (type === MemberType.WITHDRAWAL && !isAnchor) return { kind: 'redirect', to: mobileMemberPage(MemberType.WALLET) };
  return { kind: 'section', type: type as MemberTypeValue };
}

/** A section's phone address (/m/member?type=N), the mobile twin of memberPage(). */
export const mobileMemberPage = (type: MemberTypeValue, extra = '') => `${paths.mobile}${memberPage(type)}${extra}`;
/** The "me" page. */
export const mobileMe = `${paths.mobile}${paths.member}`;

/** The "me" page's grid (money and perks) and list (account and streaming), of the viewer's entries. */
const GRID = new Set<number>([MemberType.WALLET, MemberType.BACKPACK, MemberType.NOBLE, MemberType.INVITE]);
export function splitEntries<T extends { type: number }>(entries: readonly T[]): { grid: T[]; list: T[] } {
  return { grid: entries.filter((e) => GRID.has(e.type)), list: entries.filter((e) => !GRID.has(e.type)) };
}
