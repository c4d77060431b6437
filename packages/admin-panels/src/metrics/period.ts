/** The periods the metrics offer, and the instant each starts at. */
export const PERIODS = ['7d', '30d', '90d', 'all'] as const;
export type MetricsPeriod = (typeof PERIODS)[number];

const DAYS: Record<MetricsPeriod, number | null> = { '7d': 7, '30d': 30, '90d': 90, all: null };

/**
 * Start of the period as an ISO instant: midnight (local) `n` days before today, so the query —
 * and its cache key — stay the same all day long; null for "all time".
 */
export function periodStart(period: MetricsPeriod, now: Date = new Date()): string | null {
  const days = DAYS[period];
  if (days === null) return null;
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  return start.toISOString();
}

/** Milliseconds in the largest unit that keeps the number readable: 42 s, 3.5 min, 2.1 h, 4 d. */
export function durationParts(ms: number): { unit: 'seconds' | 'minutes' | 'hours' | 'days'; value: number } {
  const seconds = ms / 1000;
  const round = (n: number) => (n >= 10 ? Math.round(n) : Math.round(n * 10) / 10);
  if (seconds < 90) return { unit: 'seconds', value: round(seconds) };
  if (seconds < 90 * 60) return { unit: 'minutes', value: round(seconds / 60) };
  if (seconds < 36 * 3600) return { unit: 'hours', value: round(seconds / 3600) };
  return { unit: 'days', value: round(seconds / 86400) };
}
