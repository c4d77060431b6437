// Tables that are evident from the layout: consecutive lines split by wide gaps into cells whose
// columns line up. Ruling lines are not needed (pdf.js and tesseract give us no lines anyway);
// what is not aligned in columns over several rows is left to the reviewer.
import { createHash } from 'node:crypto';
import { findMoney } from '../fields/parse-amount.js';
import { findDates } from '../fields/parse-date.js';
import { type Edges, heightOf, overlap, toBoundingBox, toPoints, unionEdges } from '../geometry.js';
import type { PageText, PositionedWord, TextLine } from '../text/page-text.js';
import { FieldType, type FieldTypeCode, type Table, type TableCell, type TableHeader } from '../types.js';

interface Cell {
  text: string;
  edges: Edges;
}

interface Row {
  line: TextLine;
  cells: Cell[];
}

/** Words further apart than this many line heights are in different cells. */
const CELL_GAP = 0.9;
/** Rows further apart than this many line heights end the table. */
const ROW_GAP = 2.5;
/** Share of a row's cells that must fall in the table's columns for the row to belong. */
const MIN_ALIGNED = 0.75;

export function detectTables(pages: readonly PageText[]): Table[] {
  return pages.flatMap((page) =>
    tableBlocks(page)
      .map((rows) => toTable(page, rows))
      .filter((table) => table !== null),
  );
}

function splitCells(line: TextLine): Cell[] {
  const height = Math.max(heightOf(line.edges), 1e-6);
  const cells: { words: PositionedWord[] }[] = [];
  for (const word of line.words) {
    const current = cells.at(-1);
    const previous = current?.words.at(-1);
    if (current && previous && word.edges.left - previous.edges.right <= CELL_GAP * height) current.words.push(word);
    else cells.push({ words: [word] });
  }
  return cells.map((cell) => ({
    text: cell.words.map((word) => word.text).join(' '),
    edges: unionEdges(cell.words.map((word) => word.edges)),
  }));
}

/** Runs of consecutive multi-cell lines whose cells stay in the same columns. */
function tableBlocks(page: PageText): Row[][] {
  const blocks: Row[][] = [];
  let block: Row[] = [];
  let columns: Edges[] = [];
  const close = () => {
    if (block.length >= 2) blocks.push(block);
    block = [];
    columns = [];
  };
  for (const line of page.lines) {
    const cells = splitCells(line);
    const previous = block.at(-1);
    const height = Math.max(heightOf(line.edges), 1e-6);
    if (cells.length < 2 || (previous && line.edges.top - previous.line.edges.bottom > ROW_GAP * height)) {
      close();
      if (cells.length < 2) continue;
    }
    if (block.length > 0 && alignedShare(cells, columns) < MIN_ALIGNED) close();
    block.push({ line, cells });
    columns = mergeColumns(columns, cells);
  }
  close();
  // Two rows of two cells are usually a label and its value, not a table.
  return blocks.filter((rows) => rows.length >= 3 || Math.max(...rows.map((row) => row.cells.length)) >= 3);
}

function alignedShare(cells: readonly Cell[], columns: readonly Edges[]): number {
  const aligned = cells.filter((cell) =>
    columns.some((column) => overlap(cell.edges.left, cell.edges.right, column.left, column.right) > 0),
  );
  return aligned.length / cells.length;
}

/** Column extents grow with every row; overlapping extents are one column. */
function mergeColumns(columns: readonly Edges[], cells: readonly Cell[]): Edges[] {
  const out = columns.map((column) => ({ ...column }));
  for (const cell of cells) {
    const hits = out.filter((column) => overlap(cell.edges.left, cell.edges.right, column.left, column.right) > 0);
    if (hits.length === 0) {
      out.push({ ...cell.edges });
      continue;
    }
    const merged = unionEdges([cell.edges, ...hits]);
    const rest = out.filter((column) => !hits.includes(column));
    out.length = 0;
    out.push(...rest, merged);
  }
  return out.sort((a, b) => a.left - b.left);
}

