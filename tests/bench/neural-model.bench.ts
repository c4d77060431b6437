/**
 * Neural model bench: field accuracy on held-out real invoices of layouts it was not trained on,
 * against the built-in invoice extractor on the same files, and training time per 100 pages.
 *
 * Documents: every PDF of fixtures/invoices-dev and fixtures/invoices whose text layer is usable
 * (scans and photos need OCR and are left out; so is any document where none of the fields below
 * can be found in its words).
 * Folds by layout: documents of one layout go together — the same issuer, or most printed words in
 * common (the acme invoice, credit note and corrected invoice; the two hotel invoices; the two
 * coolblue ones; two invoice_printer examples) — and the layouts are dealt into FOLDS folds. Each
 * fold is read by a model learned from the other folds, so every document is read by a model that
 * saw neither it nor its layout.
 * Fair comparison: the built-in rules were written looking at fixtures/invoices-dev (half A by a hash
 * of the file name, extraction/scoring.ts `halfOf`; half B only reported), so on those files they
 * are not reading unseen documents. The figures are given on every document and on the unseen ones
 * for the built-in too: half B of both folders, and fixtures/invoices alone (not the development
 * set). The target is judged on half B, where neither has seen the documents.
 * Labels: the ground-truth JSON gives values, not boxes; a document's label for a field is the
 * shortest run of words on one line whose text reads as the true value (the first in reading order;
 * the last for the total, which invoices print last) — as a person would draw it.
 * Fields: invoice number, issue date, grand total, currency, issuer. The model's text and the
 * built-in's are both read as the field's type (a date as a day, an amount as a number, a currency
 * as its ISO code) and scored by extraction/scoring.ts `isRight`; a run that is one amount with its
 * thousands set apart by spaces ("33 569,50 PLN") is read as that amount, a compact date (20260815) as
 * that day, a printed ISO code ("DEM") as that currency — as the built-in extractor reads them. The
 * built-in extractor reads the printed page only (`detectInvoiceFields`; embedded e-invoice XML is
 * not used), as the model does.
 * Stacking, said plainly: the model takes the built-in detectors' readings as features
 * (templates/detector-evidence.ts: for each kind of value — number, dates, amounts, parties,
 * currency, tax id — how strongly the label rules read a run of words, and which value the
 * extractor chose). It learns from the labelled documents which kind, if any, each field is and
 * how far to trust it; it is not handed the built-in's answer, and it also reads fields the
 * built-in has no notion of (the delivery notes of the unit tests and the generated set below).
 * On top of the network, each field's gate (templates/neural-gate.ts), chosen by cross-validation
 * on the training documents only: the worker's held-out reads (models learned without some of the
 * training folds' documents, by layout) tell which kind of the detectors' chosen values is most
 * often the field's labelled value, and under which confidence of the network that chosen value is
 * right more often than the network's own pick, and under which margin of the network's pick over
 * its best score within the detectors' choice (a wrong pick of a sure network scores little over
 * the right value the detectors chose); reading, a field under either takes the run the detectors
 * chose. Each fold below is read by a model trained that way on the other folds
 * (trainNeural, as the worker trains), so the gates never see the documents they are measured on.
 * A field of a kind gives, beside the words it read, the value the detectors read of the same
 * words (the Currency reading of "Europa-Allee" is EUR), as the entity's normalized content; the
 * model's value is scored by it first, as the built-in's is (extraction/scoring.ts foundField).
 * Training time: the worker's whole neural training step (held-out reads for the evaluation and
 * the gates + the final model) on all the documents, per 100 pages; product-spec §9 gives neural
 * training 20–60 minutes. The accuracy figures train that way once per fold (four runs each: three
 * held-out and the final one; three in quick mode).
 *
 * Quick mode (--quick, the CI smoke): every figure on the same
 * documents and folds, but each network sees QUICK_SAMPLES (30,000) samples in a run (a few epochs)
 * instead of the product's 400,000 (neural-model.ts SAMPLES_SEEN), the gates are chosen on two
 * folds of held-out reads instead of three (three networks per fold, not four; with the fewer
 * samples, two thirds of the CPU time of three folds at 40,000: near two minutes on a quiet
 * machine), the training time is one run instead of
 * the median of three, and the generated set has 150 pages instead of 3,000. The accuracy is still
 * measured on the same held-out documents as the built-in extractor's, and came out as the full
 * mode's within a value or two; the training times are the quick network's and understate the
 * product's — the full mode's figures are the product's.
 *
 * Run: cd apps/server && pnpm exec tsx ../../tests/bench/neural-model.bench.ts [--quick] [--misses] [--accuracy-only]
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { detectInvoiceFields } from '../../apps/server/src/pipeline/documents/fields/detect-invoice-fields.js';
import {
  CURRENCY_MARKERS,
  findAmounts,
  spacedAmount,
} from '../../apps/server/src/pipeline/documents/fields/parse-amount.js';
import {
  type DayMonthOrder,
  documentDayMonthOrder,
  findCompactDate,
  parseDate,
} from '../../apps/server/src/pipeline/documents/fields/parse-date.js';
import { extractPdfText } from '../../apps/server/src/pipeline/documents/pdf/extract-pdf-text.js';
import { assessTextLayer } from '../../apps/server/src/pipeline/documents/pdf/text-layer-quality.js';
import type { PageText } from '../../apps/server/src/pipeline/documents/text/page-text.js';
import { readNeural, trainNeural } from '../../apps/server/src/pipeline/templates/neural-model.js';
import {
  type LabelledValue,
  type TrainingDocument,
  tokenOf,
  type Word,
} from '../../apps/server/src/pipeline/templates/template-model.js';
import { deliveryNotes } from '../../apps/server/src/testing/delivery-notes.js';
import { foundField, halfOf, isRight, MAIN_FIELDS, type MainField } from './extraction/scoring.ts';
import { reportFigure } from './figures.ts';

const BENCH = 'neural-model';
const quick = process.argv.includes('--quick');
/** Samples each network sees in a run in quick mode (undefined: the product's). */
const QUICK_SAMPLES = 30_000;
const samplesSeen = quick ? QUICK_SAMPLES : undefined;
/** Folds of the held-out reads that choose the gates in quick mode (undefined: the product's 3). */
const heldOutFolds = quick ? 2 : undefined;
const SHOW_MISSES = process.argv.includes('--misses');
const ACCURACY_ONLY = process.argv.includes('--accuracy-only');
/** Folds of layouts: each read by a model learned from the others. */
const FOLDS = 5;
const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));
/** The pipeline's rule for a usable text layer (stages/recognizers.ts). */
const MIN_TEXT_CHARS = 20;
const LONGEST_VALUE = 8;

