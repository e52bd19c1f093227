import type { SVGProps } from 'react';

// A handful of line icons (24 px grid, currentColor) so the first load needs no icon library.
// The phone's first view uses these (header, tab bar, home): they are a module of their own so the
// first load carries them and not the rest (./more.tsx). Import icons from '@/shared/ui/icons'.
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };
type P = IconProps;
/** The shared look of every line icon; feature icon sets reuse it. */
export const iconBase = (size = 16, rest: SVGProps<SVGSVGElement>) => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  ...rest,
});

export const IconSearch = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
);
export const IconGlobe = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </svg>
);
export const IconUser = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </svg>
);
export const IconBall = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <circle cx="12" cy="12" r="9" />
    <path d="m12 7 4 3-1.5 5h-5L8 10z" />
  </svg>
);
export const IconBasketball = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3v18M5.6 5.6c3.5 3.5 3.5 9.3 0 12.8M18.4 5.6c-3.5 3.5-3.5 9.3 0 12.8" />
  </svg>
);
export const IconGamepad = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <path d="M6 8h12a4 4 0 0 1 4 4v1a3 3 0 0 1-5.2 2L15 13H9l-1.8 2A3 3 0 0 1 2 13v-1a4 4 0 0 1 4-4z" />
    <path d="M7 11v3M5.5 12.5h3" />
  </svg>
);
export const IconGrid = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <rect x="3" y="3" width="7" height="7" rx="1" />
    <rect x="14" y="3" width="7" height="7" rx="1" />
    <rect x="3" y="14" width="7" height="7" rx="1" />
    <rect x="14" y="14" width="7" height="7" rx="1" />
  </svg>
);
export const IconTv = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <rect x="2" y="6" width="20" height="14" rx="2" />
    <path d="m8 2 4 4 4-4" />
  </svg>
);
export const IconTrophy = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0zM7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4" />
  </svg>
);
export const IconNews = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <path d="M4 4h13v16H6a2 2 0 0 1-2-2zM17 8h3v10a2 2 0 0 1-2 2M8 8h5M8 12h5M8 16h3" />
  </svg>
);
export const IconHome = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <path d="m3 11 9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
  </svg>
);
