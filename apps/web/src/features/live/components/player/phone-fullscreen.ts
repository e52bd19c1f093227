// Full screen on a phone, as the phone apps do it: a landscape picture turns the screen to
// landscape. Android's Chromium locks the orientation once the page is in full screen; where the
// lock is missing or refused (iOS, a browser with the rotation lock on, a desktop emulating a
// phone) the picture is turned a quarter by CSS instead, so it still fills the long side.

type Size = { width: number; height: number };

/** How the phone shows full screen: the element's own, the video's native one (iOS), or the page's (CSS). */
export type FullscreenWay = 'element' | 'native-video' | 'page';

export function fullscreenWay(el: { requestFullscreen?: unknown } | null, video: { webkitEnterFullscreen?: unknown } | null): FullscreenWay {
  if (el && typeof el.requestFullscreen === 'function') return 'element';
  if (video && typeof video.webkitEnterFullscreen === 'function') return 'native-video';
  return 'page';
}

/** A landscape (or not yet known) picture wants the screen turned; a portrait 9:16 one stays upright. */
export const wantsLandscape = (media: Size | null) => !media || media.width >= media.height;

/**
 * Whether the picture must be turned by CSS: it wants landscape, the screen could not be locked
 * to it and the viewport is still taller than wide.
 */
export function needsQuarterTurn(media: Size | null, locked: boolean, viewport: Size): boolean {
  return wantsLandscape(media) && !locked && viewport.height > viewport.width;
}

type LockableOrientation = { lock?: (o: 'landscape') => Promise<void>; unlock?: () => void };

/** Tries to lock the screen to landscape; true when the browser did. */
export async function lockLandscape(orientation: LockableOrientation | undefined): Promise<boolean> {
  if (!orientation?.lock) return false;
  try {
    await orientation.lock('landscape');
    return true;
  } catch {
    return false;
  }
}
