import { type RefObject, useEffect } from 'react';

/** A visible height this much short of the tallest seen means an on-screen keyboard (not a browser bar). */
const KEYBOARD_MIN_PX = 120;

/**
 * Keeps an element exactly over the visible part of the screen: when the on-screen keyboard opens,
 * browsers shrink the visual viewport (and may scroll the page to show the focused field). The
 * element is fixed to the visual viewport's top and height instead, so the chat input sits right
 * above the keyboard and nothing else moves. The page itself does not scroll while it is shown.
 */
export function useVisualViewportBox(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = ref.current;
    const vv = window.visualViewport;
    const root = document.documentElement;
    root.classList.add('m-locked');
    if (!el || !vv) return () => root.classList.remove('m-locked');
    let frame = 0;
    let width = 0;
    let tallest = 0;
    const apply = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        el.style.setProperty('--vv-height', `${vv.height}px`);
        el.style.setProperty('--vv-top', `${vv.offsetTop}px`);
        // The keyboard is open when the visible part is well short of the tallest it has been at
        // this width: browsers either shrink only the visual viewport or resize the whole window
        // for it, and a turned phone (a new width) starts again. The element's CSS can then give
        // the field the room it needs.
        if (vv.width !== width) {
          width = vv.width;
          tallest = 0;
        }
        tallest = Math.max(tallest, vv.height);
        el.dataset.keyboard = tallest - vv.height > KEYBOARD_MIN_PX ? 'open' : 'closed';
        // A browser that scrolled the (locked) page to the field is put back.
        if (window.scrollY !== 0) window.scrollTo(0, 0);
      });
    };
    apply();
    vv.addEventListener('resize', apply);
    vv.addEventListener('scroll', apply);
    return () => {
      cancelAnimationFrame(frame);
      delete el.dataset.keyboard;
      vv.removeEventListener('resize', apply);
      vv.removeEventListener('scroll', apply);
      root.classList.remove('m-locked');
    };
  }, [ref]);
}
