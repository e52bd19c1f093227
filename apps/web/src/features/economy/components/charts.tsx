import { useId } from 'react';
import { formatCoins } from '@livesports/contracts/economy';
import { currentLanguage } from '@/shared/i18n';

/**
 * Daily totals as an SVG area chart with a bar per day (no chart library: a few hundred bytes of
 * SVG and the site's own colours). Values are tenths of a coin.
 */
export function TrendChart({ series, label, width = 320, height = 150 }: { series: Array<{ day: string; value: number }>; label: string; width?: number; height?: number }) {
  const id = useId();
  const pad = { top: 12, right: 8, bottom: 22, left: 8 };
  const max = Math.max(1, ...series.map((s) => s.value));
  const w = (width - pad.left - pad.right) / Math.max(1, series.length);
  const y = (v: number) => pad.top + (1 - v / max) * (height - pad.top - pad.bottom);
  const x = (i: number) => pad.left + i * w + w / 2;
  const line = series.map((s, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(s.value).toFixed(1)}`).join(' ');
  const area = series.length ? `${line} L${x(series.length - 1).toFixed(1)},${height - pad.bottom} L${x(0).toFixed(1)},${height - pad.bottom} Z` : '';
  const every = Math.ceil(series.length / 6);
  return (
    <svg className="eco-chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} data-testid="trend-chart">
      <defs>
        <linearGradient id={`${id}-fill`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="var(--accent)" stopOpacity="0.45" />
          <stop offset="1" stopColor="var(--accent)" stopOpacity="0" />
        </linearGradient>
      </defs>
      {[0.25, 0.5, 0.75].map((f) => (
        <line key={f} x1={pad.left} x2={width - pad.right} y1={y(max * f)} y2={y(max * f)} className="eco-chart__grid" />
      ))}
      {series.map((s, i) => (
        <rect key={s.day} x={x(i) - w * 0.3} width={w * 0.6} y={y(s.value)} height={Math.max(0, height - pad.bottom - y(s.value))} className="eco-chart__bar">
          <title>{`${s.day}: ${formatCoins(s.value, currentLanguage())}`}</title>
        </rect>
      ))}
      <path d={area} fill={`url(#${id}-fill)`} />
      <path d={line} className="eco-chart__line" />
      {series.map((s, i) =>
        i % every === 0 || i === series.length - 1 ? (
          <text key={s.day} x={x(i)} y={height - 6} className="eco-chart__label" textAnchor="middle">
            {s.day.slice(5)}
          </text>
        ) : null,
      )}
    </svg>
  );
}

/** A horizontal share bar (leaderboard rows). */
export function ShareBar({ value, max }: { value: number; max: number }) {
  return (
    <span className="eco-share" aria-hidden>
      <span style={{ width: `${max ? Math.max(2, (value / max) * 100) : 0}%` }} />
    </span>
  );
}
