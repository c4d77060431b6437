// XML export of a reviewed document. Categories and column ids are user-defined, so they travel
// in attributes, never as element names (which would make the document's validity depend on
// what a user typed). Text is escaped, and characters XML 1.0 forbids (most C0 controls, lone
// surrogates, U+FFFE/U+FFFF) are dropped: a recogniser can emit them, and a single one makes the
// whole file unreadable for every XML parser.

import { safeFileName } from '../file-names.js';
import { fieldRows, tableGrids } from './document-rows.js';
import type { ExportedDocument, ExportFile } from './types.js';

/** The Char production of XML 1.0: tab, LF, CR and the printable planes, minus surrogates and U+FFFE/FFFF. */
const isXmlChar = (code: number): boolean =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

/** Drops characters XML cannot carry (string iteration yields a lone surrogate on its own). */
export function stripForbidden(text: string): string {
  let out = '';
  for (const char of text) if (isXmlChar(char.codePointAt(0) ?? 0)) out += char;
  return out;
}

/** Escapes text content. */
export function xmlText(value: string | number | null | undefined): string {
  return stripForbidden(String(value ?? ''))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Escapes an attribute value (quotes, and whitespace that attribute normalisation would flatten). */
export function xmlAttribute(value: string | number | null | undefined): string {
  return xmlText(value)
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

const attributes = (values: Record<string, string | number | null | undefined>): string =>
  Object.entries(values)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => ` ${k}="${xmlAttribute(v)}"`)
    .join('');

export function toXml(result: ExportedDocument, displayName: string | null | undefined): ExportFile {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<document${attributes({ name: displayName ?? '' })}>`,
    '  <fields>',
  ];
  for (const row of fieldRows(result)) {
    lines.push(
      `    <field${attributes({ category: row.category, group: row.group, page: row.page, confidence: row.confidence })}>` +
        `<value${attributes({ normalized: row.normalizedValue })}>${xmlText(row.value)}</value></field>`,
    );
  }
  lines.push('  </fields>', '  <tables>');
  for (const table of tableGrids(result)) {
    lines.push(
      `    <table${attributes({ name: table.name, rows: table.rows.length, columns: table.columns.length })}>`,
    );
    lines.push(`      <columns>${table.columns.map((id) => `<column${attributes({ id })}/>`).join('')}</columns>`);
    for (const row of table.rows) {
      const cells = row.cells
        .map(
          (cell, i) =>
            `<cell${attributes({ column: table.columns[i], normalized: row.normalized[i] })}>${xmlText(cell)}</cell>`,
        )
        .join('');
      lines.push(`      <row${attributes({ index: row.index, page: row.page })}>${cells}</row>`);
    }
    lines.push('    </table>');
  }
  lines.push('  </tables>');
  const translation = result.translation;
  if (translation) {
    lines.push(
      `  <translation${attributes({ from: translation.from, to: translation.to, engine: translation.engine })}>`,
    );
    for (const page of translation.pages) {
      lines.push(`    <page${attributes({ number: page.pageNumber })}>${xmlText(page.text)}</page>`);
    }
    lines.push('  </translation>');
  }
  lines.push('</document>', '');
  return {
    fileName: safeFileName(displayName, 'xml'),
    contentType: 'application/xml',
    bytes: new TextEncoder().encode(lines.join('\n')),
  };
}
