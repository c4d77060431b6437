// DynamicTable fields of the template model: a table whose rows grow from document to document.
//
// Learning. People label a table by its cells' texts (cells carry no boxes), so each cell is first
// found in the page's words: a run of words on one line that reads as the cell, each row below the
// one before it, inside the table's bounds when the person gave them. Each column is then learned
// like a field of the template: its first row's cell, as wide as the column was across all rows,
// placed from the layout's anchors. Also kept: the largest gap between two lines of a table (rows
// and the wrapped lines of a cell), and the layout's printed words, which end a table where they
// stand below it ("Total", "Goods received…").
// Reading. The columns are placed on the page, and the lines below the first row whose words fall
// in the columns are read down one by one: a line with a word in the key column (the first
// required column, else the first) starts a row, any other line continues the row above (a
// wrapped cell); a gap wider than the tables learned showed, or a printed word of the layout, ends
// the table.
import {
  anchorWords,
  type Box,
  enclosing,
  type FieldModel,
  type LabelledTable,
  learnTemplate,
  placeField,
  sameText,
  type TrainingDocument,
  tokenOf,
  type Word,
} from './template-model.js';

export interface TableColumn {
  key: string;
  /** The column's first-row cell, placed from the layout's anchors. */
  field: FieldModel;
}

export interface TableModel {
  fieldId: string;
  page: number;
  columns: TableColumn[];
  /** Index of the column whose words start a row. */
  keyColumn: number;
  /** Largest gap between two lines of a labelled table, in word heights. */
  lineGap: number;
  /** Printed words of the layout: a line holding one is no part of the table. */
  stopTokens: string[];
}

export interface ReadCell {
  text: string;
  box: Box | null;
}

export interface ReadTable {
  fieldId: string;
  page: number;
  columns: string[];
  rows: ReadCell[][];
  box: Box;
  confidence: number;
}

/** A gap no labelled table showed is still taken up to this many word heights. */
const MIN_LINE_GAP = 1.2;
const MAX_ROWS = 2000;

const height = (b: Box) => Math.max(b.bottom - b.top, 1e-6);
const midY = (b: Box) => (b.top + b.bottom) / 2;
const midX = (b: Box) => (b.left + b.right) / 2;
const centreIn = (w: Word, b: Box) => {
  const x = midX(w.box);
  const y = midY(w.box);
  return x >= b.left && x <= b.right && y >= b.top && y <= b.bottom;
};

interface Line {
  words: Word[];
  box: Box;
}

/**
 * How much the page's lines climb per unit to the right (a slightly rotated scan): the median slope
 * between words and the next word on their line close to their right.
 */
function slopeOf(words: readonly Word[]): number {
  const slopes: number[] = [];
  const byLeft = [...words].sort((a, b) => a.box.left - b.box.left);
  for (const word of byLeft) {
    const h = height(word.box);
    const next = byLeft.find(
      (o) =>
        o !== word &&
        o.box.left >= word.box.right - h * 0.2 &&
        o.box.left - word.box.right < h * 2 &&
        Math.abs(midY(o.box) - midY(word.box)) < h * 0.5,
    );
    if (next) slopes.push((midY(next.box) - midY(word.box)) / Math.max(midX(next.box) - midX(word.box), 1e-6));
  }
  slopes.sort((a, b) => a - b);
  return slopes[slopes.length >> 1] ?? 0;
}

/** Words grouped into lines (top to bottom), each line's words left to right; rotation allowed for. */
export function linesOf(words: readonly Word[]): Line[] {
  const slope = slopeOf(words);
  const level = (w: Word) => midY(w.box) - slope * midX(w.box);
  const sorted = [...words].sort((a, b) => level(a) - level(b));
  const lines: Word[][] = [];
  for (const word of sorted) {
    const line = lines.at(-1);
    const last = line?.at(-1);
    if (line && last && Math.abs(level(word) - level(last)) < Math.min(height(word.box), height(last.box)) * 0.5) {
      line.push(word);
    } else {
      lines.push([word]);
    }
  }
  return lines.map((line) => {
    const ordered = line.sort((a, b) => a.box.left - b.box.left);
    return { words: ordered, box: enclosing(ordered.map((w) => w.box)) };
  });
}

