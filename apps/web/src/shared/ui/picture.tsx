import { useState, type ReactNode } from 'react';

/**
 * An image that never shows the browser's broken-picture icon: with no address, or once the
 * address fails (a live room's still is only written a few seconds after the stream starts), the
 * fallback is drawn instead. A new address (the still's URL moves each minute) is tried afresh.
 */
export function Picture({ src, fallback, alt = '', className, priority }: { src?: string | null; fallback: ReactNode; alt?: string; className?: string; priority?: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return <>{fallback}</>;
  // `priority`: the page's first, largest picture (its HTML already asked for it: page-images.ts on the server).
  return <img src={src} alt={alt} className={className} loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : undefined} onError={() => setFailed(src)} />;
}
