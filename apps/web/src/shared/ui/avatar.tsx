import { useState } from 'react';

export function Avatar({ src, alt = '', size = 32, className }: { src?: string | null; alt?: string; size?: number; className?: string }) {
  const [broken, setBroken] = useState(false);
  const show = src && !broken;
  return (
    <span className={['avatar', className].filter(Boolean).join(' ')} style={{ width: size, height: size }}>
      {show ? (
        <img src={src} alt={alt} width={size} height={size} onError={() => setBroken(true)} loading="lazy" />
      ) : (
        <span className="avatar__fallback" aria-hidden>
          {alt.slice(0, 1).toUpperCase() || '?'}
        </span>
      )}
    </span>
  );
}
