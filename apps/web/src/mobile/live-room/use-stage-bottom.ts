import { type RefObject, useEffect } from 'react';

/** The CSS variable (on the root) that says where the room's picture ends, in px from the top. */
export const STAGE_BOTTOM_VAR = '--mlr-stage-bottom';

/**
 * Publishes where the room's stage (the player, or the offline panel, whose height follows its
 * text) ends, so what is drawn outside the room — the goal pop-ups of the layout — can sit just
 * under the picture instead of over the chat's input.
 */
export function useStageBottom(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = ref.current;
    const root = document.documentElement;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const apply = () => root.style.setProperty(STAGE_BOTTOM_VAR, `${Math.round(el.getBoundingClientRect().bottom)}px`);
    const ro = new ResizeObserver(apply);
    ro.observe(el);
    apply();
    return () => {
      ro.disconnect();
      root.style.removeProperty(STAGE_BOTTOM_VAR);
    };
  }, [ref]);
}
