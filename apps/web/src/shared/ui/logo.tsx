/** The site mark: an orange tile with a play button, and the site name beside it. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden>
      <defs>
        <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff7a3d" />
          <stop offset="1" stopColor="#ff3d1f" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#logo-g)" />
      <circle cx="32" cy="32" r="20" fill="none" stroke="#fff" strokeWidth="3" opacity=".35" />
      <path d="M26 20.5v23a1.5 1.5 0 0 0 2.3 1.3l18-11.5a1.5 1.5 0 0 0 0-2.6l-18-11.5a1.5 1.5 0 0 0-2.3 1.3z" fill="#fff" />
    </svg>
  );
}

export function Logo({ name, size = 28 }: { name: string; size?: number }) {
  return (
    <span className="logo">
      <LogoMark size={size} />
      <span className="logo__text">{name}</span>
    </span>
  );
}
