import type { SVGProps } from 'react';
import { iconBase, type IconProps as P } from '@/shared/ui/icons';

// Player control icons (24 px grid, currentColor), in the style of the shared icon set.
// Same look as the shared set, a little larger by default for the player bar.
const base = (size = 18, rest: SVGProps<SVGSVGElement>) => iconBase(size, rest);

export const IconVolume = ({ size, ...r }: P) => (
  <svg {...base(size, r)}>
    <path d="M11 5 6 9H3v6h3l5 4z" />
    <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />
  </svg>
);
export const IconVolumeOff = ({ size, ...r }: P) => (
  <svg {...base(size, r)}>
    <path d="M11 5 6 9H3v6h3l5 4z" />
    <path d="m22 9-6 6M16 9l6 6" />
  </svg>
);
export const IconFullscreen = ({ size, ...r }: P) => (
  <svg {...base(size, r)}>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </svg>
);
export const IconTheater = ({ size, ...r }: P) => (
  <svg {...base(size, r)}>
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <path d="M6 9h12v6H6z" />
  </svg>
);
export const IconPip = ({ size, ...r }: P) => (
  <svg {...base(size, r)}>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <rect x="12" y="11" width="8" height="7" rx="1" fill="currentColor" stroke="none" />
  </svg>
);
export const IconLockSmall = ({ size, ...r }: P) => (
  <svg {...base(size, r)}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
);
export const IconEye = ({ size, ...r }: P) => (
  <svg {...base(size, r)}>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </svg>
);
export const IconCopy = ({ size, ...r }: P) => (
  <svg {...base(size, r)}>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15V5a2 2 0 0 1 2-2h10" />
  </svg>
);
