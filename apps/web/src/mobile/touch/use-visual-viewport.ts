import { type RefObject, useEffect } from 'react';

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
    const apply = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        el.style.setProperty('--vv-height', `${vv.height}px`);
        el.style.setProperty('--vv-top', `${vv.offsetTop}px`);
        // A browser that scrolled the (locked) page to the field is put back.
        if (window.scrollY !== 0) window.scrollTo(0, 0);
      });
    };
    apply();
    vv.addEventListener('resize', apply);
    vv.addEventListener('scroll', apply);
    return () => {
      cancelAnimationFrame(frame);
      vv.removeEventListener('resize', apply);
      vv.removeEventListener('scroll', apply);
      root.classList.remove('m-locked');
    };
  }, [ref]);
}
