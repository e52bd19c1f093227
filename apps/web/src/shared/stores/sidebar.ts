import { create } from 'zustand';
import { getCookie, setCookie } from '../lib/cookie';

// Left menu open/closed, kept in the cookie "sidebarStatus" as 1 (open) or 0 (closed) (spec §4).
export const SIDEBAR_COOKIE = 'sidebarStatus';

interface SidebarState {
  opened: boolean;
  withoutAnimation: boolean;
  toggle: () => void;
  close: (withoutAnimation?: boolean) => void;
}

export const useSidebarStore = create<SidebarState>((set, get) => ({
  opened: getCookie(SIDEBAR_COOKIE) !== '0',
  withoutAnimation: false,
  toggle: () => {
    const opened = !get().opened;
    setCookie(SIDEBAR_COOKIE, opened ? '1' : '0', 365);
    set({ opened, withoutAnimation: false });
  },
  close: (withoutAnimation = false) => {
    setCookie(SIDEBAR_COOKIE, '0', 365);
    set({ opened: false, withoutAnimation });
  },
}));