type Truth = Partial<Record<MainField, string | number>>;

interface BenchDocument {
  name: string;
  folder: 'invoices-dev' | 'invoices';
  truth: Truth;
  pages: PageText[];
  order: DayMonthOrder;
  training: TrainingDocument;
}

function truthFiles(): Array<{ name: string; folder: BenchDocument['folder']; path: string; truth: Truth }> {
  const dev = join(FIXTURES, 'invoices-dev');
  const devFiles = readdirSync(dev)
    .filter((name) => name.endsWith('.pdf'))
    .map((name) => {
      const json = JSON.parse(readFileSync(join(dev, name.replace(/\.pdf$/, '.json')), 'utf8')) as Truth & {
        kind?: string;
      };
      return { name, folder: 'invoices-dev' as const, path: join(dev, name), truth: json, kind: json.kind };
    })
    .filter((f) => f.kind === undefined || f.kind === 'digital');
  const i2d = join(FIXTURES, 'invoices');
  const i2dFiles = readdirSync(i2d)
    .filter((name) => name.endsWith('.pdf'))
    .map((name) => {
      const [json] = JSON.parse(readFileSync(join(i2d, name.replace(/\.pdf$/, '.json')), 'utf8')) as Array<
        Record<string, unknown>
      >;
      const truth: Truth = {};
      if (json?.invoice_number !== undefined) truth.invoiceNumber = String(json.invoice_number);
      if (json?.date !== undefined) truth.date = String(json.date).slice(0, 10);
      if (json?.amount !== undefined) truth.totalAmount = Number(json.amount);
      if (json?.currency !== undefined) truth.currency = String(json.currency);
      if (json?.issuer !== undefined) truth.issuer = String(json.issuer);
      return { name, folder: 'invoices' as const, path: join(i2d, name), truth };
    });
  return [...devFiles, ...i2dFiles].sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** A text read as the field's type, the way the built-in extractor normalises it. */
function asField(field: MainField, text: string, order: DayMonthOrder): string | null {
  switch (field) {
    // A date printed compact (20260815) is a date too, as the built-in extractor reads it.
    case 'date':
      return parseDate(text, order) ?? findCompactDate(text.trim())?.iso ?? null;
    // A run that is one amount with its thousands set apart by spaces ("33 569,50 PLN") is that
    // amount, as the built-in extractor reads it; otherwise the first amount in the text.
    case 'totalAmount': {
      const spaced = spacedAmount(text);
      return spaced === null ? (findAmounts(text)[0]?.normalized ?? null) : spaced.toFixed(2);
    }
    case 'currency': {
      const marked = findAmounts(text).find((a) => a.currency)?.currency;
      // An ISO code printed as such ("DEM", "CZK") is the currency the built-in extractor names.
      const code = /^[A-Z]{3}$/u.test(text.trim()) ? text.trim() : null;
      return marked ?? CURRENCY_MARKERS[text.trim().toLowerCase()] ?? code;
    }
    default:
      return text;
  }
}

const box = (words: PageText['words']) => ({
  left: Math.min(...words.map((w) => w.edges.left)),
  top: Math.min(...words.map((w) => w.edges.top)),
  right: Math.max(...words.map((w) => w.edges.right)),
  bottom: Math.max(...words.map((w) => w.edges.bottom)),
});

/** The label of a field: the shortest run of words on a line that reads as the true value. */
function labelOf(field: MainField, truth: string | number, pages: PageText[], order: DayMonthOrder) {
  const found: LabelledValue[] = [];
  for (let length = 1; length <= LONGEST_VALUE && found.length === 0; length++) {
    for (const page of pages) {
      for (const line of page.lines) {
        for (let start = 0; start + length <= line.words.length; start++) {
          const run = line.words.slice(start, start + length);
          const text = run.map((w) => w.text).join(' ');
          if (reads(field, truth, text, order))
            found.push({ fieldId: field, page: page.pageNumber, box: box(run), text });
        }
      }
    }
  }
  if (found.length === 0) found.push(...twoLineLabels(field, truth, pages, order));
  return field === 'totalAmount' ? found.at(-1) : found[0];
}

/** Labels of values printed over two lines: their reading is measured on its own. */
const overTwoLines = new WeakSet<LabelledValue>();

/** Whether a run of words is the field's true value (the issuer: its name's words exactly). */
function reads(field: MainField, truth: string | number, text: string, order: DayMonthOrder): boolean {
  return field === 'issuer'
    ? isRight('issuer', truth, text) && text.split(/\s+/).length <= String(truth).split(/\s+/).length
    : isRight(field, truth, asField(field, text, order));
}

/**
 * A value printed over two lines (a name or an address that wraps): the end of one line and the
 * start of the next, under it (the second line starts within two word heights of the first
 * part's left edge, at most one and a half line heights below) — the shortest such run, as a
 * person would draw it round both lines.
 */
function twoLineLabels(field: MainField, truth: string | number, pages: PageText[], order: DayMonthOrder) {
  const found: LabelledValue[] = [];
  // Of these fields only a name wraps; a currency or an amount "over two lines" is a coincidence.
  if (field !== 'issuer') return found;
  for (let length = 2; length <= LONGEST_VALUE && found.length === 0; length++) {
    for (const page of pages) {
      page.lines.forEach((line, index) => {
        const next = page.lines[index + 1];
        if (!next) return;
        for (let first = 1; first < length; first++) {
          const head = line.words.slice(line.words.length - first);
          const tail = next.words.slice(0, length - first);
          if (head.length !== first || tail.length !== length - first) continue;
          const height = Math.max(...head.map((w) => w.edges.bottom - w.edges.top), 1);
          const [start, under] = [head[0], tail[0]] as [PageText['words'][number], PageText['words'][number]];
          if (Math.abs(under.edges.left - start.edges.left) > 2 * height) continue;
          if (under.edges.top - start.edges.bottom > 1.5 * height) continue;
          const run = [...head, ...tail];
          const text = run.map((w) => w.text).join(' ');
          if (!reads(field, truth, text, order)) continue;
          const label = { fieldId: field, page: page.pageNumber, box: box(run), text };
          overTwoLines.add(label);
          found.push(label);
        }
      });
    }
  }
  return found;
}

async function load(): Promise<BenchDocument[]> {
  const documents: BenchDocument[] = [];
  for (const file of truthFiles()) {
    const pages = await extractPdfText(new Uint8Array(readFileSync(file.path)));
    const usable = pages.every((page) => {
      const quality = assessTextLayer(page.text);
      return quality.usable && quality.visibleChars >= MIN_TEXT_CHARS;
    });
    if (!usable) continue;
    const order = documentDayMonthOrder(pages.map((p) => p.text)) ?? 'dmy';
    const labels: LabelledValue[] = [];
    for (const field of MAIN_FIELDS) {
      const truth = file.truth[field];
      if (truth === undefined || truth === '') continue;
      const label = labelOf(field, truth, pages, order);
      if (label) labels.push(label);
    }
    if (labels.length === 0) continue;
    const words: Word[][] = pages.map((page) => page.words.map((w) => ({ text: w.text, box: { ...w.edges } })));
    documents.push({
      name: file.name,
      folder: file.folder,
      truth: file.truth,
      pages,
      order,
      training: { pages: words, labels },
    });
  }
  return documents;
}

interface Tally {
  right: number;
  total: number;
  byField: Record<string, { right: number; total: number }>;
}
const emptyTally = (): Tally => ({ right: 0, total: 0, byField: {} });
function count(tally: Tally, field: string, right: boolean) {
  tally.total += 1;
  if (right) tally.right += 1;
  const f = tally.byField[field] ?? { right: 0, total: 0 };
  tally.byField[field] = f;
  f.total += 1;
  if (right) f.right += 1;
}
const pct = (t: { right: number; total: number }) => (t.total === 0 ? 0 : (100 * t.right) / t.total);

/**
 * Layouts: documents of the same issuer, or sharing most of their printed words (Jaccard of their
 * word sets at least LAYOUT_OVERLAP), are one layout (joined transitively).
 */
const LAYOUT_OVERLAP = 0.5;
function layoutsOf(documents: BenchDocument[]): BenchDocument[][] {
  const parent = documents.map((_, i) => i);
  const root = (i: number): number => {
    if (parent[i] !== i) parent[i] = root(parent[i] as number);
    return parent[i] as number;
  };
  const issuer = (d: BenchDocument) =>
    String(d.truth.issuer ?? d.name)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]/gu, '');
  const printed = documents.map((d) => new Set(d.training.pages.flat().flatMap((w) => tokenOf(w.text) ?? [])));
  for (let i = 0; i < documents.length; i++) {
    for (let j = i + 1; j < documents.length; j++) {
      const a = printed[i] as Set<string>;
      const b = printed[j] as Set<string>;
      const common = [...a].filter((t) => b.has(t)).length;
      const overlap = common / Math.max(a.size + b.size - common, 1);
      if (issuer(documents[i] as BenchDocument) === issuer(documents[j] as BenchDocument) || overlap >= LAYOUT_OVERLAP)
        parent[root(i)] = root(j);
    }
  }
  const groups = new Map<number, BenchDocument[]>();
  for (const [i, d] of documents.entries()) groups.set(root(i), [...(groups.get(root(i)) ?? []), d]);
  return [...groups.values()];
}

