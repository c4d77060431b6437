// Flattens a reviewed DocumentResult into the rows and tables every tabular format writes, so
// CSV, XML and Excel agree on order and meaning: fields in the order of the result (one row per
// value of a multi-value field), then tables — the result's own tables and the tables held by
// table entities — with rows in numeric order and cells placed by column index.
import type { DocumentResult, Entity, Table } from './types.js';

export interface FieldRow {
  category: string;
  group: string;
  page: number;
  value: string;
  normalizedValue: string;
  confidence: number | null;
}

export interface TableGrid {
  name: string;
  /** Column ids (TableHeader.uniqueId), padded with `Column N` when headers are missing. */
  columns: string[];
  rows: { index: number; cells: string[]; normalized: string[]; page: number | null }[];
}

export function fieldRows(result: DocumentResult): FieldRow[] {
  const rows: FieldRow[] = [];
  for (const entity of result.entities) {
    if (entity.table) continue; // written as a table
    const values = entity.keyValues.length > 0 ? entity.keyValues : [null];
    for (const value of values) {
      rows.push({
        category: entity.category,
        group: entity.groupName ?? '',
        page: value?.pageNumber ?? entity.pageNumber,
        value: value?.content ?? '',
        normalizedValue: value?.contentNormalized ?? '',
        confidence: value?.confidence ?? entity.confidence ?? null,
      });
    }
  }
  return rows;
}

function grid(table: Table, name: string): TableGrid {
  const width = Math.max(
    table.columnCount,
    table.tableHeaders.length,
    ...Object.values(table.tableRows).flatMap((cells) => cells.map((c) => c.columnIndex + 1)),
  );
  const columns = Array.from({ length: width }, (_, i) => table.tableHeaders[i]?.uniqueId ?? `Column ${i + 1}`);
  const rows = Object.entries(table.tableRows)
    .map(([key, cells]) => ({ index: Number(key), cells }))
    .filter((r) => Number.isInteger(r.index))
    .sort((a, b) => a.index - b.index)
    .map(({ index, cells }) => {
      const text = Array<string>(width).fill('');
      const normalized = Array<string>(width).fill('');
      for (const cell of cells) {
        text[cell.columnIndex] = cell.content ?? '';
        normalized[cell.columnIndex] = cell.contentNormalized ?? '';
      }
      return { index, cells: text, normalized, page: cells.find((c) => c.pageNumber != null)?.pageNumber ?? null };
    });
  return { name, columns, rows };
}

export function tableGrids(result: DocumentResult): TableGrid[] {
  const fromEntities = result.entities
    .filter((e): e is Entity & { table: Table } => Boolean(e.table))
    .map((e) => ({ table: e.table, name: e.category }));
  const all = [...result.tables.map((table) => ({ table, name: '' })), ...fromEntities];
  return all.map(({ table, name }, i) => grid(table, name || `Table ${i + 1}`));
}
