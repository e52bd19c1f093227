import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadQueryClient } from '@/shared/api/with-queries';
import { Spinner } from '@/shared/ui/spinner';

/** Pulled this far (px, after resistance) the list refreshes on release. */
const THRESHOLD = 64;
const MAX_PULL = 96;

/**
 * Pull to refresh (issue #16): pulling the page down from its top refetches what the page shows
 * (every active query: lists, scores, rooms), with the usual indicator. The browser's own
 * pull-to-reload is off on the mobile site (overscroll-behavior), so this one decides.
 */
export function PullToRefresh({ children }: { children: ReactNode }) {
  const { t } = useTranslation('mobile');
  const start = useRef<{ x: number; y: number } | null>(null);
  const [pull, setPull] = useState(0);
  const [busy, setBusy] = useState(false);

  const onTouchStart = (e: React.TouchEvent) => {
    const touch = e.touches[0];
    start.current = window.scrollY <= 0 && !busy && !(e.target as Element).closest('[data-no-pull], input, textarea, select') ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchMove = (e: React.TouchEvent) => {
    const s = start.current;
    if (!s) return;
    const touch = e.touches[0];
    const dy = touch.clientY - s.y;
    // Sideways moves belong to tabs and strips.
    if (dy <= 0 || Math.abs(touch.clientX - s.x) > dy) return setPull(0);
    setPull(Math.min(MAX_PULL, dy * 0.5));
  };
  const onTouchEnd = async () => {
    const reached = pull >= THRESHOLD;
    start.current = null;
    setPull(0);
    if (!reached) return;
    setBusy(true);
    try {
      // The layout paints without the QueryClient (shared/api/with-queries.tsx); a pull comes later.
      await (await loadQueryClient()).refetchQueries({ type: 'active' });
    } finally {
      setBusy(false);
    }
  };

  const shown = busy ? THRESHOLD : pull;
  return (
    <div onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={() => void onTouchEnd()} onTouchCancel={() => (setPull(0), (start.current = null))}>
      <div className="m-pull" style={{ height: shown }} aria-hidden={!busy} data-testid="m-pull">
        {(shown > 0 || busy) && (
          <span className="m-pull__label" role={busy ? 'status' : undefined}>
            {busy ? <Spinner size={16} /> : null}
            {busy ? t('pull.loading') : pull >= THRESHOLD ? t('pull.release') : t('pull.hint')}
          </span>
        )}
      </div>
      {children}
    </div>
  );
}