/** Layouts dealt into folds: largest first, each to the fold with fewest documents (ties by a hash). */
function foldsOf(layouts: BenchDocument[][], count: number): BenchDocument[][] {
  const folds: BenchDocument[][] = Array.from({ length: count }, () => []);
  const sorted = [...layouts].sort(
    (a, b) => b.length - a.length || hashOf((a[0] as BenchDocument).name) - hashOf((b[0] as BenchDocument).name),
  );
  for (const layout of sorted) {
    const smallest = folds.reduce((best, fold) => (fold.length < best.length ? fold : best));
    smallest.push(...layout);
  }
  return folds;
}
const hashOf = (name: string) => createHash('sha256').update(name).digest().readUInt32BE(0);

const quickNote = quick ? `; quick: ${QUICK_SAMPLES.toLocaleString('en')} samples per run, not the product's` : '';
const documents = await load();
const layouts = layoutsOf(documents);
const folds = foldsOf(layouts, FOLDS);
console.log(
  `${documents.length} documents with a usable text layer and at least one value found in their words; ${documents.reduce((s, d) => s + d.pages.length, 0)} pages; ${documents.reduce((s, d) => s + d.training.labels.length, 0)} labels; ${layouts.length} layouts in ${FOLDS} folds`,
);
console.log(
  `Layouts of more than one document: ${layouts
    .filter((l) => l.length > 1)
    .map((l) => l.map((d) => d.name).join(' + '))
    .join('; ')}`,
);
for (const [i, fold] of folds.entries()) console.log(`Fold ${i + 1}: ${fold.map((d) => d.name).join(', ')}`);

