// Export writers: a reviewed document result or a transcript in, a file out
// (`{fileName, contentType, bytes}`). Pure functions; the HTTP layer wraps the file as a
// download or as the contract's ExportFileResult (toExportFileResult).
import type { Language } from '../cultures.js';
import type { Transcript } from '../transcript.js';
import { toCsv } from './csv.js';
import { toDocx, transcriptToDocx } from './docx.js';
import { toJson } from './json.js';
import { toSrt, toTxt, toVtt } from './transcript-text.js';
import {
  type ExportedDocument,
  type ExportFile,
  ExportType,
  type TranscriptExportOptions,
  TranscriptExportType,
} from './types.js';
import { toXlsx } from './xlsx.js';
import { toXml } from './xml.js';

export { safeFileName } from '../file-names.js';
export { CSV_COLUMNS, csvField, defuseFormula, toCsv } from './csv.js';
export { fieldRows, tableGrids } from './document-rows.js';
export {
  DOCX_CONTENT_TYPE,
  type DocxBlock,
  documentBlocks,
  docxFile,
  toDocx,
  transcriptBlocks,
  transcriptToDocx,
} from './docx.js';
export { toJson } from './json.js';
export { cuesOf, toSrt, toTxt, toVtt } from './transcript-text.js';
export * from './types.js';
export { FIELD_COLUMNS, sheetName, toXlsx, XLSX_CONTENT_TYPE } from './xlsx.js';
export { toXml, xmlAttribute, xmlText } from './xml.js';

/** An export format these writers do not produce (the anonymised renders need the task's pages). */
export class UnsupportedExportError extends Error {
  override readonly name = 'UnsupportedExportError';
  constructor(readonly type: number) {
    super(`Export type ${type} is not produced by the export writers.`);
  }
}

/** Writes a document result in the format of the contract's ExportType; Word's headings in `language`. */
export async function exportDocument(
  type: ExportType,
  result: ExportedDocument,
  displayName: string,
  language: Language = 'en',
): Promise<ExportFile> {
  switch (type) {
    case ExportType.Excel:
      return toXlsx(result, displayName);
    case ExportType.Csv:
      return toCsv(result, displayName);
    case ExportType.Json:
      return toJson(result, displayName);
    case ExportType.Xml:
      return toXml(result, displayName);
    case ExportType.Word:
      return toDocx(result, displayName, language);
    default:
      throw new UnsupportedExportError(type);
  }
}

/** Writes a transcript in the format of the contract's TranscriptExportType. */
export async function exportTranscript(
  type: TranscriptExportType,
  transcript: Transcript,
  displayName: string,
  options: TranscriptExportOptions = {},
): Promise<ExportFile> {
  switch (type) {
    case TranscriptExportType.Txt:
      return toTxt(transcript, displayName, options);
    case TranscriptExportType.Srt:
      return toSrt(transcript, displayName, options);
    case TranscriptExportType.Vtt:
      return toVtt(transcript, displayName, options);
    case TranscriptExportType.Json:
      return toJson(transcript, displayName);
    case TranscriptExportType.Word:
      return transcriptToDocx(transcript, displayName, options);
    default:
      throw new UnsupportedExportError(type);
  }
}
