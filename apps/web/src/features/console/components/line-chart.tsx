import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: number[];
  /** A CSS colour or a var(--name) of the site's palette. */
  color: string;
}

/** The site's palette as canvas colours (the canvas does not read CSS variables). */
const cssColor = (value: string) => {
  const m = /^var\((--[\w-]+)\)$/.exec(value);
  return m ? getComputedStyle(document.documentElement).getPropertyValue(m[1]).trim() || '#888' : value;
};

/**
 * A small line chart of daily figures (uPlot, which only the console's chunk loads). The chart is
 * created once per set of series and fed new numbers in place; it follows its box's width.
 */
export function LineChart({
  days,
  series,
  dayLabel,
  height = 160,
  format = (v: number) => v.toLocaleString(),
  testId,
}: {
  days: string[];
  series: ChartSeries[];
  /** The legend's name for the day column. */
  dayLabel: string;
  height?: number;
  format?: (v: number) => string;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const shape = dayLabel + '|' + series.map((s) => s.label + s.color).join('|');
  const data = (): uPlot.AlignedData => [days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000), ...series.map((s) => s.values)];

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const axis = {
      stroke: cssColor('var(--text-3)'),
      grid: { stroke: cssColor('var(--border)'), width: 1 },
      ticks: { stroke: cssColor('var(--border)'), width: 1 },
      font: '11px system-ui, sans-serif',
    };
    const opts: uPlot.Options = {
      width: el.clientWidth || 400,
      height,
      legend: { show: true, live: true },
      cursor: { points: { size: 6 } },
      scales: { x: { time: true }, y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] } },
      axes: [
        { ...axis, values: (_u, ticks) => ticks.map((t) => new Date(t * 1000).toISOString().slice(5, 10)) },
        { ...axis, size: 56, values: (_u, ticks) => ticks.map((t) => format(t)) },
      ],
      series: [
        { label: dayLabel, value: (_u, v) => (v == null ? '' : new Date(v * 1000).toISOString().slice(0, 10)) },
        ...series.map((s) => ({ label: s.label, stroke: cssColor(s.color), width: 1.5, points: { show: false }, value: (_u: uPlot, v: number | null) => (v == null ? '' : format(v)) })),
      ],
    };
    const u = new uPlot(opts, data(), el);
    plot.current = u;
    const ro = new ResizeObserver(() => u.setSize({ width: el.clientWidth, height }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      u.destroy();
      plot.current = null;
    };
    // Rebuilt only when the series themselves change; new numbers go through setData below.
  }, [shape, height]);

  useEffect(() => {
    plot.current?.setData(data());
  }, [days, series]);

  return <div ref={box} className="cs-chart" data-testid={testId} />;
}