/** The sets the figures are given on: everything, and what the built-in rules were not written on. */
const SETS = {
  all: (_: BenchDocument) => true,
  'half B (unseen by both)': (d: BenchDocument) => halfOf(d.name) === 'B',
  'fixtures/invoices': (d: BenchDocument) => d.folder === 'invoices',
} as const;
type SetName = keyof typeof SETS;
const tallies = Object.fromEntries(
  Object.keys(SETS).map((name) => [name, { neural: emptyTally(), builtIn: emptyTally() }]),
) as Record<SetName, { neural: Tally; builtIn: Tally }>;
/** Values labelled over two lines (a wrapped name or address): how many each reads right. */
const twoLines = { neural: emptyTally(), builtIn: emptyTally() };
const trainStart = performance.now();
for (const [index, test] of folds.entries()) {
  const train = folds.filter((_, i) => i !== index).flat();
  // The worker's training: held-out reads of the training folds' documents choose the gates.
  const { model } = await trainNeural(
    train.map((d) => d.training),
    { seed: 7, samplesSeen, heldOutFolds },
  );
  for (const doc of test) {
    const read = await readNeural(model, doc.training.pages);
    const printed = detectInvoiceFields(doc.pages);
    for (const field of MAIN_FIELDS) {
      const truth = doc.truth[field];
      if (truth === undefined || truth === '') continue;
      const value = read.find((v) => v.fieldId === field);
      // As the built-in's is scored (extraction/scoring.ts foundField): its normalized value first.
      const mine = value
        ? ((value.normalized === undefined ? null : asField(field, value.normalized, doc.order)) ??
          asField(field, value.text, doc.order))
        : null;
      const theirs = foundField(printed, field).value;
      const neuralRight = isRight(field, truth, mine);
      const builtInRight = isRight(field, truth, theirs);
      for (const [name, inSet] of Object.entries(SETS) as Array<[SetName, (d: BenchDocument) => boolean]>) {
        if (!inSet(doc)) continue;
        count(tallies[name].neural, field, neuralRight);
        count(tallies[name].builtIn, field, builtInRight);
      }
      const label = doc.training.labels.find((l) => l.fieldId === field);
      if (label && overTwoLines.has(label)) {
        count(twoLines.neural, field, neuralRight);
        count(twoLines.builtIn, field, builtInRight);
      }
      if (SHOW_MISSES && !neuralRight) {
        console.log(
          `  miss fold ${index + 1} half ${halfOf(doc.name)} ${doc.name} ${field}: expected ${JSON.stringify(truth)}, read ${JSON.stringify(value?.text ?? null)} (${value?.confidence ?? '–'}); built-in ${JSON.stringify(theirs)}`,
        );
      }
    }
  }
}
console.log(`${FOLDS} folds learned and read in ${((performance.now() - trainStart) / 1000).toFixed(1)} s`);
const summary = (name: SetName) => {
  const { neural, builtIn } = tallies[name];
  return `${name}: neural ${pct(neural).toFixed(1)}% (${neural.right}/${neural.total}), built-in ${pct(builtIn).toFixed(1)}% (${builtIn.right}/${builtIn.total})`;
};
for (const name of Object.keys(SETS) as SetName[]) {
  console.log(summary(name));
  for (const field of MAIN_FIELDS) {
    const n = tallies[name].neural.byField[field] ?? { right: 0, total: 0 };
    const b = tallies[name].builtIn.byField[field] ?? { right: 0, total: 0 };
    console.log(
      `  ${field.padEnd(14)} neural ${pct(n).toFixed(1).padStart(5)}% ${n.right}/${n.total}   built-in ${pct(b).toFixed(1).padStart(5)}% ${b.right}/${b.total}`,
    );
  }
}
const twoLineSummary = `values labelled over two lines: neural ${twoLines.neural.right}/${twoLines.neural.total}, built-in ${twoLines.builtIn.right}/${twoLines.builtIn.total} (${Object.keys(twoLines.neural.byField).join(', ') || 'none'})`;
console.log(twoLineSummary);
// Reported, not enforced: an accuracy miss would fail every build, and the target is a comparison
// the team tracks, not a floor the product promises. The verdict is in the note.
const unseen = tallies['half B (unseen by both)'];
const better = unseen.neural.right > unseen.builtIn.right;
reportFigure({
  bench: BENCH,
  name: 'field accuracy on held-out invoices of layouts not trained on, half B (neural vs built-in extractor)',
  value: pct(unseen.neural),
  baseline: pct(unseen.builtIn),
  unit: '%',
  kind: 'accuracy',
  note: `target: better than the built-in extractor (baseline) on documents neither has seen — ${better ? 'met' : 'MISSED'}${quickNote}; ${documents.length} documents in ${layouts.length} layouts, ${FOLDS} folds by layout; ${(Object.keys(SETS) as SetName[]).map(summary).join('; ')}; ${twoLineSummary}`,
});
if (ACCURACY_ONLY) process.exit(0);

