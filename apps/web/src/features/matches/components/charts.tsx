import { useTranslation } from 'react-i18next';
import type { MatchEvent, MatchStat } from '@livesports/contracts/matches';
import { GOAL_KINDS } from '@livesports/contracts/matches-constants';

// Match charts in plain SVG (no chart library to load): paired bars for each statistic, a
// possession ring, and the score flow across the minutes.

export function StatBars({ stats }: { stats: MatchStat[] }) {
  const { t } = useTranslation('matches');
  return (
    <ul className="stat-bars" data-testid="stat-bars">
      {stats
        .filter((s) => s.key !== 'possession')
        .map((s) => {
          const total = s.home + s.away || 1;
          return (
            <li key={s.key} className="stat-bars__row">
              <span className="stat-bars__value">{s.home}</span>
              <span className="stat-bars__label">{t(`stats.${s.key}`, { defaultValue: s.key })}</span>
              <span className="stat-bars__value">{s.away}</span>
              <svg className="stat-bars__bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden>
                <rect x="0" y="0" width="100" height="6" rx="3" className="stat-bars__track" />
                <rect x={50 - (s.home / total) * 50} y="0" width={(s.home / total) * 50} height="6" className="stat-bars__home" />
                <rect x="50" y="0" width={(s.away / total) * 50} height="6" className="stat-bars__away" />
              </svg>
            </li>
          );
        })}
    </ul>
  );
}

export function PossessionRing({ home, away, label }: { home: number; away: number; label: string }) {
  const r = 40;
  const c = 2 * Math.PI * r;
  const share = home + away ? home / (home + away) : 0.5;
  return (
    <figure className="possession" aria-label={`${label}: ${home}% - ${away}%`}>
      <svg viewBox="0 0 100 100" width="120" height="120" aria-hidden>
        <circle cx="50" cy="50" r={r} className="possession__away" strokeWidth="12" fill="none" />
        <circle cx="50" cy="50" r={r} className="possession__home" strokeWidth="12" fill="none" strokeDasharray={`${c * share} ${c}`} transform="rotate(-90 50 50)" />
        <text x="50" y="47" textAnchor="middle" className="possession__pct">
          {home}%
        </text>
        <text x="50" y="62" textAnchor="middle" className="possession__sub">
          {away}%
        </text>
      </svg>
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** Goals along the match: a step line per team over the minutes played. */
export function ScoreFlow({ events, minutes, label }: { events: MatchEvent[]; minutes: number; label: string }) {
  const goals = events.filter((e) => GOAL_KINDS.includes(e.kind));
  const end = Math.max(90, minutes, ...goals.map((g) => g.minute + g.extra));
  const top = Math.max(1, ...goals.map((g) => Math.max(g.home_score, g.away_score)));
  const W = 300;
  const H = 90;
  const x = (m: number) => (m / end) * W;
  const y = (n: number) => H - 8 - (n / top) * (H - 20);
  const path = (side: 'home' | 'away') => {
    let d = `M0 ${y(0)}`;
    let cur = 0;
    for (const g of goals) {
      const v = side === 'home' ? g.home_score : g.away_score;
      if (v === cur) continue;
      d += ` H${x(g.minute + g.extra)} V${y(v)}`;
      cur = v;
    }
    return `${d} H${x(Math.min(end, Math.max(minutes, goals.at(-1)?.minute ?? 0)))}`;
  };
  return (
    <figure className="score-flow">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" height={H} role="img" aria-label={label}>
        {[0, 45, 90]
          .filter((m) => m <= end)
          .map((m) => (
            <g key={m}>
              <line x1={x(m)} x2={x(m)} y1="4" y2={H - 8} className="score-flow__grid" />
              <text x={x(m) + 2} y={H - 1} className="score-flow__tick">
                {m}'
              </text>
            </g>
          ))}
        <path d={path('away')} className="score-flow__away" fill="none" />
        <path d={path('home')} className="score-flow__home" fill="none" />
        {goals.map((g) => (
          <circle key={g.id} cx={x(g.minute + g.extra)} cy={y(g.iszhu ? g.home_score : g.away_score)} r="3" className={g.iszhu ? 'score-flow__home-dot' : 'score-flow__away-dot'} />
        ))}
      </svg>
      <figcaption>{label}</figcaption>
    </figure>
  );
}
