/**
 * Editor of a table entity: cells inline, rows and columns added and deleted (rows are renumbered
 * after a delete, spec §4), new column keys checked as letters and digits (spec §5).
 */
import { memo, useId, useState } from 'react';
import { useViewerTranslation } from '../../i18n/useViewerTranslation.js';
import {
  addColumn,
  addRow,
  deleteColumn,
  deleteRow,
  setCell,
  TABLE_HEADER_KEY,
  tableRows,
} from '../../session/document-edits.js';
import type { FieldEntry, PanelField } from '../../session/fields.js';
import { type ActionContext, selectEntry } from '../actions.js';

export interface TableEditorProps {
  field: PanelField;
  entry: FieldEntry;
  ctx: ActionContext;
  readOnly: boolean;
  selected: boolean;
}

const nowIso = () => new Date().toISOString();

function TableEditorView({ field, entry, ctx, readOnly, selected }: TableEditorProps) {
  const { t } = useViewerTranslation();
  const keyInputId = useId();
  const [newKey, setNewKey] = useState('');
  const table = entry.entity.table;
  if (!table) return null;
  const id = entry.entity.temporaryId;
  const page = entry.entity.pageNumber;
  const edit = (action: string, change: Parameters<ReturnType<typeof ctx.session.getState>['edit']>[2]) =>
    ctx.session.getState().edit(page, action, change);
  const rows = tableRows(table);
  const keyTaken = table.tableHeaders.some((h) => h.uniqueId === newKey);
  const keyValid = TABLE_HEADER_KEY.test(newKey) && !keyTaken;
  // A column the workspace names (a child field of the table) reads under that name, else its key.
  const nameOf = (key: string) => field.columnNames?.[key] ?? key;

  return (
    <li
      className="rd-viewer-table"
      data-entry-id={id}
      data-selected={selected || undefined}
      data-testid={`table.${field.key}`}
    >
      <div className="rd-viewer-table__scroll">
        <table className="rd-viewer-table__grid" aria-label={t('table.label', { field: field.label })}>
          <thead>
            <tr>
              <th scope="col">
                <span className="rd-visually-hidden">{t('table.row', { row: '' })}</span>#
              </th>
              {table.tableHeaders.map((header, column) => (
                <th key={header.uniqueId} scope="col">
                  <span title={nameOf(header.uniqueId) === header.uniqueId ? undefined : header.uniqueId}>
                    {nameOf(header.uniqueId)}
                  </span>
                  {!readOnly ? (
                    <button
                      type="button"
                      className="rd-viewer-icon-button rd-focusable"
                      aria-label={t('table.deleteColumn', { column: nameOf(header.uniqueId) })}
                      onClick={() => edit('delete-column', (p) => deleteColumn(p, id, column, nowIso()))}
                    >
                      ×
                    </button>
                  ) : null}
                </th>
              ))}
              {!readOnly ? <td /> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((cells, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions; they are renumbered after a delete
              <tr key={row}>
                <th scope="row">{row + 1}</th>
                {table.tableHeaders.map((header, column) => {
                  const cell = cells.find((c) => c.columnIndex === column);
                  return (
                    <td key={header.uniqueId}>
                      <input
                        className="rd-viewer-table__cell rd-focusable"
                        value={cell?.content ?? ''}
                        readOnly={readOnly}
                        aria-label={t('table.cell', { column: nameOf(header.uniqueId), row: row + 1 })}
                        onFocus={() => selectEntry(ctx, id)}
                        onChange={(event) =>
                          edit('cell', (p) => setCell(p, id, row, column, event.target.value, nowIso()))
                        }
                      />
                    </td>
                  );
                })}
                {!readOnly ? (
                  <td>
                    <button
                      type="button"
                      className="rd-viewer-icon-button rd-focusable"
                      aria-label={t('table.deleteRow', { row: row + 1 })}
                      onClick={() => edit('delete-row', (p) => deleteRow(p, id, row, nowIso()))}
                    >
                      ×
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!readOnly ? (
        <div className="rd-viewer-table__tools">
          <button
            type="button"
            className="rd-viewer-chip rd-focusable"
            onClick={() => edit('add-row', (p) => addRow(p, id, undefined, nowIso()))}
          >
            {t('table.addRow')}
          </button>
          <form
            className="rd-viewer-table__add-column"
            onSubmit={(event) => {
              event.preventDefault();
              if (!keyValid) return;
              edit('add-column', (p) => addColumn(p, id, newKey, nowIso()));
              setNewKey('');
            }}
          >
            <label htmlFor={keyInputId} className="rd-visually-hidden">
              {t('table.columnKey')}
            </label>
            <input
              id={keyInputId}
              className="rd-viewer-table__key rd-focusable"
              value={newKey}
              placeholder={t('table.columnKey')}
              aria-invalid={newKey && !keyValid ? true : undefined}
              title={t('table.badKey')}
              onChange={(event) => setNewKey(event.target.value)}
            />
            <button type="submit" className="rd-viewer-chip rd-focusable" aria-disabled={!keyValid || undefined}>
              {t('table.addColumn')}
            </button>
          </form>
          {newKey && !keyValid ? <p className="rd-viewer-field__message">{t('table.badKey')}</p> : null}
        </div>
      ) : null}
    </li>
  );
}

export const TableEditor = memo(
  TableEditorView,
  (a, b) =>
    a.entry.entity === b.entry.entity && a.readOnly === b.readOnly && a.selected === b.selected && a.ctx === b.ctx,
);
