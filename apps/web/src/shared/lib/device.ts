import { readString, writeString, removeKey } from './storage';

// Spec §1: screens narrower than 500 px go to the separate mobile site (/m). A narrow-window
// desktop visitor who chose "desktop version" keeps the desktop site (flag in localStorage).
export const MOBILE_SITE_BREAKPOINT = 500;
export const FORCE_DESKTOP_KEY = 'forceDesktop';

/**
 * A phone's screen: its short side is under 500 px whichever way it is held, so turning it to
 * landscape (a full-screen video) keeps the mobile site; a desktop window is narrow only while
 * the window itself is, and widening it back leaves the mobile site.
 */
export const isPhoneScreen = () => typeof screen !== 'undefined' && screen.width > 0 && Math.min(screen.width, screen.height) < MOBILE_SITE_BREAKPOINT;
export const isNarrow = () => typeof window !== 'undefined' && (window.innerWidth < MOBILE_SITE_BREAKPOINT || isPhoneScreen());
export const prefersDesktop = () => readString(FORCE_DESKTOP_KEY) === '1';
export const setPreferDesktop = (on: boolean) => (on ? writeString(FORCE_DESKTOP_KEY, '1') : removeKey(FORCE_DESKTOP_KEY));
export const isMobilePath = (pathname: string) => pathname === '/m' || pathname.startsWith('/m/');
