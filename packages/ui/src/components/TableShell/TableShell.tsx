/**
 * The frame of a data table: caption, optional toolbar, a sticky header and one place for
 * the loading / empty / error / denied states, so every list in every package behaves the
 * same. Rows come from the caller (feature packages drive them with @tanstack/react-table).
 */
import type { ReactNode } from 'react';
import { cx } from '../../utils/cx';
import { EmptyState, ErrorState, LoadingState, PermissionDeniedState } from '../States/States';

/** A column header. */
export interface TableColumn {
  id: string;
  header: ReactNode;
  /** CSS width, e.g. `'12rem'` or `'20%'`. */
  width?: string;
  /** @default 'start' */
  align?: 'start' | 'end' | 'center';
}

/** What the body shows instead of (or besides) rows. */
export type TableStatus = 'ready' | 'loading' | 'empty' | 'error' | 'denied';

/** Props of {@link TableShell}. */
export interface TableShellProps {
  /** The table's accessible name; shown above it unless `hideCaption`. */
  caption: ReactNode;
  hideCaption?: boolean;
  columns: readonly TableColumn[];
  /** `<tr>` rows, rendered when `status` is `'ready'`. */
  children?: ReactNode;
  /** @default 'ready' */
  status?: TableStatus;
  /** Retry for the error state. */
  onRetry?: () => void;
  /** Replaces the default empty state (e.g. with an import call to action). */
  empty?: ReactNode;
  /** Controls above the table (search, filters). */
  toolbar?: ReactNode;
  /** Content below the table (paging). */
  footer?: ReactNode;
  className?: string;
}

/**
 * A table frame with states.
 * @example
 * <TableShell caption="Tasks" columns={columns} status={query.isPending ? 'loading' : 'ready'}>
 *   {rows.map((row) => <tr key={row.id}>…</tr>)}
 * </TableShell>
 */
export function TableShell({
  caption,
  hideCaption,
  columns,
  children,
  status = 'ready',
  onRetry,
  empty,
  toolbar,
  footer,
  className,
}: TableShellProps) {
  const placeholder =
    status === 'loading' ? (
      <LoadingState />
    ) : status === 'empty' ? (
      (empty ?? <EmptyState />)
    ) : status === 'error' ? (
      <ErrorState onRetry={onRetry} />
    ) : status === 'denied' ? (
      <PermissionDeniedState />
    ) : null;

  return (
    <div className={cx('rd-table-shell', className)}>
      {toolbar ? <div className="rd-table-shell__toolbar">{toolbar}</div> : null}
      <div className="rd-table-shell__scroll">
        <table className="rd-table" aria-busy={status === 'loading' || undefined}>
          <caption className={hideCaption ? 'rd-visually-hidden' : 'rd-table__caption'}>{caption}</caption>
          <thead className="rd-table__head">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className={cx('rd-table__th', `rd-table__cell--${column.align ?? 'start'}`)}
                  style={column.width ? { width: column.width } : undefined}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="rd-table__body">
            {placeholder ? (
              <tr>
                <td className="rd-table__placeholder" colSpan={columns.length}>
                  {placeholder}
                </td>
              </tr>
            ) : (
              children
            )}
          </tbody>
        </table>
      </div>
      {footer ? <div className="rd-table-shell__footer">{footer}</div> : null}
    </div>
  );
}
