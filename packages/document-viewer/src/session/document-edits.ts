/**
 * Pure edits of one page's DocumentResult. The session applies them and logs them; keeping them
 * pure makes every review action testable without a store, a server or a DOM. Each returns a new
 * result and never mutates its input (the journal and the in-flight save hold earlier ones).
 */
import type { BoundingBox, DocumentResult, Entity, KeyValue, Table, TableCell } from './types.js';

/** The entity part of a box or value id: `0.1.ab|0.1.cd` → `0.1.ab`. */
export const entityIdOf = (id: string): string => id.split('|')[0] ?? id;

function mapEntity(page: DocumentResult, entityId: string, change: (entity: Entity) => Entity): DocumentResult {
  let found = false;
  const entities = page.entities.map((entity) => {
    if (entity.temporaryId !== entityId) return entity;
    found = true;
    return change(entity);
  });
  return found ? { ...page, entities } : page;
}

const edited = (entity: Entity, now: string): Entity => ({ ...entity, editedOn: now });

/** Sets the text of one value of a field (index 0 for single-value fields, created when absent). */
export function setValue(page: DocumentResult, entityId: string, index: number, content: string, now: string) {
  return mapEntity(page, entityId, (entity) => {
    const keyValues = [...entity.keyValues];
    const current: KeyValue = keyValues[index] ?? {
      pageNumber: entity.pageNumber,
      category: entity.category,
      content: null,
    };
    // A typed value replaces the recognizer's normalised reading, which no longer matches it.
    keyValues[index] = { ...current, content, contentNormalized: null };
    return { ...edited(entity, now), keyValues, notDetected: false };
  });
}

/** Marks a flagged value as checked by the reviewer (or takes the mark back). */
export function setSolved(page: DocumentResult, entityId: string, solved: boolean, now: string) {
  return mapEntity(page, entityId, (entity) => ({ ...edited(entity, now), markedAsSolved: solved }));
}

/** Marks a field as not present on the document: its values are emptied, the entity stays. */
export function setNotDetected(page: DocumentResult, entityId: string, notDetected: boolean, now: string) {
  return mapEntity(page, entityId, (entity) => ({
    ...edited(entity, now),
    notDetected,
    keyValues: notDetected
      ? entity.keyValues.map((kv) => ({ ...kv, content: null, contentNormalized: null }))
      : entity.keyValues,
  }));
}

/** Moves a value's box (drawn by the reviewer) and optionally takes the text read under it. */
export function setValueBox(
  page: DocumentResult,
  entityId: string,
  index: number,
  box: BoundingBox,
  content: string | undefined,
  now: string,
) {
  return mapEntity(page, entityId, (entity) => {
    const keyValues = [...entity.keyValues];
    const current: KeyValue = keyValues[index] ?? {
      pageNumber: entity.pageNumber,
      category: entity.category,
      content: null,
    };
    keyValues[index] = {
      ...current,
      boundingBox: box,
      points: [],
      ...(content === undefined ? {} : { content, contentNormalized: null }),
    };
    return { ...edited(entity, now), keyValues, notDetected: false };
  });
}

/** Adds a reviewer-made entity (a drawn box or a typed value) to the page. */
export function addEntity(page: DocumentResult, entity: Entity): DocumentResult {
  return { ...page, entities: [...page.entities, entity] };
}

/** Removes an entity (only reviewer-added ones are offered for removal in the panel). */
export function removeEntity(page: DocumentResult, entityId: string): DocumentResult {
  return { ...page, entities: page.entities.filter((entity) => entity.temporaryId !== entityId) };
}

/** Builds a box in the contract's shape (x/y and left/top/right/bottom all set). */
export function boundingBox(left: number, top: number, width: number, height: number): BoundingBox {
  return { x: left, y: top, left, top, width, height, right: left + width, bottom: top + height };
}

/** A fresh compound id `chunk.page.unique` for an entity the reviewer adds. */
export function newEntityId(pageNumber: number, random: () => number = Math.random, chunk = 0): string {
  const unique = Math.floor(random() * 0xffffffff)
    .toString(16)
    .padStart(8, '0');
  return `${chunk}.${pageNumber}.${unique}`;
}

// ——— Tables ———

function rowsOf(table: Table): TableCell[][] {
  return Object.keys(table.tableRows)
    .map(Number)
    .sort((a, b) => a - b)
    .map((key) => table.tableRows[String(key)] ?? []);
}

/** Rebuilds rows from a list, renumbering row keys and every cell's rowIndex from 0 (spec §4). */
function withRows(table: Table, rows: TableCell[][]): Table {
  const tableRows: Table['tableRows'] = {};
  rows.forEach((cells, rowIndex) => {
    tableRows[String(rowIndex)] = cells.map((cell) => ({ ...cell, rowIndex }));
  });
  return { ...table, tableRows, rowCount: rows.length };
}