interface Located {
  /** Box of each cell found, by row and column (null: not found). */
  cells: Array<Array<Box | null>>;
  /** Lines the table spans, first row's first. */
  lines: Line[];
}

/** Finds a labelled table's cells in the page's words. */
function locate(table: LabelledTable, words: Word[]): Located | null {
  const inside = table.bounds ? words.filter((w) => centreIn(w, table.bounds as Box)) : words;
  const lines = linesOf(inside);
  let from = 0;
  const cells: Array<Array<Box | null>> = [];
  const used: number[] = [];
  for (const row of table.rows) {
    let rowLine: number | null = null;
    const boxes = row.map((text) => {
      if (!text.trim()) return null;
      for (let l = rowLine ?? from; l < (rowLine === null ? lines.length : rowLine + 1); l++) {
        const found = runReading(lines[l] as Line, text);
        if (found) {
          rowLine ??= l;
          return found;
        }
      }
      return null;
    });
    cells.push(boxes);
    if (rowLine !== null) {
      used.push(rowLine);
      from = rowLine + 1;
    }
  }
  if (used.length === 0) return null;
  return { cells, lines: lines.slice(Math.min(...used), Math.max(...used) + 1) };
}

/** The box of a run of the line's words that reads as `text`, or null. */
function runReading(line: Line, text: string): Box | null {
  const n = text.trim().split(/\s+/).length;
  for (let start = 0; start + n <= line.words.length; start++) {
    const run = line.words.slice(start, start + n);
    if (sameText(run.map((w) => w.text).join(' '), text)) return enclosing(run.map((w) => w.box));
  }
  return null;
}

const columnFieldId = (fieldId: string, key: string) => `${fieldId}#${key}`;

/**
 * Learns the DynamicTable fields labelled in the documents. `keyColumns` names, per table field,
 * the column whose words start a row (its first required column).
 */
export function learnTables(documents: TrainingDocument[], keyColumns: Record<string, string> = {}): TableModel[] {
  const fields = new Map<string, { page: number; columns: string[] }>();
  for (const doc of documents) {
    for (const t of doc.tables ?? []) fields.set(t.fieldId, { page: t.page, columns: t.columns });
  }
  const models: TableModel[] = [];
  for (const [fieldId, { page, columns }] of fields) {
    const gaps: number[] = [];
    const cellTokens = new Set<string>();
    // Each column's first-row cell, as wide as the column, as a labelled value of the page.
    const asFields: TrainingDocument[] = [];
    for (const doc of documents) {
      const table = doc.tables?.find((t) => t.fieldId === fieldId);
      const words = doc.pages[page - 1];
      if (!table || !words) continue;
      for (const row of table.rows) {
        for (const cell of row) for (const part of cell.split(/\s+/)) cellTokens.add(tokenOf(part) ?? '');
      }
      const located = locate(table, words);
      if (!located) continue;
      const scale = Math.min(...located.lines.map((l) => height(l.box)));
      for (let i = 1; i < located.lines.length; i++) {
        gaps.push(((located.lines[i] as Line).box.top - (located.lines[i - 1] as Line).box.bottom) / scale);
      }
      const labels = columns.flatMap((key, c) => {
        const first = located.cells[0]?.[c];
        const all = located.cells.map((r) => r[c]).filter((b): b is Box => Boolean(b));
        if (!first || all.length === 0) return [];
        const column = enclosing(all);
        return [
          {
            fieldId: columnFieldId(fieldId, key),
            page,
            box: { left: column.left, right: column.right, top: first.top, bottom: first.bottom },
            text: '',
          },
        ];
      });
      // Other rows' cells are values too: never anchors.
      const otherCells = located.cells
        .slice(1)
        .flat()
        .filter((b): b is Box => Boolean(b))
        .map((box) => ({ fieldId: '', page, box, text: '' }));
      asFields.push({ pages: doc.pages, labels: [...labels, ...otherCells] });
    }
    if (asFields.length === 0) continue;
    const learned = learnTemplate(asFields);
    const learnedColumns = columns
      .map((key) => ({ key, field: learned.fields.find((f) => f.fieldId === columnFieldId(fieldId, key)) }))
      .filter((c): c is TableColumn => Boolean(c.field && c.field.anchors.length > 0));
    if (learnedColumns.length === 0) continue;
    const stopTokens = new Set<string>();
    for (const f of learned.fields) for (const a of f.anchors) if (!cellTokens.has(a.token)) stopTokens.add(a.token);
    const key = keyColumns[fieldId];
    models.push({
      fieldId,
      page,
      columns: learnedColumns,
      keyColumn: Math.max(
        0,
        learnedColumns.findIndex((c) => c.key === key),
      ),
      lineGap: Math.max(MIN_LINE_GAP, ...gaps),
      stopTokens: [...stopTokens].sort(),
    });
  }
  return models;
}

