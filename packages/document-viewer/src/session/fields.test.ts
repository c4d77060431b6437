// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { invoiceConfig, invoicePage } from '../test/fixtures.js';
import { addColumn, deleteRow, documentTableId, setCell, setNotDetected } from './document-edits.js';
import {
  attentionQueue,
  buildFields,
  buildOverlay,
  confidenceLevel,
  DOCUMENT_TABLES_KEY,
  type FieldColours,
  orderedKeys,
  randomFieldColours,
  valueProblem,
} from './fields.js';

const config = invoiceConfig();
const build = (pages = { 1: invoicePage() }, colours = new Map<string, FieldColours>()) =>
  buildFields({ config, pages, newFieldColours: colours, random: () => 0.25 });

describe('field model', () => {
  it("orders fields by the workspace's fieldOrder, then unknown categories", () => {
    expect(orderedKeys(config, { 1: invoicePage() })).toEqual([
      'InvoiceId',
      'VendorName',
      'InvoiceDate',
      'DueDate',
      'CustomerReference',
      'PurchaseOrder',
      'TotalTax',
      'InvoiceTotal',
      'Items',
      'IncotermCode',
    ]);
  });

  it('checks required fields and anchored patterns as typed', () => {
    const total = config.categories.find((c) => c.categoryKey === 'InvoiceTotal');
    expect(valueProblem('', total, true)).toBe('required');
    expect(valueProblem('279.B4', total, true)).toBe('pattern');
    expect(valueProblem('x279.84', total, true)).toBe('pattern');
    expect(valueProblem('279.84', total, true)).toBeNull();
    expect(valueProblem('', undefined, false)).toBeNull();
    // A broken pattern from the server never breaks the viewer.
    expect(
      valueProblem(
        'a',
        { categoryKey: 'X', displayName: 'X', fieldConfig: { type: 50, isRequired: false, pattern: '(' } },
        false,
      ),
    ).toBeNull();
  });

  it('levels confidence against the workspace thresholds', () => {
    expect(confidenceLevel(0.9, config)).toBe('ok');
    expect(confidenceLevel(0.7, config)).toBe('check');
    expect(confidenceLevel(0.4, config)).toBe('entry');
    expect(confidenceLevel(null, config)).toBe('ok');
    expect(
      confidenceLevel(0.1, invoiceConfig({ fieldsConfidenceRateCheck: null, fieldsConfidenceRateEntry: null })),
    ).toBe('ok');
  });

  it('flags and colours boxes: field colours, defaults, a stable random colour at 0.32 for unknown fields', () => {
    const colours = new Map<string, FieldColours>();
    const boxes = buildOverlay(build(undefined, colours));
    const byId = (id: string) => boxes.find((b) => b.id === id);
    expect(byId('0.1.a2')).toMatchObject({ fill: '#7c3aed33', stroke: '#7c3aed', kind: 'entity' });
    expect(byId('0.1.a1')).toMatchObject({ fill: '#0011ff1a', stroke: '#0011ff', flags: [] });
    expect(byId('0.1.a4')?.flags).toEqual(['low-confidence']);
    expect(byId('0.1.a7')?.flags).toEqual(['low-confidence', 'invalid']);
    expect(byId('0.1.t1')?.kind).toBe('table');
    expect(byId('0.1.a8')).toMatchObject({ fill: '#3fffff52', stroke: '#3fffff' });
    expect(randomFieldColours(() => 0.25).fill.slice(-2)).toBe('52'); // round(0.32 × 255) = 82 = 0x52
    // Same colour on the next build of the same session.
    expect(buildOverlay(build(undefined, colours)).find((b) => b.id === '0.1.a8')?.fill).toBe('#3fffff52');
    expect(byId('0.1.a1')?.box).toEqual({ left: 98.8, top: 206.2, width: 177.3, height: 23 });
  });

  it('draws no box for a value marked as not on the document, and draws it again when unmarked', () => {
    const marked = setNotDetected(invoicePage(), '0.1.a1', true, '2026-01-01T00:00:00Z');
    expect(buildOverlay(build({ 1: marked })).find((b) => b.id === '0.1.a1')).toBeUndefined();
    expect(buildOverlay(build({ 1: marked })).find((b) => b.id === '0.1.a2')).toBeDefined();
    const unmarked = setNotDetected(marked, '0.1.a1', false, '2026-01-01T00:00:01Z');
    expect(buildOverlay(build({ 1: unmarked })).find((b) => b.id === '0.1.a1')?.box).toEqual({
      left: 98.8,
      top: 206.2,
      width: 177.3,
      height: 23,
    });
  });

  it('queues low-confidence, invalid and missing required values for the guided pass; solved ones leave it', () => {
    expect(attentionQueue(build())).toEqual(['0.1.a4', 'field:PurchaseOrder', '0.1.a7', '0.1.a8']);
    const page = invoicePage();
    const due = page.entities.find((e) => e.temporaryId === '0.1.a4');
    if (due) due.markedAsSolved = true;
    expect(attentionQueue(build({ 1: page }))).toEqual(['field:PurchaseOrder', '0.1.a7', '0.1.a8']);
  });
});

describe("the document's own tables", () => {
  // The pipeline keeps tables found in the layout in DocumentResult.tables, not in entities.
  const layoutTable = () => {
    const page = invoicePage();
    const table = page.entities.find((e) => e.table)?.table;
    if (!table) throw new Error('fixture without a table');
    return { ...page, entities: page.entities.filter((e) => !e.table), tables: [table] };
  };

  it('lists them last, as an editable table field, with their box on the page', () => {
    const fields = buildFields({
      config,
      pages: { 1: layoutTable() },
      newFieldColours: new Map(),
      random: () => 0.25,
      documentTablesLabel: 'Tables of the document',
    });
    const tables = fields.at(-1);
    expect(tables?.key).toBe(DOCUMENT_TABLES_KEY);
    expect(tables?.label).toBe('Tables of the document');
    expect(tables?.kind).toBe('table');
    expect(tables?.entries.map((e) => e.id)).toEqual([documentTableId(1, 0)]);
    expect(tables?.entries[0]?.needsAttention).toBe(false);
    const box = buildOverlay(fields).find((b) => b.id === documentTableId(1, 0));
    expect(box).toMatchObject({ kind: 'table', pageNumber: 1, box: { left: 32, top: 340, width: 531, height: 52 } });
  });

  it('edits their cells, rows and columns in DocumentResult.tables', () => {
    const page = layoutTable();
    const id = documentTableId(1, 0);
    const edited = addColumn(deleteRow(setCell(page, id, 0, 1, '43.00', 'now'), id, 1, 'now'), id, 'Tax', 'now');
    expect(edited.entities).toBe(page.entities);
    expect(edited.tables[0]?.rowCount).toBe(1);
    expect(edited.tables[0]?.tableRows['0']?.map((c) => c.content)).toEqual(['Beeswax XL', '43.00', '']);
    expect(page.tables[0]?.tableRows['0']?.[1]?.content).toBe('42.00');
    expect(setCell(page, documentTableId(1, 5), 0, 0, 'x', 'now')).toBe(page);
  });
});
