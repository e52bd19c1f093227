import { create } from 'zustand';

// The login dialog is opened from many places (header, member page, start-broadcast, /login).
export type LoginMode = 'login' | 'register' | 'forgot';
const REDIRECT_KEY = 'loginRedirect';

interface LoginDialogState {
  open: boolean;
  mode: LoginMode;
  /** Where to go after a successful login (the page the dialog was opened from). */
  redirect: string;
  openLogin: (mode?: LoginMode, redirect?: string) => void;
  setMode: (mode: LoginMode) => void;
  close: () => void;
}

const here = () => (typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search + window.location.hash);

function readRedirect(): string {
  try {
    return sessionStorage.getItem(REDIRECT_KEY) ?? '';
  } catch {
    return '';
  }
}

export const useLoginDialog = create<LoginDialogState>((set) => ({
  open: false,
  mode: 'login',
  redirect: readRedirect(),
  openLogin: (mode = 'login', redirect = here()) => {
    try {
      sessionStorage.setItem(REDIRECT_KEY, redirect);
    } catch {
      /* ignore */
    }
    set({ open: true, mode, redirect });
  },
  setMode: (mode) => set({ mode }),
  close: () => set({ open: false }),
}));