function toTable(page: PageText, rows: Row[]): Table | null {
  const columns = rows.reduce<Edges[]>((acc, row) => mergeColumns(acc, row.cells), []);
  if (columns.length < 2) return null;
  const grid = rows.map((row) => {
    const texts: string[] = columns.map(() => '');
    for (const cell of row.cells) {
      const index = columns.findIndex(
        (column) => overlap(cell.edges.left, cell.edges.right, column.left, column.right) > 0,
      );
      if (index >= 0) texts[index] = texts[index] ? `${texts[index]} ${cell.text}` : cell.text;
    }
    return texts;
  });
  const headerRow = looksLikeHeader(grid) ? (grid.shift() as string[]) : null;
  const bodyTypes = columns.map((_, index) => columnType(grid.map((texts) => texts[index] ?? '')));
  const headers: TableHeader[] = columns.map((_, index) => ({
    uniqueId: headerId(headerRow?.[index], index),
    fieldType: bodyTypes[index] as FieldTypeCode,
    isRequired: false,
  }));
  dedupeHeaderIds(headers);
  const tableRows: Record<string, TableCell[]> = {};
  grid.forEach((texts, rowIndex) => {
    tableRows[String(rowIndex)] = texts.map((content, columnIndex) => ({
      rowIndex,
      columnIndex,
      content,
      contentNormalized: normalise(content, bodyTypes[columnIndex] as FieldTypeCode),
      pageNumber: page.pageNumber,
      uniqueId: `0.${page.pageNumber}.${createHash('sha1').update(`${rows[0]?.line.span.offset}:${rowIndex}:${columnIndex}`).digest('hex').slice(0, 8)}`,
      headerId: (headers[columnIndex] as TableHeader).uniqueId,
    }));
  });
  const bounds = unionEdges(rows.map((row) => row.line.edges));
  return {
    rowCount: grid.length,
    columnCount: columns.length,
    tableHeaders: headers,
    tableRows,
    boundsAndPoints: { pageNumber: page.pageNumber, boundingBox: toBoundingBox(bounds), points: toPoints(bounds) },
    hasAlternativeHeaders: false,
  };
}

const isNumeric = (text: string) => /\d/.test(text) && (findMoney(text).length > 0 || /^[\d\s.,%-]+$/.test(text));

/** The first row is a header when it has no numbers and a later row has some. */
function looksLikeHeader(grid: readonly string[][]): boolean {
  const [first, ...rest] = grid;
  if (!first || rest.length === 0) return false;
  return !first.some(isNumeric) && rest.some((texts) => texts.some(isNumeric));
}

function columnType(values: readonly string[]): FieldTypeCode {
  const filled = values.filter((value) => value.trim() !== '');
  if (filled.length === 0) return FieldType.StringNotSpecified;
  const money = filled.filter((value) => findMoney(value).length === 1 && !/[\p{L}]{3,}/u.test(value)).length;
  const dates = filled.filter((value) => findDates(value).length === 1).length;
  if (dates / filled.length >= 0.6) return FieldType.DateNotSpecified;
  if (money / filled.length >= 0.6) return FieldType.NumberCurrency;
  return FieldType.StringNotSpecified;
}

function normalise(content: string, type: FieldTypeCode): string | null {
  if (type === FieldType.NumberCurrency) return findMoney(content)[0]?.normalized ?? null;
  if (type === FieldType.DateNotSpecified) return findDates(content)[0]?.iso ?? null;
  return null;
}

/** Header keys may hold letters and digits only (spec §5): "Unit Price" → "UnitPrice". */
function headerId(text: string | undefined, index: number): string {
  const words = (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  const id = words.join('');
  return id !== '' ? id : `Column${index + 1}`;
}

function dedupeHeaderIds(headers: TableHeader[]): void {
  const seen = new Map<string, number>();
  for (const header of headers) {
    const count = seen.get(header.uniqueId) ?? 0;
    seen.set(header.uniqueId, count + 1);
    if (count > 0) header.uniqueId = `${header.uniqueId}${count + 1}`;
  }
}
