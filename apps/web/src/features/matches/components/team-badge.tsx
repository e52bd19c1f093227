import { initials, teamHue } from '../lib/format';

/** A team's crest: its logo when the feed gave one, else its initials on a colour of its own. */
export function TeamBadge({ name, logo, size = 24 }: { name: string; logo?: string; size?: number }) {
  if (logo) return <img className="team-badge" src={logo} alt="" width={size} height={size} loading="lazy" />;
  const hue = teamHue(name);
  return (
    <span className="team-badge" aria-hidden style={{ width: size, height: size, fontSize: size * 0.4, background: `hsl(${hue} 45% 28%)`, borderColor: `hsl(${hue} 55% 45%)` }}>
      {initials(name)}
    </span>
  );
}
