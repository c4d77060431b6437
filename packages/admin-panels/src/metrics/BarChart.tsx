/**
 * A bar chart drawn by uPlot (small, canvas-based). The chart is created once and then only fed
 * new data (`setData`) and sizes (`setSize`), so the 60-second refresh of the metrics redraws the
 * bars in place — no remount, no blank frame. The canvas is hidden from assistive technology: the
 * figure's table (ChartFigure) carries the same numbers as text.
 */
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';

export interface BarChartProps {
  labels: readonly string[];
  values: readonly number[];
  /** Formats a value for the y axis (e.g. a duration). */
  formatValue?: (value: number) => string;
  /** CSS height in pixels. @default 220 */
  height?: number;
}

/** Whether this environment can draw on a canvas (jsdom cannot). */
function canDraw(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/** The colour of the bars: the theme's primary colour as the element sees it. */
const primaryOf = (element: HTMLElement) =>
  getComputedStyle(element).getPropertyValue('--rd-color-primary').trim() || '#0011ff';

function dataOf(values: readonly number[]): uPlot.AlignedData {
  return [values.map((_, i) => i), [...values]];
}

export function BarChart({ labels, values, formatValue, height = 220 }: BarChartProps) {
  const host = useRef<HTMLDivElement | null>(null);
  const chart = useRef<uPlot | null>(null);
  // The axis reads labels and formatter through refs, so new ones need no new chart.
  const labelsRef = useRef(labels);
  labelsRef.current = labels;
  const formatRef = useRef(formatValue);
  formatRef.current = formatValue;
  const valuesRef = useRef(values);
  valuesRef.current = values;

  useEffect(() => {
    const element = host.current;
    if (!element || !canDraw()) return;
    let plot: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    let cancelled = false;
    // uPlot reads the screen at import time: loaded only where there is one to draw on.
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const bars = UPlot.paths.bars?.({ size: [0.6, 64] });
      const colour = primaryOf(element);
      plot = new UPlot(
        {
          width: Math.max(element.clientWidth, 200),
          height,
          legend: { show: false },
          cursor: { show: false },
          scales: {
            x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
            y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] },
          },
          axes: [
            {
              splits: () => labelsRef.current.map((_, i) => i),
              // Names longer than a bar's share of the width are cut with an ellipsis rather than
              // written over each other; the table behind the chart has them whole.
              values: (u, splits) => {
                const share = u.bbox.width / (globalThis.devicePixelRatio || 1) / Math.max(1, splits.length);
                return splits.map((i) => shorten(labelsRef.current[i] ?? '', Math.max(3, Math.floor(share / 7))));
              },
              grid: { show: false },
            },
            { values: (_u, splits) => splits.map((v) => (formatRef.current ? formatRef.current(v) : String(v))) },
          ],
          series: [
            {},
            { stroke: colour, fill: `${colour}99`, ...(bars ? { paths: bars } : {}), points: { show: false } },
          ],
        },
        dataOf(valuesRef.current),
        element,
      );
      chart.current = plot;
      const drawn = plot;
      resize = new ResizeObserver(() => drawn.setSize({ width: Math.max(element.clientWidth, 200), height }));
      resize.observe(element);
    });
    return () => {
      cancelled = true;
      resize?.disconnect();
      plot?.destroy();
      chart.current = null;
    };
    // Created once per mount (and height); data changes go through setData below.
  }, [height]);

  useEffect(() => {
    chart.current?.setData(dataOf(values));
  }, [values]);

  // Other labels with the same values (the person switched language): the axis is drawn again.
  const labelKey = labels.join('\n');
  useEffect(() => {
    if (labelKey !== undefined) chart.current?.redraw(false, true);
  }, [labelKey]);

  return <div ref={host} className="rd-chart" aria-hidden="true" data-testid="metrics.chart" />;
}

/** The label cut to `room` characters, an ellipsis marking the cut. */
export function shorten(label: string, room: number): string {
  return label.length <= room ? label : `${label.slice(0, Math.max(1, room - 1)).trimEnd()}…`;
}
