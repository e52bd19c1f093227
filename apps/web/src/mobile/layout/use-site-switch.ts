import { type MouseEvent, useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { mobileHref, toDesktopPath } from '@/config/paths';
import { isNarrow } from '@/shared/lib/device';

/**
 * Feature components build their links from `paths` (desktop paths): inside the mobile site a tap
 * on one follows its /m twin instead (same query), so a fan never lands on a squeezed desktop page.
 * Runs in the capture phase, before React Router's Link handles the click.
 */
export function useInSiteLinks() {
  const navigate = useNavigate();
  return useCallback(
    (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      const to = mobileHref(a.getAttribute('href')!, window.location.origin);
      if (!to) return;
      e.preventDefault();
      navigate(to);
    },
    [navigate],
  );
}

/** How long after the last resize the window is looked at once more (the screen's size can lag it). */
export const SETTLE_MS = 250;

/** Spec §1 the other way: a window widened back to 500 px or more leaves for the matching desktop page. */
export function useLeaveWhenWide() {
  const navigate = useNavigate();
  useEffect(() => {
    let left = false;
    const check = () => {
      if (left || isNarrow()) return;
      left = true;
      navigate(toDesktopPath(window.location.pathname, window.location.search) + window.location.hash, { replace: true });
    };
    // The browser may report the screen's new size only after the resize event (an emulated or a
    // moved window): a phone-sized screen read then would keep a wide window here, so the window
    // is looked at again once the resizing settles.
    let timer: number | undefined;
    const onResize = () => {
      check();
      window.clearTimeout(timer);
      timer = window.setTimeout(check, SETTLE_MS);
    };
    check();
    window.addEventListener('resize', onResize);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [navigate]);
}
