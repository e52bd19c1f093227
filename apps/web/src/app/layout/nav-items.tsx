import type { ReactNode } from 'react';
import { anchorList, paths } from '@/config/paths';
import { IconBall, IconBasketball, IconCalendar, IconGamepad, IconGrid, IconHeart, IconTrophy, IconTv, IconBell } from '@/shared/ui/icons';

export interface NavItem {
  to: string;
  key: string;
  icon: ReactNode;
}

/** The live dropdown of the header (spec §2): football, basketball, esports, comprehensive. */
export const LIVE_CATEGORIES: NavItem[] = [
  { to: anchorList(1), key: 'live.football', icon: <IconBall /> },
  { to: anchorList(2), key: 'live.basketball', icon: <IconBasketball /> },
  { to: anchorList(3), key: 'live.esports', icon: <IconGamepad /> },
  { to: anchorList(4), key: 'live.general', icon: <IconGrid /> },
];

/** The left menu (routes with nav index 2 or 3). */
export const LEFT_MENU: { group: string; items: NavItem[] }[] = [
  { group: 'left.live', items: [{ to: anchorList(0), key: 'live.all', icon: <IconTv /> }, ...LIVE_CATEGORIES] },
  {
    group: 'left.mine',
    items: [
      { to: paths.attention, key: 'left.follows', icon: <IconHeart /> },
      { to: paths.reserve, key: 'left.reserve', icon: <IconBell /> },
    ],
  },
  {
    group: 'left.discover',
    items: [
      { to: paths.rank, key: 'left.rank', icon: <IconTrophy /> },
      { to: paths.schedule, key: 'left.schedule', icon: <IconCalendar /> },
    ],
  },
];

/** Whether a nav link points at the current location (path plus ?type for the anchor list). */
export function isCurrent(to: string, pathname: string, search: string): boolean {
  const [p, q] = to.split('?');
  if (p.toLowerCase() !== pathname.toLowerCase()) return false;
  const want = new URLSearchParams(q ?? '').get('type') ?? '0';
  const have = new URLSearchParams(search).get('type') ?? '0';
  return p !== paths.anchor || want === have;
}
