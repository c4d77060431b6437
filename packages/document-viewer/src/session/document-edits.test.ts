// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { invoicePage } from '../test/fixtures.js';
import {
  addColumn,
  addRow,
  deleteColumn,
  deleteRow,
  entityIdOf,
  newEntityId,
  setCell,
  setNotDetected,
  setSolved,
  setValue,
  tableRows,
} from './document-edits.js';

const NOW = '2026-11-21T12:00:00.000Z';
const table = (page: ReturnType<typeof invoicePage>) => page.entities.find((e) => e.temporaryId === '0.1.t1')?.table;

describe('document edits', () => {
  it('sets a value without touching the input page, dropping the stale normalised reading', () => {
    const page = invoicePage();
    const before = structuredClone(page);
    const next = setValue(page, '0.1.a7', 0, '279.84', NOW);
    expect(page).toEqual(before);
    const total = next.entities.find((e) => e.temporaryId === '0.1.a7');
    expect(total?.keyValues[0]?.content).toBe('279.84');
    expect(total?.keyValues[0]?.contentNormalized).toBeNull();
    expect(total?.editedOn).toBe(NOW);
    // Other entities keep their identity, so the panel re-renders only the edited row.
    expect(next.entities[0]).toBe(page.entities[0]);
  });

  it('returns the same page for an unknown entity', () => {
    const page = invoicePage();
    expect(setValue(page, 'nope', 0, 'x', NOW)).toBe(page);
  });

  it('marks solved and not detected (emptying the values)', () => {
    const solved = setSolved(invoicePage(), '0.1.a4', true, NOW);
    expect(solved.entities.find((e) => e.temporaryId === '0.1.a4')?.markedAsSolved).toBe(true);
    const absent = setNotDetected(invoicePage(), '0.1.a5', true, NOW).entities.find((e) => e.temporaryId === '0.1.a5');
    expect(absent?.notDetected).toBe(true);
    expect(absent?.keyValues[0]?.content).toBeNull();
  });

  it('renumbers rows after a delete, keys and rowIndex alike', () => {
    let page = addRow(invoicePage(), '0.1.t1', undefined, NOW);
    page = setCell(page, '0.1.t1', 2, 0, 'Olive Oil', NOW);
    page = deleteRow(page, '0.1.t1', 0, NOW);
    const t = table(page);
    expect(Object.keys(t?.tableRows ?? {})).toEqual(['0', '1']);
    expect(t?.rowCount).toBe(2);
    const rows = t ? tableRows(t) : [];
    expect(rows.map((cells) => cells[0]?.content)).toEqual(['Office Chair', 'Olive Oil']);
    expect(rows.flat().map((c) => c.rowIndex)).toEqual([0, 0, 1, 1]);
  });

  it('adds and deletes columns; header keys are letters and digits only and unique', () => {
    let page = addColumn(invoicePage(), '0.1.t1', 'Tax15', NOW);
    expect(table(page)?.tableHeaders.map((h) => h.uniqueId)).toEqual(['Description', 'Amount', 'Tax15']);
    expect(table(page)?.columnCount).toBe(3);
    expect(() => addColumn(page, '0.1.t1', 'Tax rate', NOW)).toThrow(RangeError);
    expect(() => addColumn(page, '0.1.t1', 'Tax.1', NOW)).toThrow(RangeError);
    expect(() => addColumn(page, '0.1.t1', 'Amount', NOW)).toThrow(RangeError);
    page = deleteColumn(page, '0.1.t1', 0, NOW);
    const t = table(page);
    expect(t?.tableHeaders.map((h) => h.uniqueId)).toEqual(['Amount', 'Tax15']);
    expect(t ? tableRows(t)[0]?.map((c) => [c.columnIndex, c.content]) : []).toEqual([
      [0, '42.00'],
      [1, ''],
    ]);
  });

  it('makes compound ids chunk.page.unique and reads the entity part of a child id', () => {
    expect(newEntityId(3, () => 0.5)).toBe('0.3.7fffffff');
    expect(entityIdOf('0.3.f1c2|0.3.a9b8')).toBe('0.3.f1c2');
  });
});
