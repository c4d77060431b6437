// Values printed over two lines on real invoices (fixtures/, SOURCES.md): the issuer's address on
// the Coolblue invoices ("Weena 664" / "3012 CN Rotterdam") and the customer's on the Acme ones
// ("142 Scorpio Drive" / "80085 Springfield"). Labelled over both lines, the template model and the
// neural model read each as one value, its lines in reading order.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../testing/fixtures.js';
import { extractPdfText } from '../documents/pdf/extract-pdf-text.js';
import type { PageText } from '../documents/text/page-text.js';
import { candidatesOf } from './neural-candidates.js';
import { learnNeural, readNeural } from './neural-model.js';
import { layoutOf } from './page-layout.js';
import {
  enclosing,
  type LabelledValue,
  learnTemplate,
  readTemplate,
  sameText,
  type TrainingDocument,
  type Word,
} from './template-model.js';

interface Labelled {
  fieldId: string;
  /** The value's words, line by line. */
  lines: string[];
}

/** The words of a line that read `text` (consecutive, in order), or none. */
function runOf(page: PageText, text: string): PageText['words'] {
  const wanted = text.split(' ');
  for (const line of page.lines) {
    for (let start = 0; start + wanted.length <= line.words.length; start++) {
      const run = line.words.slice(start, start + wanted.length);
      if (run.every((w, i) => w.text === wanted[i])) return run;
    }
  }
  return [];
}

/** A label as a person draws it: one box round the value's words on every line it takes. */
function labelOf(page: PageText, { fieldId, lines }: Labelled): LabelledValue {
  const words = lines.flatMap((line) => {
    const run = runOf(page, line);
    if (run.length === 0) throw new Error(`"${line}" is not printed on the page`);
    return run;
  });
  return { fieldId, page: 1, box: enclosing(words.map((w) => ({ ...w.edges }))), text: lines.join(' ') };
}

async function documentOf(path: string, values: Labelled[]): Promise<TrainingDocument> {
  const pages = await extractPdfText(new Uint8Array(readFileSync(fixture(path))));
  const words: Word[][] = pages.map((page) => page.words.map((w) => ({ text: w.text, box: { ...w.edges } })));
  return { pages: words, labels: values.map((v) => labelOf(pages[0] as PageText, v)) };
}

const COOLBLUE: Labelled[] = [
  { fieldId: 'issuerAddress', lines: ['Weena 664', '3012 CN Rotterdam'] },
  { fieldId: 'customerAddress', lines: ['Sessamestreet 32', '1025 RX Amsterdam'] },
];
const ACME: Labelled[] = [{ fieldId: 'customerAddress', lines: ['142 Scorpio Drive', '80085 Springfield'] }];

const textOf = (values: Array<{ fieldId: string; text: string }>, fieldId: string) =>
  values.find((v) => v.fieldId === fieldId)?.text;

let coolblue: TrainingDocument[];
let acme: TrainingDocument[];
beforeAll(async () => {
  coolblue = await Promise.all(
    ['invoices/coolblue1.pdf', 'invoices/coolblue2.pdf'].map((p) => documentOf(p, COOLBLUE)),
  );
  acme = await Promise.all(
    ['en_acme_ltd_invoice.pdf', 'en_acme_ltd_credit_note.pdf', 'en_acme_ltd_corrected_invoice.pdf'].map((p) =>
      documentOf(`invoices-dev/${p}`, ACME),
    ),
  );
});

describe('the template model', () => {
  it('reads a value labelled over two lines as one value, line by line', () => {
    const model = learnTemplate(coolblue.slice(0, 1));
    expect(model.fields.find((f) => f.fieldId === 'issuerAddress')?.lines).toBe(2);
    const read = readTemplate(model, coolblue[1]?.pages ?? []);
    expect(textOf(read, 'issuerAddress')).toBe('Weena 664 3012 CN Rotterdam');
    expect(textOf(read, 'customerAddress')).toBe('Sessamestreet 32 1025 RX Amsterdam');
    const acmeRead = readTemplate(learnTemplate(acme.slice(0, 2)), acme[2]?.pages ?? []);
    expect(textOf(acmeRead, 'customerAddress')).toBe('142 Scorpio Drive 80085 Springfield');
  });

  it('takes the next line of a value whose box, placed on the page, holds only its first line', () => {
    // A template whose box for the address holds its first line only (as a person might have drawn
    // it on a document where the value was shorter), learned to expect two lines.
    const model = learnTemplate(coolblue.slice(0, 1));
    const field = model.fields.find((f) => f.fieldId === 'issuerAddress');
    if (!field) throw new Error('no issuer address');
    const firstLineOnly = { ...field, anchors: field.anchors.map((a) => ({ ...a, h: a.h / 2.5 })) };
    const read = readTemplate({ ...model, fields: [firstLineOnly] }, coolblue[1]?.pages ?? []);
    expect(textOf(read, 'issuerAddress')).toBe('Weena 664 3012 CN Rotterdam');
    // Learned from one-line values, it does not run on into the next line.
    const oneLine = readTemplate(
      { ...model, fields: [{ ...firstLineOnly, lines: undefined }] },
      coolblue[1]?.pages ?? [],
    );
    expect(textOf(oneLine, 'issuerAddress')).toBe('Weena 664');
  });
});

describe('the neural model', () => {
  it('has a candidate for a value that goes on at the start of the next line', () => {
    const layout = layoutOf(coolblue[0]?.pages[0] ?? []);
    const texts = candidatesOf(layout, 5).map((c) => c.text);
    expect(texts).toContain('Weena 664 3012 CN Rotterdam');
    expect(texts).toContain('Sessamestreet 32 1025 RX Amsterdam');
    // Not a run that stops before its line ends.
    expect(texts).not.toContain('Weena 3012 CN Rotterdam');
  });

  it('learns values labelled over two lines and reads them as one value', { timeout: 120_000 }, async () => {
    const model = await learnNeural([coolblue[0], acme[0], acme[1]] as TrainingDocument[], { seed: 3 });
    for (const doc of [coolblue[1], acme[2]] as TrainingDocument[]) {
      const read = await readNeural(model, doc.pages);
      for (const label of doc.labels) {
        const value = read.find((v) => v.fieldId === label.fieldId);
        expect(value && sameText(value.text, label.text), `${label.fieldId}: ${value?.text}`).toBe(true);
        // Its box takes both lines.
        expect((value?.box.bottom ?? 0) - (value?.box.top ?? 0)).toBeGreaterThan(
          (label.box.bottom - label.box.top) * 0.8,
        );
      }
    }
  });
});
