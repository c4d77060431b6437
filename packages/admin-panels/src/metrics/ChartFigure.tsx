/**
 * One metric: its title, the chart, and the same numbers as a table behind a disclosure — the
 * accessible form of the chart (screen readers, copying, exact values).
 */
import type { ReactNode } from 'react';
import { useAdminPanelsTranslation } from '../i18n/resources';
import { BarChart } from './BarChart';

export interface ChartRow {
  key: string;
  label: string;
  value: number;
  /** The value as the table writes it (defaults to the number). */
  text?: string;
}

export interface ChartFigureProps {
  id: string;
  title: string;
  labelHeader: string;
  valueHeader: string;
  rows: readonly ChartRow[];
  formatValue?: (value: number) => string;
  /** Shown instead of the chart when there are no rows. */
  empty: ReactNode;
}

/** Test ids: `metrics.<id>`, `metrics.<id>.table`. */
export function ChartFigure({ id, title, labelHeader, valueHeader, rows, formatValue, empty }: ChartFigureProps) {
  const { t } = useAdminPanelsTranslation();
  const titleId = `rd-metrics-${id}`;
  return (
    <figure className="rd-admin-metrics__figure" aria-labelledby={titleId} data-testid={`metrics.${id}`}>
      <figcaption id={titleId} className="rd-admin-metrics__figure-title">
        {title}
      </figcaption>
      {rows.length === 0 ? (
        <p className="rd-admin-metrics__empty">{empty}</p>
      ) : (
        <>
          <BarChart labels={rows.map((r) => r.label)} values={rows.map((r) => r.value)} formatValue={formatValue} />
          <details className="rd-admin-metrics__details">
            <summary>{t('metrics.showTable')}</summary>
            <table className="rd-admin-metrics__table" data-testid={`metrics.${id}.table`}>
              <caption className="rd-visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{labelHeader}</th>
                  <th scope="col">{valueHeader}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">{row.label}</th>
                    <td>{row.text ?? row.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </figure>
  );
}