/**
 * Tables of the document itself (DocumentResult.tables, e.g. an invoice's line items found in the
 * layout) are not entities; the panel names them `tables.<page>.<index>` so one editor and one box
 * id serve both kinds.
 */
const DOCUMENT_TABLE_ID = /^tables\.(\d+)\.(\d+)$/;

export const documentTableId = (pageNumber: number, index: number) => `tables.${pageNumber}.${index}`;

/** The position of a document table in its page's `tables`, when the id names one. */
export function documentTableIndex(id: string): number | null {
  const match = DOCUMENT_TABLE_ID.exec(id);
  return match ? Number(match[2]) : null;
}

function mapTable(page: DocumentResult, entityId: string, change: (table: Table) => Table, now: string) {
  const index = documentTableIndex(entityId);
  if (index !== null) {
    const table = page.tables?.[index];
    if (!table) return page;
    return { ...page, tables: page.tables.map((t, i) => (i === index ? change(t) : t)) };
  }
  return mapEntity(page, entityId, (entity) =>
    entity.table ? { ...edited(entity, now), table: change(entity.table) } : entity,
  );
}

/** Table header keys are letters and digits only (spec §5). */
export const TABLE_HEADER_KEY = /^[A-Za-z0-9]+$/;

export function setCell(
  page: DocumentResult,
  entityId: string,
  row: number,
  column: number,
  content: string,
  now: string,
) {
  return mapTable(
    page,
    entityId,
    (table) => {
      const rows = rowsOf(table);
      const cells = [...(rows[row] ?? [])];
      const at = cells.findIndex((cell) => cell.columnIndex === column);
      const existing = cells[at];
      const headerId = table.tableHeaders[column]?.uniqueId ?? null;
      if (existing) cells[at] = { ...existing, content, contentNormalized: null };
      else cells.push({ rowIndex: row, columnIndex: column, content, headerId });
      rows[row] = cells.sort((a, b) => a.columnIndex - b.columnIndex);
      return withRows(table, rows);
    },
    now,
  );
}

/** Adds an empty row after `afterRow` (at the end when omitted). */
export function addRow(page: DocumentResult, entityId: string, afterRow: number | undefined, now: string) {
  return mapTable(
    page,
    entityId,
    (table) => {
      const rows = rowsOf(table);
      const at = afterRow === undefined ? rows.length : afterRow + 1;
      const empty = table.tableHeaders.map((header, columnIndex) => ({
        rowIndex: at,
        columnIndex,
        content: '',
        headerId: header.uniqueId,
      }));
      rows.splice(at, 0, empty);
      return withRows(table, rows);
    },
    now,
  );
}

/** Deletes a row; the rows after it move up and are renumbered. */
export function deleteRow(page: DocumentResult, entityId: string, row: number, now: string) {
  return mapTable(
    page,
    entityId,
    (table) =>
      withRows(
        table,
        rowsOf(table).filter((_, index) => index !== row),
      ),
    now,
  );
}

/** Adds a column with a header key; refuses keys that are not letters and digits or already used. */
export function addColumn(page: DocumentResult, entityId: string, key: string, now: string) {
  if (!TABLE_HEADER_KEY.test(key)) throw new RangeError(`Table header keys are letters and digits only: '${key}'.`);
  return mapTable(
    page,
    entityId,
    (table) => {
      if (table.tableHeaders.some((header) => header.uniqueId === key)) throw new RangeError(`Column '${key}' exists.`);
      const columnIndex = table.tableHeaders.length;
      const rows = rowsOf(table).map((cells, rowIndex) => [
        ...cells,
        { rowIndex, columnIndex, content: '', headerId: key },
      ]);
      return {
        ...withRows(table, rows),
        tableHeaders: [...table.tableHeaders, { uniqueId: key }],
        columnCount: columnIndex + 1,
      };
    },
    now,
  );
}

/** Deletes a column; the columns after it move left. */
export function deleteColumn(page: DocumentResult, entityId: string, column: number, now: string) {
  return mapTable(
    page,
    entityId,
    (table) => {
      const rows = rowsOf(table).map((cells) =>
        cells
          .filter((cell) => cell.columnIndex !== column)
          .map((cell) => (cell.columnIndex > column ? { ...cell, columnIndex: cell.columnIndex - 1 } : cell)),
      );
      const tableHeaders = table.tableHeaders.filter((_, index) => index !== column);
      return { ...withRows(table, rows), tableHeaders, columnCount: tableHeaders.length };
    },
    now,
  );
}

/** Rows of a table in order, for the editor. */
export const tableRows = rowsOf;
