// Several tasks' reviewed results in ONE file (SdTask/Export of a selection). Each format says
// which task a row belongs to: Json is a list of {task, result}; Csv and the Excel "Fields" sheet
// lead with the task's number and name; Xml wraps each task's <document>; Excel gives each
// task's tables their own sheets, prefixed with the task number; Word gives each task its own
// section, titled with its number and name.
import ExcelJS from 'exceljs';
import type { TaskRow } from '../../db/schema.js';
import type { Language } from '../../formats/cultures.js';
import { CSV_COLUMNS, csvFile, documentCsvRows } from '../../formats/exports/csv.js';
import {
  type DocumentResult,
  documentBlocks,
  docxFile,
  type ExportFile,
  ExportType,
  FIELD_COLUMNS,
  fieldRows,
  safeFileName,
  sheetName,
  tableGrids,
  toJson,
  toXml,
  XLSX_CONTENT_TYPE,
} from '../../formats/exports/index.js';

export interface TaskDocument {
  task: TaskRow;
  result: DocumentResult;
}

const label = (task: TaskRow) => `#${task.sequential_by_workspace_id} ${task.display_name}`;

export async function combinedExport(
  type: ExportType,
  documents: TaskDocument[],
  name: string,
  language: Language,
): Promise<ExportFile> {
  switch (type) {
    case ExportType.Json:
      return toJson(
        documents.map(({ task, result }) => ({
          taskId: task.id,
          sequentialByWorkspaceId: task.sequential_by_workspace_id,
          displayName: task.display_name,
          externalId: task.external_id,
          result,
        })),
        name,
      );
    case ExportType.Csv:
      return combinedCsv(documents, name);
    case ExportType.Xml:
      return combinedXml(documents, name);
    case ExportType.Excel:
      return combinedXlsx(documents, name);
    case ExportType.Word:
      return docxFile(
        documents.map(({ task, result }) => documentBlocks(result, label(task), language)),
        name,
      );
    default:
      throw new Error(`export type ${type} is not combined`);
  }
}

function combinedCsv(documents: TaskDocument[], name: string): ExportFile {
  const rows = function* () {
    for (const { task, result } of documents) {
      for (const row of documentCsvRows(result)) yield [label(task), task.id, ...row];
    }
  };
  return csvFile(['Task', 'Task id', ...CSV_COLUMNS], rows(), name);
}

function combinedXml(documents: TaskDocument[], name: string): ExportFile {
  const decoder = new TextDecoder();
  const parts = documents.map(({ task, result }) => {
    const single = decoder.decode(toXml(result, label(task)).bytes);
    // Each task's <document>, without its own XML declaration, indented one level.
    return single
      .replace(/^<\?xml[^>]*\?>\n/, '')
      .trimEnd()
      .replace(/^<document/, `<document taskId="${task.id}"`)
      .split('\n')
      .map((line) => `  ${line}`)
      .join('\n');
  });
  const text = ['<?xml version="1.0" encoding="UTF-8"?>', '<documents>', ...parts, '</documents>', ''].join('\n');
  return { fileName: safeFileName(name, 'xml'), contentType: 'application/xml', bytes: new TextEncoder().encode(text) };
}

async function combinedXlsx(documents: TaskDocument[], name: string): Promise<ExportFile> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Reviewdesk';
  const taken = new Set<string>();
  const fields = workbook.addWorksheet(sheetName('Fields', taken));
  fields.columns = [{ header: 'Task', key: 'task', width: 28 }, ...FIELD_COLUMNS];
  fields.getRow(1).font = { bold: true };
  for (const { task, result } of documents) {
    for (const row of fieldRows(result)) fields.addRow({ task: label(task), ...row });
  }
  for (const { task, result } of documents) {
    for (const table of tableGrids(result)) {
      const sheet = workbook.addWorksheet(sheetName(`#${task.sequential_by_workspace_id} ${table.name}`, taken));
      sheet.addRow(table.columns).font = { bold: true };
      for (const row of table.rows) sheet.addRow(row.cells);
    }
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return {
    fileName: safeFileName(name, 'xlsx'),
    contentType: XLSX_CONTENT_TYPE,
    bytes: new Uint8Array(buffer as ArrayBuffer),
  };
}
