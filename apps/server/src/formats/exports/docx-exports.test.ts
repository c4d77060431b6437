// The Word writer read back by LibreOffice (headless conversion to text and HTML): if LibreOffice
// opens the file and finds every value where it belongs, the .docx is well-formed for Word too.
import { describe, expect, it } from 'vitest';
import { TRANSCRIPT } from '../../testing/test-transcripts.js';
import { wordHtml, wordText, wordTexts } from '../../testing/word-text.js';
import { DOCX_CONTENT_TYPE, toDocx, transcriptToDocx } from './docx.js';
import { INVOICE_FIELDS, INVOICE_RESULT, LINE_TABLE, TRICKY } from './test-documents.js';
import { toTxt } from './transcript-text.js';
import type { DocumentResult, TranscriptExportOptions } from './types.js';

const NAME = 'Azure Interior / INV 2023.pdf';
const CONVERSION = 60_000;

/** LibreOffice's text without the blank lines it puts between paragraphs of some writers. */
const lines = (text: string) => text.split('\n').map((line) => line.trimEnd());

describe('toDocx', () => {
  it(
    'writes the title, every field with its value and page, and each table with its header row',
    async () => {
      const file = await toDocx(INVOICE_RESULT, NAME);
      expect(file).toMatchObject({ fileName: 'Azure Interior _ INV 2023.docx', contentType: DOCX_CONTENT_TYPE });
      const text = lines(await wordText(file.bytes));
      expect(text.slice(0, 5)).toEqual([NAME, 'Fields', 'Field', 'Value', 'Page']);
      for (const [category, value] of Object.entries(INVOICE_FIELDS)) {
        const at = text.indexOf(category);
        expect(at, category).toBeGreaterThan(4);
        expect(text.slice(at + 1, at + 3)).toEqual([value, '1']);
      }
      const joined = text.join('\n');
      expect(joined).toContain(`Notes\n${TRICKY.markup}\n1`);
      expect(joined).toContain(`City\n${TRICKY.unicode}\n1`);
      expect(joined).toContain(`Address\n${TRICKY.multiline}\n1`);
      // The bell (U+0007) cannot be in XML: dropped, the rest of the value kept.
      expect(joined).toContain('Bell\nbellhere\n1');

      // The table: its column ids, then its cells row by row (LibreOffice writes one cell a line).
      const columns = LINE_TABLE.tableHeaders.map((h) => h.uniqueId);
      const start = text.indexOf('Table 1') + 1;
      expect(text.slice(start, start + columns.length)).toEqual(columns);
      // A cell's line breaks are Word line breaks: LibreOffice prints them as lines of their own.
      const expected = Object.values(LINE_TABLE.tableRows).flatMap((row) => {
        const cells = Array<string>(columns.length).fill('');
        for (const cell of row) cells[cell.columnIndex] = cell.content ?? '';
        return cells.flatMap((cell) => cell.split('\n'));
      });
      expect(text.slice(start + columns.length, start + columns.length + expected.length)).toEqual(expected);
    },
    CONVERSION,
  );

  it(
    'puts grouped fields under their group, after the ungrouped ones, one row per value',
    async () => {
      const result: DocumentResult = {
        averageConfidence: 1,
        tables: [],
        entities: [
          {
            temporaryId: '0.1.a',
            category: 'Name',
            groupName: 'Buyer',
            pageNumber: 1,
            keyValues: [{ pageNumber: 1, content: 'Ana Lima' }],
          },
          {
            temporaryId: '0.1.b',
            category: 'Total',
            pageNumber: 2,
            keyValues: [
              { pageNumber: 2, content: '10,00' },
              { pageNumber: 3, content: '12,50' },
            ],
          },
          { temporaryId: '0.1.c', category: 'Name', groupName: 'Seller', pageNumber: 1, keyValues: [] },
        ],
      };
      const text = lines(await wordText((await toDocx(result, 'Grouped')).bytes)).filter(Boolean);
      expect(text).toEqual([
        'Grouped',
        'Fields',
        ...['Field', 'Value', 'Page'],
        ...['Total', '10,00', '2'],
        ...['Total', '12,50', '3'],
        'Buyer',
        ...['Field', 'Value', 'Page'],
        ...['Name', 'Ana Lima', '1'],
        'Seller',
        ...['Field', 'Value', 'Page'],
        ...['Name', '1'],
      ]);
    },
    CONVERSION,
  );
});

describe('toDocx of a Translation task', () => {
  it(
    "writes the translated text after the fields: the pair, then each page's paragraphs",
    async () => {
      const file = await toDocx(
        {
          ...INVOICE_RESULT,
          translation: {
            from: 'en',
            to: 'es',
            engine: 'apertium',
            pages: [
              { pageNumber: 1, text: 'Aquí está a los locos.\n\nLos inadaptados.' },
              { pageNumber: 2, text: 'Los rebeldes.' },
            ],
          },
        },
        NAME,
      );
      const text = lines(await wordText(file.bytes)).filter(Boolean);
      const at = text.indexOf('Translation en → es');
      expect(at).toBeGreaterThan(text.indexOf('Table 1'));
      expect(text.slice(at + 1)).toEqual([
        'Page 1',
        'Aquí está a los locos.',
        'Los inadaptados.',
        'Page 2',
        'Los rebeldes.',
      ]);
    },
    CONVERSION,
  );
});

describe('transcriptToDocx', () => {
  it(
    'has the same paragraphs as the text export under each combination of options',
    async () => {
      const cases: TranscriptExportOptions[] = [
        {},
        { includeTimestamps: false, includeSpeakers: false, mergeParagraphs: true },
        { includeTimestamps: true, includeSpeakers: false, mergeParagraphs: false },
        { includeTimestamps: false, includeSpeakers: true, mergeParagraphs: true },
      ];
      const files = await Promise.all(
        cases.map((options) => transcriptToDocx(TRANSCRIPT, 'Inaugural address.mp4', options)),
      );
      const texts = await wordTexts(files.map((file) => file.bytes));
      for (const [i, options] of cases.entries()) {
        expect(files[i]?.fileName).toBe('Inaugural address.docx');
        const txt = new TextDecoder().decode(toTxt(TRANSCRIPT, 'x', options).bytes);
        const expected = ['Inaugural address.mp4', ...txt.split('\n').filter(Boolean)];
        expect(lines(texts[i] ?? '').filter(Boolean), JSON.stringify(options)).toEqual(expected);
      }
    },
    CONVERSION,
  );

  it(
    'keeps bold, italic and underlined words and prints the speaker in bold',
    async () => {
      const styled = structuredClone(TRANSCRIPT);
      const first = styled.transcripts[0];
      if (!first) throw new Error('no paragraph');
      const [and, so, my, fellow] = first.children;
      if (!and || !so || !my || !fellow) throw new Error('too few words');
      so.bold = true;
      my.italic = true;
      fellow.underline = true;
      const html = await wordHtml((await transcriptToDocx(styled, 'x', { includeTimestamps: false })).bytes);
      const body = html.replace(/\s+/g, ' ');
      expect(body).toMatch(/<b>President Kennedy: ?<\/b> ?And <b>so,<\/b> <i>my<\/i> <u>fellow<\/u> Americans,/);
    },
    CONVERSION,
  );
});
