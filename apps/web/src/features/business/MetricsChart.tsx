// One metric of the console's days as a line chart (docs/decisions/151). The chart is drawn by
// uPlot, a small canvas charting library, imported only here: this file is reached only from the
// lazily loaded console pages, so uPlot and its stylesheet live in the console's chunks and a
// consumer's first visit downloads none of it. A canvas says nothing to a screen reader: the
// figure is labelled, and the same numbers are in the table beside every chart.
import 'uplot/dist/uPlot.min.css';
import uPlot from 'uplot';
import { useEffect, useRef } from 'react';

export interface ChartPoint {
  /** UTC day, 'YYYY-MM-DD'. */
  day: string;
  value: number | null;
}

const HEIGHT = 240;
const LINE_COLOUR = '#e60023';

function seconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

export function MetricsChart({
  points,
  label,
  seriesLabel,
  formatValue,
}: {
  points: readonly ChartPoint[];
  /** What the chart shows, for assistive technology. */
  label: string;
  seriesLabel: string;
  formatValue: (value: number) => string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  // The latest formatter without redrawing the chart when only its identity changes.
  const format = useRef(formatValue);
  useEffect(() => {
    format.current = formatValue;
  });

  useEffect(() => {
    const element = holder.current;
    if (!element || typeof element.getBoundingClientRect !== 'function') return;
    const width = () => Math.max(280, Math.floor(element.getBoundingClientRect().width));
    const data: uPlot.AlignedData = [
      points.map((point) => seconds(point.day)),
      points.map((point) => point.value),
    ];
    const chart = new uPlot(
      {
        width: width(),
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: true },
          y: { range: (_u, min, max) => [Math.min(0, min), Math.max(1, max)] },
        },
        axes: [
          {},
          { size: 72, values: (_u, splits) => splits.map((value) => format.current(value)) },
        ],
        series: [
          {},
          {
            label: seriesLabel,
            stroke: LINE_COLOUR,
            width: 2,
            fill: 'rgba(230, 0, 35, 0.08)',
            points: { show: points.length <= 45 },
          },
        ],
      },
      data,
      element,
    );
    const resize = () => chart.setSize({ width: width(), height: HEIGHT });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.destroy();
    };
  }, [points, seriesLabel]);

  return <div ref={holder} className="console-chart" role="img" aria-label={label} />;
}