// Training time: the worker's neural training step on every document (evaluation + final model).
const runs = quick ? 1 : 3;
const times: number[] = [];
const pages = documents.reduce((s, d) => s + d.pages.length, 0);
for (let run = 0; run < runs; run++) {
  const all = documents.map((d) => d.training);
  const start = performance.now();
  await trainNeural(all, { seed: run + 1, samplesSeen, heldOutFolds });
  times.push(performance.now() - start);
}
const median = [...times].sort((a, b) => a - b)[times.length >> 1] as number;
reportFigure({
  bench: BENCH,
  name: 'neural training time per 100 pages (held-out evaluation + final model)',
  value: ((median / 1000) * 100) / pages,
  unit: 's',
  target: { of: 'value', max: 3600 },
  kind: 'timing',
  note: `median of ${runs} on ${pages} pages (${documents.length} documents)${quickNote}; product-spec §9: neural training 20–60 minutes`,
});

// At scale: generated delivery notes (three layouts, one page each), to see how the time per page
// and the memory go as a set grows towards the 50,000 pages a neural set may have.
const largePages = quick ? 150 : 3000;
const large = [
  ...deliveryNotes(largePages / 3, 11),
  ...deliveryNotes(largePages / 3, 12, 'c'),
  ...deliveryNotes(largePages / 3, 13, 'd'),
];
const largeStart = performance.now();
await trainNeural(large, { seed: 1, samplesSeen, heldOutFolds });
const largeSeconds = (performance.now() - largeStart) / 1000;
reportFigure({
  bench: BENCH,
  name: `neural training time per 100 pages on ${largePages} generated pages (held-out evaluation + final model)`,
  value: (largeSeconds * 100) / largePages,
  unit: 's',
  target: { of: 'value', max: 3600 },
  kind: 'timing',
  note: `${largeSeconds.toFixed(1)} s in all${quickNote}; peak resident memory of the bench ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
});
