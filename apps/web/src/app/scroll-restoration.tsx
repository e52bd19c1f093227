import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

// The router is React Router's declarative one (app/router.tsx: its data router was a third of the
// framework chunk the phone downloads first), which has no <ScrollRestoration>. The same rules: a
// new page opens at its top (or at its #anchor), back and forward return to where the page was left.

const KEY = 'scrollPositions';
const positions: Record<string, number> = (() => {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
})();

function persist() {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(positions));
  } catch {
    /* storage full or off: positions live for this page only */
  }
}

export function ScrollRestoration() {
  const location = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);
  useLayoutEffect(() => {
    if (type === 'POP' && positions[location.key] != null) window.scrollTo(0, positions[location.key]);
    else if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else if (type !== 'POP') window.scrollTo(0, 0);
    // Where the reader is on this page, kept as they scroll (by the time the next page renders, a
    // shorter page may already have clamped the position), and across a reload.
    const key = location.key;
    const onScroll = () => void (positions[key] = window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', persist);
    };
  }, [location.key, location.hash, type]);
  return null;
}
