import type { ComponentType } from 'react';
import type { StaffRole } from '@livesports/contracts/call';
import type { ConsoleMe } from '@livesports/contracts/console';

/**
 * The console's pages: one entry per page, in menu order. To add a page, add its file under
 * pages/ and one entry here; the menu, the routes and the role check follow from this list.
 */
export interface ConsolePage {
  /** Path under /admin ('' is the console's home). */
  path: string;
  /** Menu label, a key of the console namespace. */
  labelKey: string;
  /** Menu group, a key of the console namespace. */
  groupKey: 'menu.groups.overview' | 'menu.groups.queues' | 'menu.groups.people' | 'menu.groups.content' | 'menu.groups.system';
  /** The weakest role that sees the page (the server checks its calls again). */
  role: StaffRole;
  /** The count from api/admin/me shown beside the menu entry. */
  count?: keyof ConsoleMe['counts'];
  load: () => Promise<{ Component: ComponentType }>;
}

export const consolePages: ConsolePage[] = [
  { path: '', labelKey: 'menu.dashboard', groupKey: 'menu.groups.overview', role: 'moderator', load: () => import('./dashboard') },
  { path: 'applications', labelKey: 'menu.applications', groupKey: 'menu.groups.queues', role: 'admin', count: 'anchor_applications', load: () => import('./applications') },
  { path: 'withdrawals', labelKey: 'menu.withdrawals', groupKey: 'menu.groups.queues', role: 'admin', count: 'withdrawals', load: () => import('./withdrawals') },
  { path: 'reports', labelKey: 'menu.reports', groupKey: 'menu.groups.queues', role: 'moderator', count: 'reports', load: () => import('./reports') },
  { path: 'users', labelKey: 'menu.users', groupKey: 'menu.groups.people', role: 'moderator', load: () => import('./users') },
  { path: 'roles', labelKey: 'menu.roles', groupKey: 'menu.groups.people', role: 'admin', load: () => import('./roles') },
  { path: 'content', labelKey: 'menu.content', groupKey: 'menu.groups.content', role: 'moderator', load: () => import('./content') },
  { path: 'rooms', labelKey: 'menu.rooms', groupKey: 'menu.groups.content', role: 'moderator', load: () => import('./rooms') },
  { path: 'gifts', labelKey: 'menu.gifts', groupKey: 'menu.groups.system', role: 'admin', load: () => import('./gifts') },
  { path: 'prices', labelKey: 'menu.prices', groupKey: 'menu.groups.system', role: 'admin', load: () => import('./prices') },
  { path: 'settings', labelKey: 'menu.settings', groupKey: 'menu.groups.system', role: 'admin', load: () => import('./settings') },
  { path: 'feeds', labelKey: 'menu.feeds', groupKey: 'menu.groups.system', role: 'admin', load: () => import('./feeds') },
  { path: 'audit', labelKey: 'menu.audit', groupKey: 'menu.groups.system', role: 'admin', load: () => import('./audit-log') },
];

/** Whether a role may open a page: administrators see everything, moderators their pages only. */
export const canOpen = (mine: StaffRole, page: Pick<ConsolePage, 'role'>) => mine === 'admin' || page.role === 'moderator';
