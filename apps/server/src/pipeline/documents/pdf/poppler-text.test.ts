import { describe, expect, it } from 'vitest';
import { readTextLayers, type SizedPdfPage } from '../recognize-page.js';
import { readFixture } from '../testing/fixtures.js';
import { wordAccuracy } from '../text/word-accuracy.js';
import { extractPdfText } from './extract-pdf-text.js';
import { readPdfPageGeometry } from './inspect-pdf.js';
import { parseBboxPages } from './poppler-text.js';

async function onePage(file: string): Promise<SizedPdfPage> {
  const bytes = readFixture(file);
  const [size] = await readPdfPageGeometry(bytes);
  if (!size) throw new Error(`${file} has no page`);
  return { bytes, contentType: 'application/pdf', pageNumber: 1, width: size.width, height: size.height };
}

describe('text layers read by poppler', () => {
  it('reads the words pdf.js reads, in the same places, with a character box each', async () => {
    const files = ['invoices/AmazonWebServices.pdf', 'invoices/AzureInterior.pdf', 'invoices/coolblue1.pdf'];
    const pages = await Promise.all(files.map(onePage));
    const layers = await readTextLayers(pages);
    for (const [index, layer] of layers.entries()) {
      const [reference] = await extractPdfText((pages[index] as SizedPdfPage).bytes);
      if (!layer || !reference) throw new Error(`${files[index]}: no text layer`);
      expect(layer.engine).toBe('pdfminer');
      expect(layer.pageSize).toEqual(reference.pageSize);
      expect(wordAccuracy(reference.text, layer.text)).toBeGreaterThan(0.99);
      // The same word starts at the same place and shares its line band (poppler's box is the
      // glyphs' full height, pdf.js's the font's ascent to descent).
      const placed = reference.words.filter((word) =>
        layer.words.some(
          (other) =>
            other.text === word.text &&
            Math.abs(other.edges.left - word.edges.left) < 3 &&
            other.edges.top <= word.edges.bottom &&
            other.edges.bottom >= word.edges.top,
        ),
      );
      expect(placed.length / reference.words.length).toBeGreaterThan(0.95);
      for (const word of layer.words) {
        expect(word.chars.map((char) => char.char).join('')).toBe(word.text);
        expect(word.chars[0]?.edges.left).toBeCloseTo(word.edges.left, 6);
        expect(word.chars.at(-1)?.edges.right).toBeCloseTo(word.edges.right, 6);
      }
    }
  });

  it('leaves to pdf.js and OCR a page without usable text, and a page measured at another size', async () => {
    const garbled = await onePage('edge_cases/pdf/garbled-font-encoding-de.pdf');
    const invoice = await onePage('invoices/oyo.pdf');
    const [unusable, otherSize, fine] = await readTextLayers([
      garbled,
      { ...invoice, width: invoice.width + 20 },
      invoice,
    ]);
    expect(unusable).toBeNull();
    expect(otherSize).toBeNull();
    expect(fine?.words.length).toBeGreaterThan(100);
  });

  it('decodes the markup and keeps a file poppler failed on in its place', () => {
    const pages = parseBboxPages(
      `<doc><page width="100.000000" height="50.000000">
    <word xMin="1.5" yMin="2" xMax="20" yMax="10">R&amp;D&#8364;&lt;</word>
  </page>
<page failed="1"></page>
<page width="10" height="10"></page></doc>`,
    );
    expect(pages).toEqual([
      { width: 100, height: 50, words: [{ text: 'R&D€<', edges: { left: 1.5, top: 2, right: 20, bottom: 10 } }] },
      null,
      { width: 10, height: 10, words: [] },
    ]);
  });

  it('drops invisible format characters, and a word made only of them', () => {
    const [page] = parseBboxPages(
      `<doc><page width="100" height="50">
    <word xMin="1" yMin="2" xMax="20" yMax="10">INVOICE\u200b</word>
    <word xMin="21" yMin="2" xMax="22" yMax="10">\ufeff</word>
  </page></doc>`,
    );
    expect(page?.words.map((word) => word.text)).toEqual(['INVOICE']);
  });
});
