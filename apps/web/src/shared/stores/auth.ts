import { create } from 'zustand';
import type { UserInfo } from '@livesports/contracts/account';
import { getCookie, removeCookie, setCookie } from '../lib/cookie';
import { readJSON, removeKey, writeJSON } from '../lib/storage';

// Auth state (spec §3/§4): the token lives in the cookie "token", the user info in localStorage
// "userInfo". The token cookie is HttpOnly (set by the server at login): page scripts never read
// it, so an injected script cannot steal a session; the browser sends it with every call. The page
// knows it is logged in from the "logged_in" marker cookie the server sets beside it.
export const TOKEN_COOKIE = 'token';
export const LOGGED_IN_COOKIE = 'logged_in';
export const USER_INFO_KEY = 'userInfo';
/** Session cookie lifetime on the client side; the server decides the real session expiry. */
const TOKEN_DAYS = 30;

interface AuthState {
  /** Always null in the browser: the token is in an HttpOnly cookie (kept for older callers). */
  token: string | null;
  user: UserInfo | null;
  islogin: boolean;
  /** Stores a login answer (token plus user info). */
  setLogin: (data: UserInfo & { token: string }) => void;
  /** Replaces the user info (api/user/info, profile edits). */
  setUser: (user: UserInfo) => void;
  /** Clears everything local: user info, token cookie, state. */
  clear: () => void;
}

function initial() {
  const islogin = getCookie(LOGGED_IN_COOKIE) === '1';
  const user = islogin ? readJSON<UserInfo | null>(USER_INFO_KEY, null) : null;
  return { token: null, user, islogin };
}

export const useAuthStore = create<AuthState>((set) => ({
  ...initial(),
  setLogin: (data) => {
    // The token itself stays in the HttpOnly cookie the login answer set; only the marker here.
    const { token: _token, ...rest } = data;
    setCookie(LOGGED_IN_COOKIE, '1', TOKEN_DAYS);
    const user = pickUser(rest);
    writeJSON(USER_INFO_KEY, user);
    set({ token: null, user, islogin: true });
  },
  setUser: (user) => {
    const u = pickUser(user);
    writeJSON(USER_INFO_KEY, u);
    set({ user: u });
  },
  clear: () => {
    removeCookie(LOGGED_IN_COOKIE);
    removeCookie(TOKEN_COOKIE);
    removeKey(USER_INFO_KEY);
    set({ token: null, user: null, islogin: false });
  },
}));

/** Keep only the stored-user fields (spec §3), not whatever else an answer carried. */
function pickUser(u: UserInfo & Record<string, unknown>): UserInfo {
  return {
    id: u.id,
    user_nickname: u.user_nickname,
    avatar: u.avatar,
    is_anchor: u.is_anchor,
    exp: u.exp,
    level: u.level,
    balance: u.balance,
    is_admin: u.is_admin,
  };
}

/** Re-read the marker cookie (another tab may have logged out). */
export function syncAuthFromCookie() {
  const s = useAuthStore.getState();
  if (getCookie(LOGGED_IN_COOKIE) !== '1' && s.islogin) s.clear();
}
