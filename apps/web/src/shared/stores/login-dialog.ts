import { create } from 'zustand';

// The login dialog is opened from many places (header, member page, start-broadcast, /login).
export type LoginMode = 'login' | 'register' | 'forgot';
const REDIRECT_KEY = 'loginRedirect';

interface LoginDialogState {
  open: boolean;
  mode: LoginMode;
  /** Where to go after a successful login (the page the dialog was opened from). */
  redirect: string;
  /** An invite code from an invite link (/login?invite=CODE), prefilled in the register form. */
  invite: string;
  openLogin: (mode?: LoginMode, redirect?: string, invite?: string) => void;
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
  invite: '',
  openLogin: (mode = 'login', redirect = here(), invite) => {
    try {
      sessionStorage.setItem(REDIRECT_KEY, redirect);
    } catch {
      /* ignore */
    }
    set((s) => ({ open: true, mode, redirect, invite: invite ?? s.invite }));
  },
  setMode: (mode) => set({ mode }),
  close: () => set({ open: false }),
}));
