import { iconBase, type IconProps } from './site';

// The other line icons (see ./site.tsx): loaded with the pages and dialogs that show them.
type P = IconProps;

export const IconClose = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <path d="M18 6 6 18M6 6l12 12" />
  </svg>
);
export const IconChevronDown = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <path d="m6 9 6 6 6-6" />
  </svg>
);
export const IconChevronLeft = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <path d="m15 18-6-6 6-6" />
  </svg>
);
export const IconMenu = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);
export const IconVideo = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <rect x="3" y="6" width="13" height="12" rx="2" />
    <path d="m16 10 5-3v10l-5-3" />
  </svg>
);
export const IconLogout = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <path d="M15 17l5-5-5-5M20 12H9M12 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7" />
  </svg>
);
export const IconBuild = ({ size = 40, ...r }: P) => (
  <svg {...iconBase(size, r)} strokeWidth={1.5}>
    <path d="M3 21h18M5 21V10l7-5 7 5v11" />
    <path d="M9 21v-6h6v6" />
    <path d="M12 5V2" />
  </svg>
);
export const IconHeart = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <path d="M19 14c1.5-1.5 3-3.2 3-5.5A5.5 5.5 0 0 0 12 5.5 5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4 3 5.5l7 7z" />
  </svg>
);
export const IconComment = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <path d="M21 12a8 8 0 0 1-11.8 7L4 20l1.1-4.4A8 8 0 1 1 21 12z" />
  </svg>
);
export const IconCalendar = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M3 11h18" />
  </svg>
);
export const IconBell = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0" />
  </svg>
);
export const IconFire = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <path d="M12 22a7 7 0 0 0 7-7c0-4-3-6-4-10-2 2-3 4-3 6-1-1-2-2-2-4-2 2-5 5-5 8a7 7 0 0 0 7 7z" />
  </svg>
);
export const IconMail = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </svg>
);
export const IconLock = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
);
export const IconShield = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z" />
  </svg>
);
export const IconGift = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <rect x="3" y="8" width="18" height="5" rx="1" />
    <path d="M5 13v8h14v-8M12 8v13M12 8S10 3 7.5 4.5 9 8 12 8zm0 0s2-5 4.5-3.5S15 8 12 8z" />
  </svg>
);
export const IconWallet = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <path d="M3 7a2 2 0 0 1 2-2h13v4M3 7v11a2 2 0 0 0 2 2h15V9H5a2 2 0 0 1-2-2z" />
    <circle cx="16" cy="14.5" r="1" />
  </svg>
);
export const IconCrown = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <path d="m3 7 4.5 4L12 4l4.5 7L21 7l-2 12H5z" />
  </svg>
);
export const IconCard = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <path d="M2 10h20M6 15h4" />
  </svg>
);
export const IconBox = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <path d="M21 8 12 3 3 8v8l9 5 9-5zM3 8l9 5 9-5M12 13v8" />
  </svg>
);
export const IconMic = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <rect x="9" y="2" width="6" height="12" rx="3" />
    <path d="M5 11a7 7 0 0 0 14 0M12 18v4" />
  </svg>
);
export const IconHistory = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 2" />
  </svg>
);
export const IconUsers = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21a7 7 0 0 1 14 0M16 4a4 4 0 0 1 0 8M22 21a7 7 0 0 0-4-6.3" />
  </svg>
);
export const IconDownload = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <path d="M12 3v12M7 10l5 5 5-5M4 21h16" />
  </svg>
);
export const IconPhone = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <rect x="6" y="2" width="12" height="20" rx="2" />
    <path d="M11 18h2" />
  </svg>
);
export const IconCheck = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <path d="m5 12 5 5L20 7" />
  </svg>
);
export const IconAlert = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v5M12 16h.01" />
  </svg>
);
export const IconInfo = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </svg>
);
export const IconCollapse = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16M15 10l-2 2 2 2" />
  </svg>
);
export const IconExpand = ({ size, ...r }: P) => (
  <svg {...iconBase(size, r)}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16M13 10l2 2-2 2" />
  </svg>
);
