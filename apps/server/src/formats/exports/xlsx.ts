// Excel export (a real .xlsx, written by exceljs): a "Fields" sheet, then one sheet per table
// with its column ids as the header row, and a Translation task's text page by page. Values stay text — a reviewed "0012" or "1.234,50" must
// not become a number Excel reformats — except confidence, which is a number users sort by.
import ExcelJS from 'exceljs';
import { safeFileName } from '../file-names.js';
import { fieldRows, tableGrids } from './document-rows.js';
import type { ExportedDocument, ExportFile } from './types.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel sheet names: ≤ 31 characters, none of []:*?/\ , unique (case-insensitive), not blank. */
export function sheetName(wanted: string, taken: Set<string>): string {
  const base =
    wanted
      .replace(/[[\]:*?/\\]/g, '_')
      .replace(/^'+|'+$/g, '')
      .trim()
      .slice(0, 31) || 'Sheet';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
  taken.add(name.toLowerCase());
  return name;
}

/** The columns of the Fields sheet (the combined export puts a Task column before them). */
export const FIELD_COLUMNS: ReadonlyArray<Partial<ExcelJS.Column>> = [
  { header: 'Category', key: 'category', width: 28 },
  { header: 'Group', key: 'group', width: 16 },
  { header: 'Page', key: 'page', width: 6 },
  { header: 'Value', key: 'value', width: 40 },
  { header: 'Normalized value', key: 'normalizedValue', width: 24 },
  { header: 'Confidence', key: 'confidence', width: 11, style: { numFmt: '0.00%' } },
];

export async function toXlsx(result: ExportedDocument, displayName: string | null | undefined): Promise<ExportFile> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Reviewdesk';
  const taken = new Set<string>();

  const fields = workbook.addWorksheet(sheetName('Fields', taken));
  fields.columns = [...FIELD_COLUMNS];
  fields.getRow(1).font = { bold: true };
  for (const row of fieldRows(result)) fields.addRow(row);

  for (const table of tableGrids(result)) {
    const sheet = workbook.addWorksheet(sheetName(table.name, taken));
    sheet.addRow(table.columns).font = { bold: true };
    for (const row of table.rows) sheet.addRow(row.cells);
  }

  if (result.translation) {
    const { from, to } = result.translation;
    const sheet = workbook.addWorksheet(sheetName(`Translation ${from}-${to}`, taken));
    sheet.columns = [
      { header: 'Page', key: 'page', width: 6 },
      { header: `Text (${to})`, key: 'text', width: 100, style: { alignment: { wrapText: true, vertical: 'top' } } },
    ];
    sheet.getRow(1).font = { bold: true };
    for (const page of result.translation.pages) sheet.addRow({ page: page.pageNumber, text: page.text });
  }

  const buffer = await workbook.xlsx.writeBuffer();
  return {
    fileName: safeFileName(displayName, 'xlsx'),
    contentType: XLSX_CONTENT_TYPE,
    bytes: new Uint8Array(buffer as ArrayBuffer),
  };
}
