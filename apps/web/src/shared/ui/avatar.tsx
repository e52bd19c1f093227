import { useState } from 'react';

// The preset avatars' addresses are their SVGs (what a profile keeps); the page shows their raster
// renditions (scripts/render-avatars.mjs): each SVG picture is a separate SVG document to the
// browser, ~12 ms of a phone's main thread apiece on a room's chat (issue #16).
const PRESET = /^\/avatars\/(\d+)\.svg$/;
const avatarShown = (src: string) => src.replace(PRESET, '/avatars/$1.webp');

export function Avatar({ src, alt = '', size = 32, className }: { src?: string | null; alt?: string; size?: number; className?: string }) {
  const [broken, setBroken] = useState(false);
  const show = src && !broken;
  return (
    <span className={['avatar', className].filter(Boolean).join(' ')} style={{ width: size, height: size }}>
      {show ? (
        <img src={avatarShown(src)} alt={alt} width={size} height={size} onError={() => setBroken(true)} loading="lazy" />
      ) : (
        <span className="avatar__fallback" aria-hidden>
          {alt.slice(0, 1).toUpperCase() || '?'}
        </span>
      )}
    </span>
  );
}
