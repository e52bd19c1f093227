import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAppStore } from '@/shared/stores/app';
import { IconBell } from '@/shared/ui/icons';
import './site-notice.css';

/** A link from the settings: a path of this site stays in the app, an address opens in a new tab. */
function To({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  if (!href) return <div className={className}>{children}</div>;
  if (href.startsWith('/'))
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** The announcement and the home banner set in the console (system settings); nothing when they are off. */
export function SiteNotice() {
  const system = useAppStore((s) => s.system);
  const banner = system?.banner;
  const announcement = system?.announcement;
  if (!banner && !announcement) return null;
  return (
    <div className="site-notice">
      {announcement && (
        <To href={announcement.link} className="site-notice__announcement">
          <IconBell size={16} />
          <span data-testid="site-announcement">{announcement.text}</span>
        </To>
      )}
      {banner && (
        <To href={banner.link} className="site-notice__banner">
          {banner.image && <img src={banner.image} alt={banner.text} />}
          {banner.text && (
            <span className="site-notice__banner-text" data-testid="site-banner">
              {banner.text}
            </span>
          )}
        </To>
      )}
    </div>
  );
}
