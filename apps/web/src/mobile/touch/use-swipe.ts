import { type TouchEvent, useRef } from 'react';

/** A horizontal swipe this long (px), and clearly more sideways than up or down, changes tab. */
const MIN_DX = 60;

/**
 * Swipe left / right between tabs (a match page's, the live room's). Vertical scrolling keeps
 * working: only a mostly horizontal move counts, and sliders or scrollable strips inside
 * (marked data-no-swipe) are left alone.
 */
export function useSwipe<T extends string>(tabs: readonly T[], current: T, onChange: (tab: T) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (e: TouchEvent) => {
      const t = e.touches[0];
      start.current = (e.target as Element).closest('[data-no-swipe], input, textarea, select') ? null : { x: t.clientX, y: t.clientY };
    },
    onTouchEnd: (e: TouchEvent) => {
      const s = start.current;
      start.current = null;
      if (!s) return;
      const t = e.changedTouches[0];
      const dx = t.clientX - s.x;
      const dy = t.clientY - s.y;
      if (Math.abs(dx) < MIN_DX || Math.abs(dx) < Math.abs(dy) * 1.5) return;
      const i = tabs.indexOf(current) + (dx < 0 ? 1 : -1);
      if (i >= 0 && i < tabs.length) onChange(tabs[i]);
    },
  };
}
