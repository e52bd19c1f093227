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

/** Spec §1 the other way: a window widened back to 500 px or more leaves for the matching desktop page. */
export function useLeaveWhenWide() {
  const navigate = useNavigate();
  useEffect(() => {
    const check = () => {
      if (!isNarrow()) navigate(toDesktopPath(window.location.pathname, window.location.search) + window.location.hash, { replace: true });
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, [navigate]);
}
