// Pages, boxes and OCR words for the page engine's stories and the benchmark page. The files are
// served from .storybook/public/fixtures/document-viewer/ (copies of the repository's fixtures/).
import type { OcrWord, OverlayBox, PageInfo } from './types';

export const FIXTURES = '/fixtures/document-viewer';

export function pdfPage(
  pageNumber: number,
  file: string,
  width = 595.276,
  height = 841.89,
  rotation: PageInfo['rotation'] = 0,
): PageInfo {
  return { pageNumber, width, height, unit: 'point', rotation, file: { url: `${FIXTURES}/${file}`, kind: 'pdf' } };
}

/** Azure Interior invoice (1 page) then Quality Hosting (2 pages): three one-page PDFs. */
export const invoicePages: PageInfo[] = [
  pdfPage(1, 'azure-p1.pdf', 595, 842),
  pdfPage(2, 'quality-p1.pdf'),
  pdfPage(3, 'quality-p2.pdf'),
];

/** A scanned invoice image, fetched with the bearer token like the API's PageDocument. */
export const imagePage: PageInfo = {
  pageNumber: 1,
  width: 789,
  height: 557,
  unit: 'pixel',
  rotation: 0,
  file: { url: `${FIXTURES}/flipkart.png`, kind: 'image', httpHeaders: { Authorization: 'Bearer storybook-token' } },
};

/** `count` pages that cycle through the three invoice pages (virtualisation stories, bench). */
export function manyPages(count: number): PageInfo[] {
  return Array.from({ length: count }, (_, i) => ({ ...(invoicePages[i % 3] as PageInfo), pageNumber: i + 1 }));
}

export async function loadAzureWords(): Promise<OcrWord[]> {
  const response = await fetch(`${FIXTURES}/azure-words.json`);
  return (await response.json()) as OcrWord[];
}

const FIELD = { fill: '#0011ff1a', stroke: '#0011ff' };

/** Boxes of a few fields of the Azure Interior invoice, built from its words (flags included). */
export function azureFieldBoxes(words: readonly OcrWord[], pageNumber = 1): OverlayBox[] {
  const find = (text: string) => words.find((w) => w.text === text);
  const fields: {
    id: string;
    word: string;
    label: string;
    flags?: OverlayBox['flags'];
    colour?: { fill: string; stroke: string };
  }[] = [
    { id: 'invoice-number', word: 'INV/2023/03/0008', label: 'Invoice number: INV/2023/03/0008' },
    { id: 'issuer', word: 'Azure Interior', label: 'Issuer: Azure Interior' },
    { id: 'city', word: 'Fremont', label: 'City: Fremont', flags: ['low-confidence'] },
    { id: 'zip', word: '94538', label: 'Postcode: 94538', flags: ['invalid'] },
    { id: 'total', word: '279.84', label: 'Total: $ 279.84', colour: { fill: '#2e7d3222', stroke: '#2e7d32' } },
  ];
  const boxes: OverlayBox[] = [];
  for (const f of fields) {
    // A field may span several words: its box is their union.
    const found = f.word.split(' ').map(find);
    if (found.some((w) => !w)) continue;
    const parts = found as OcrWord[];
    const left = Math.min(...parts.map((w) => w.box.left));
    const top = Math.min(...parts.map((w) => w.box.top));
    const right = Math.max(...parts.map((w) => w.box.left + w.box.width));
    const bottom = Math.max(...parts.map((w) => w.box.top + w.box.height));
    const pad = 1.5;
    boxes.push({
      id: f.id,
      pageNumber,
      box: { left: left - pad, top: top - pad, width: right - left + 2 * pad, height: bottom - top + 2 * pad },
      kind: 'entity',
      ...(f.colour ?? FIELD),
      label: f.label,
      ...(f.flags ? { flags: f.flags } : {}),
    });
  }
  return boxes;
}

/** `count` small boxes in a grid over a page (the 5,000-box budget of ARCHITECTURE §6). */
export function gridBoxes(count: number, pageNumber = 1, width = 595, height = 842): OverlayBox[] {
  const columns = Math.ceil(Math.sqrt((count * width) / height));
  const rows = Math.ceil(count / columns);
  const cellW = width / columns;
  const cellH = height / rows;
  const boxes: OverlayBox[] = [];
  for (let i = 0; i < count; i++) {
    const c = i % columns;
    const r = Math.floor(i / columns);
    const flags: OverlayBox['flags'] = i % 97 === 0 ? ['invalid'] : i % 89 === 0 ? ['low-confidence'] : undefined;
    boxes.push({
      id: `box-${i}`,
      pageNumber,
      box: { left: c * cellW + 1, top: r * cellH + 1, width: cellW - 2, height: cellH - 2 },
      kind: 'entity',
      fill: i % 7 === 0 ? '#e6510022' : '#0011ff1a',
      stroke: i % 7 === 0 ? '#e65100' : '#0011ff',
      label: `Field ${i + 1}`,
      ...(flags ? { flags } : {}),
    });
  }
  return boxes;
}
