// Word export (.docx, written by the `docx` package). A document task becomes its name as the title,
// its fields in one table per group (ungrouped fields first, in the order of the result, one row
// per value) and then each table with its column ids as the header row — the same rows and grids
// as the other tabular formats (document-rows.ts). A transcript becomes one Word paragraph per
// transcript paragraph, with the timestamp and speaker the options ask for, merged per speaker run
// when asked (the same paragraphs as the TXT export), and each word's bold/italic/underline kept.
// The headings the export writes itself are in the reader's language (docx-labels.ts; English
// when none is given); the Excel and CSV column names stay English, being read by programs.
// Characters XML cannot carry are dropped: one would make the whole file unreadable.

import {
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  type ParagraphChild,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { Language } from '../cultures.js';
import { safeFileName } from '../file-names.js';
import type { Transcript, TranscriptWord } from '../transcript.js';
import { type FieldRow, fieldRows, type TableGrid, tableGrids } from './document-rows.js';
import { DOCX_LABELS, type DocxLabels } from './docx-labels.js';
import { clock, paragraphsOf } from './transcript-text.js';
import type { DocumentTranslation, ExportedDocument, ExportFile, TranscriptExportOptions } from './types.js';
import { stripForbidden } from './xml.js';

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** What one document or one task contributes to a Word file: headings, paragraphs and tables. */
export type DocxBlock = Paragraph | Table;

/** Text runs of a cell or paragraph; line breaks inside a value become Word line breaks. */
function runs(text: string, style: { bold?: boolean; italics?: boolean; underline?: boolean } = {}): TextRun[] {
  return stripForbidden(text)
    .split(/\r\n|\r|\n/)
    .map(
      (line, i) =>
        new TextRun({
          text: line,
          bold: style.bold,
          italics: style.italics,
          underline: style.underline ? {} : undefined,
          break: i > 0 ? 1 : undefined,
        }),
    );
}

const heading = (text: string, level: (typeof HeadingLevel)[keyof typeof HeadingLevel]) =>
  new Paragraph({ heading: level, children: runs(text) });

const cell = (text: string, bold = false) =>
  new TableCell({ children: [new Paragraph({ children: runs(text, { bold }) })] });

function table(header: string[], rows: string[][]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, children: header.map((h) => cell(h, true)) }),
      ...rows.map((row) => new TableRow({ children: row.map((text) => cell(text)) })),
    ],
  });
}

/** Field rows by group, in the order each group first appears (ungrouped fields as "Fields"). */
function fieldGroups(rows: FieldRow[]): Map<string, FieldRow[]> {
  const groups = new Map<string, FieldRow[]>();
  for (const row of rows) {
    const list = groups.get(row.group) ?? [];
    list.push(row);
    groups.set(row.group, list);
  }
  const ungrouped = groups.get('');
  if (!ungrouped) return groups;
  groups.delete('');
  return new Map([['', ungrouped], ...groups]);
}

const gridTable = (grid: TableGrid) =>
  table(
    grid.columns,
    grid.rows.map((row) => row.cells),
  );

/** The blocks of one reviewed document under a title (a combined export puts several in one file). */
export function documentBlocks(result: ExportedDocument, title: string, language: Language = 'en'): DocxBlock[] {
  const labels = DOCX_LABELS[language];
  const blocks: DocxBlock[] = [heading(title, HeadingLevel.HEADING_1)];
  for (const [group, rows] of fieldGroups(fieldRows(result))) {
    blocks.push(heading(group || labels.fields, HeadingLevel.HEADING_2));
    blocks.push(
      table(
        [labels.field, labels.value, labels.page],
        rows.map((row) => [row.category, row.value, String(row.page)]),
      ),
    );
  }
  for (const grid of tableGrids(result)) {
    blocks.push(heading(grid.name, HeadingLevel.HEADING_2), gridTable(grid));
  }
  if (result.translation) blocks.push(...translationBlocks(result.translation, labels));
  return blocks;
}

/**
 * A Translation task's text: a heading naming the pair, then each page's paragraphs (blank lines
 * in the translated text) as Word paragraphs, under a page heading when there are several pages.
 */
function translationBlocks(translation: DocumentTranslation, labels: DocxLabels): DocxBlock[] {
  const blocks: DocxBlock[] = [
    heading(`${labels.translation} ${translation.from} → ${translation.to}`, HeadingLevel.HEADING_2),
  ];
  for (const page of translation.pages) {
    if (translation.pages.length > 1) blocks.push(heading(`${labels.page} ${page.pageNumber}`, HeadingLevel.HEADING_3));
    for (const paragraph of page.text.split(/\n\s*\n/)) {
      if (paragraph.trim()) blocks.push(new Paragraph({ spacing: { after: 160 }, children: runs(paragraph.trim()) }));
    }
  }
  return blocks;
}

const sameStyle = (a: TranscriptWord, b: TranscriptWord) =>
  Boolean(a.bold) === Boolean(b.bold) &&
  Boolean(a.italic) === Boolean(b.italic) &&
  Boolean(a.underline) === Boolean(b.underline);

/** A paragraph's words as runs, one run per stretch of words with the same formatting. */
function wordRuns(words: TranscriptWord[]): TextRun[] {
  const spoken = words.filter((w) => w.text.trim());
  const out: TextRun[] = [];
  let start = 0;
  for (let i = 1; i <= spoken.length; i++) {
    const first = spoken[start];
    const word = spoken[i];
    if (first && word && sameStyle(first, word)) continue;
    if (!first) break;
    const text = spoken
      .slice(start, i)
      .map((w) => w.text.trim())
      .join(' ');
    // The space between two stretches is plain, so an underline does not run into the gap.
    if (start > 0) out.push(new TextRun(' '));
    out.push(...runs(text, { bold: first.bold, italics: first.italic, underline: first.underline }));
    start = i;
  }
  return out;
}

/** The blocks of a transcript under a title, as the export options ask. */
export function transcriptBlocks(transcript: Transcript, title: string, options: TranscriptExportOptions): DocxBlock[] {
  const blocks: DocxBlock[] = [heading(title, HeadingLevel.HEADING_1)];
  for (const paragraph of paragraphsOf(transcript, options)) {
    const head: ParagraphChild[] = [];
    if (options.includeTimestamps !== false) head.push(new TextRun({ text: `[${clock(paragraph.start, null)}] ` }));
    if (options.includeSpeakers !== false && paragraph.speaker) {
      head.push(...runs(`${paragraph.speaker}: `, { bold: true }));
    }
    blocks.push(new Paragraph({ spacing: { after: 160 }, children: [...head, ...wordRuns(paragraph.words)] }));
  }
  return blocks;
}

/** A Word file of blocks; each inner list starts on a new page (one per task of a selection). */
export async function docxFile(parts: DocxBlock[][], name: string | null | undefined): Promise<ExportFile> {
  const document = new Document({
    creator: 'Reviewdesk',
    title: stripForbidden(name ?? ''),
    sections: parts.map((children) => ({ children })),
  });
  return {
    fileName: safeFileName(name, 'docx'),
    contentType: DOCX_CONTENT_TYPE,
    bytes: new Uint8Array(await Packer.toBuffer(document)),
  };
}

export const toDocx = (result: ExportedDocument, displayName: string | null | undefined, language: Language = 'en') =>
  docxFile([documentBlocks(result, displayName ?? '', language)], displayName);

export const transcriptToDocx = (
  transcript: Transcript,
  displayName: string | null | undefined,
  options: TranscriptExportOptions = {},
) => docxFile([transcriptBlocks(transcript, displayName ?? '', options)], displayName);