/** Reads the learned tables of a document (words of each page). */
export function readTables(models: readonly TableModel[], pages: Word[][]): ReadTable[] {
  const out: ReadTable[] = [];
  for (const model of models) {
    const words = pages[model.page - 1];
    if (!words) continue;
    const unique = anchorWords(words);
    const placed = model.columns.map((c) => placeField(c.field, unique));
    const found = placed.filter((p) => p !== null);
    if (found.length === 0) continue;
    const scale = found.reduce((s, p) => s + p.scale, 0) / found.length;
    const ranges = placed.map((p) => (p ? { left: p.box.left - scale * 0.3, right: p.box.right + scale * 0.3 } : null));
    const top = Math.min(...found.map((p) => p.box.top)) - scale * 0.35;
    const firstBottom = Math.max(...found.map((p) => p.box.bottom)) + scale * 0.35;
    const inColumn = (w: Word, c: number) => {
      const range = ranges[c];
      return range !== null && range !== undefined && midX(w.box) >= range.left && midX(w.box) <= range.right;
    };
    const candidates = words.filter((w) => midY(w.box) >= top && ranges.some((_, c) => inColumn(w, c)));
    const stop = new Set(model.stopTokens);
    const rows: Word[][] = [];
    let previous: Box | null = null;
    for (const line of linesOf(candidates)) {
      if (previous && (line.box.top - previous.bottom) / scale > model.lineGap * 1.5 + 0.3) break;
      if (!previous && midY(line.box) > firstBottom) break;
      if (line.words.some((w) => stop.has(tokenOf(w.text) ?? ''))) break;
      const startsRow = line.words.some((w) => inColumn(w, model.keyColumn));
      if (startsRow || rows.length === 0) rows.push([...line.words]);
      else rows.at(-1)?.push(...line.words);
      previous = line.box;
      if (rows.length >= MAX_ROWS) break;
    }
    if (rows.length === 0) continue;
    out.push({
      fieldId: model.fieldId,
      page: model.page,
      columns: model.columns.map((c) => c.key),
      rows: rows.map((row) =>
        model.columns.map((_, c) => {
          const cell = row
            .filter((w) => inColumn(w, c))
            .sort((a, b) => midY(a.box) - midY(b.box) || a.box.left - b.box.left);
          const ordered = linesOf(cell).flatMap((l) => l.words);
          return {
            text: ordered.map((w) => w.text).join(' '),
            box: ordered.length > 0 ? enclosing(ordered.map((w) => w.box)) : null,
          };
        }),
      ),
      box: enclosing(rows.flat().map((w) => w.box)),
      confidence: Math.round((found.reduce((s, p) => s + p.confidence, 0) / placed.length) * 1000) / 1000,
    });
  }
  return out;
}
