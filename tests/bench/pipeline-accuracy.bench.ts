/**
 * Pipeline accuracy benchmark (issue "Processing pipeline", "Measured, on real files"): fixture
 * files with ground truth imported through the API and run through the real stages by the worker
 * runtime (startWorkers, two workers), then scored from what the stages stored — the fields of
 * task_pages.document, the words of task_pages.ocr, the transcript of task_media — exactly what the
 * viewer and the exports read. Prints a table; asserts nothing and has no thresholds.
 *
 *  - Invoice fields: fixtures/invoices/*.pdf (text layer) and the four PNG renders of
 *    fixtures/images/invoice2data (OCR) against invoice2data's JSON, scored by the rules of
 *    apps/server/bench/invoice-fields.ts (the engine benchmark's). The workspace "Supplier invoices"
 *    is set to its template's own fields (Currency included; the demo configuration leaves it out)
 *    and to English, as the engine benchmark reads. The engine alone on the same PDFs
 *    (detectInvoiceFields on pdf.js text) is printed beside, so a loss in the stages shows.
 *  - Receipts: the fixtures hold no receipt with ground truth (fixtures/SOURCES.md, "Not
 *    included"), so there is no receipt figure; the line says so.
 *  - Word accuracy (1 − WER, src/pipeline/documents/text/word-accuracy.ts) of the stored OCR words
 *    of the scans with reference text: docling's OCR test page (upright, 90°, 180°), the tesseract.js
 *    images (their references are tesseract's own regression output, see SOURCES.md caveats), and the
 *    invoice2data PNGs against the same invoice's PDF text layer.
 *  - Word error rate (src/pipeline/media/wer.ts) of the stored transcripts of the recordings with
 *    transcripts; the stereo file per channel (left reference vs the "left" speaker).
 *
 * Run:  cd apps/server && pnpm exec tsx ../../tests/bench/pipeline-accuracy.bench.ts [--postgres]
 * Exit code 1 when a task did not reach ToReview (the figures are printed either way).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  FIELDS,
  type FieldScores,
  percent,
  type ScoredInvoice,
  scoreInvoiceFields,
} from '../../apps/server/bench/invoice-fields.js';
import type { TaskRow } from '../../apps/server/src/db/schema.js';
import { TASK_STATUS, taskStatusText } from '../../apps/server/src/domain/tasks/flags.js';
import type { Transcript } from '../../apps/server/src/formats/transcript.js';
import { detectInvoiceFields } from '../../apps/server/src/pipeline/documents/fields/detect-invoice-fields.js';
import { extractPdfText } from '../../apps/server/src/pipeline/documents/pdf/extract-pdf-text.js';
import { wordAccuracy } from '../../apps/server/src/pipeline/documents/text/word-accuracy.js';
import type { DocumentResult, OcrPageResult } from '../../apps/server/src/pipeline/documents/types.js';
import { wordErrorRate } from '../../apps/server/src/pipeline/media/wer.js';
import {
  type BenchServer,
  FIXTURES,
  fixture,
  importFixture,
  machine,
  openBenchServer,
  processWithWorkers,
  setWorkspaceConfig,
  stopCluster,
  stopPageThreads,
  WORKSPACES,
} from './pipeline-bench-support.js';

const POSTGRES = process.argv.includes('--postgres');
/** `--quick` (the smoke of `npm run bench -- --quick`): one file of each kind. */
const QUICK = process.argv.includes('--quick');
const firstIfQuick = <T>(list: T[]): T[] => (QUICK ? list.slice(0, 1) : list);
const WORKERS = 2;

const text = (path: string) => fixture(path).toString('utf8');
const truthOf = (name: string) => JSON.parse(text(`invoices/${name}.json`))[0] as Record<string, unknown>;
const pct = (value: number) => `${(100 * value).toFixed(1)}%`;

const INVOICES = firstIfQuick(
  readdirSync(join(FIXTURES, 'invoices'))
    .filter((file) => file.endsWith('.pdf'))
    .map((file) => file.replace(/\.pdf$/, '')),
);
const SCANNED_INVOICES = firstIfQuick(
  readdirSync(join(FIXTURES, 'images/invoice2data')).map((file) => file.replace(/\.png$/, '')),
);

/** Scans with a reference text: the file and where its reference comes from. */
const DOCLING = 'pdfs/scanned/docling_ocr_test.expected.md';
const TEXT_SCANS: Array<{ file: string; reference: string }> = firstIfQuick([
  { file: 'pdfs/scanned/docling_ocr_test.pdf', reference: DOCLING },
  { file: 'pdfs/scanned/ocr_test_rotated_90.pdf', reference: DOCLING },
  { file: 'pdfs/scanned/ocr_test_rotated_180.pdf', reference: DOCLING },
  ...['simple.png', 'simple-90.jpg', 'testocr.png', 'cosmic.png', 'bill.png'].map((name) => ({
    file: `images/tesseractjs/${name}`,
    reference: `images/tesseractjs/${name.replace(/\.\w+$/, '')}.expected.txt`,
  })),
]);

const RECORDINGS: Array<{ file: string; reference: string }> = firstIfQuick([
  { file: 'audio/jfk.wav', reference: 'audio/jfk.txt' },
  { file: 'audio/jfk.mp3', reference: 'audio/jfk.txt' },
  { file: 'audio/stereo_two_speakers.wav', reference: 'audio/stereo_two_speakers.txt' },
  { file: 'audio/vosk_digits_10001-90210-01803.wav', reference: 'audio/vosk_digits_10001-90210-01803.txt' },
  { file: 'video/jfk.mp4', reference: 'video/jfk.txt' },
]);

interface Stored {
  task: TaskRow;
  pages: Array<{ page_number: number; rotation: number; document: DocumentResult; ocr: OcrPageResult | null }>;
  transcript: Transcript | null;
}

async function storedOf(bench: BenchServer, task: TaskRow): Promise<Stored> {
  const db = bench.server.database.db;
  const pages = await db
    .selectFrom('task_pages')
    .select(['page_number', 'rotation', 'document', 'ocr'])
    .where('task_id', '=', task.id)
    .orderBy('page_number')
    .execute();
  const media = await db
    .selectFrom('task_media')
    .select('transcript')
    .where('task_id', '=', task.id)
    .executeTakeFirst();
  return {
    task,
    pages: pages as unknown as Stored['pages'],
    transcript: (media?.transcript ?? null) as Transcript | null,
  };
}

/** The stored OCR words of every page, a line per lineIndex, pages one after the other. */
function ocrText(stored: Stored): string {
  return stored.pages
    .map((page) => {
      const lines = new Map<number, string[]>();
      for (const word of page.ocr?.entities ?? []) {
        const line = word.lineIndex ?? 0;
        lines.set(line, [...(lines.get(line) ?? []), word.text]);
      }
      return [...lines.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, words]) => words.join(' '))
        .join('\n');
    })
    .join('\n');
}

const entitiesOf = (stored: Stored) => stored.pages.flatMap((page) => page.document?.entities ?? []);

function fieldTable(title: string, columns: Array<[string, FieldScores]>): void {
  console.log(`\n${title}`);
  console.log(`  ${'field'.padEnd(16)}${columns.map(([name]) => name.padEnd(22)).join('')}`);
  for (const field of FIELDS) {
    const cells = columns.map(([, scores]) => {
      const score = scores.byField.get(field) ?? { right: 0, total: 0 };
      return `${score.right}/${score.total}  ${percent(score)}`.padEnd(22);
    });
    console.log(`  ${field.padEnd(16)}${cells.join('')}`);
  }
  const overall = columns.map(([, s]) => `${s.overall.right}/${s.overall.total}  ${percent(s.overall)}`.padEnd(22));
  console.log(`  ${'overall'.padEnd(16)}${overall.join('')}`);
  const [, endToEnd] = columns[0] as [string, FieldScores];
  if (endToEnd.misses.length > 0)
    console.log(`  misses (end to end):\n${endToEnd.misses.map((m) => `    ${m}`).join('\n')}`);
}

/** The reference of a recording: whole text, or LEFT:/RIGHT: lines for the stereo file. */
function referenceOf(path: string): { all: string; left?: string; right?: string } {
  const reference = text(path);
  const left = /^LEFT:\s*(.*)$/m.exec(reference)?.[1];
  const right = /^RIGHT:\s*(.*)$/m.exec(reference)?.[1];
  if (left !== undefined && right !== undefined) return { all: `${left} ${right}`, left, right };
  return { all: reference };
}

/** What the transcript says, for one speaker (by the channel in its name) or all of it. */
function said(transcript: Transcript | null, channel?: 'left' | 'right'): string {
  if (!transcript) return '';
  const speakers = transcript.speakers ?? [];
  const speaker =
    channel === undefined
      ? undefined
      : (speakers.find((s) => s.speakerName?.toLowerCase().includes(channel)) ?? speakers[channel === 'left' ? 0 : 1]);
  return transcript.transcripts
    .filter((item) => channel === undefined || item.speakerId === speaker?.speakerId)
    .map((item) => item.children.map((word) => word.text).join(' '))
    .join(' ')
    .trim();
}

async function main(): Promise<number> {
  console.log(
    `Pipeline accuracy · real stages, ${WORKERS} workers · ${POSTGRES ? 'PostgreSQL (throwaway cluster)' : 'PGlite (in memory)'} · ${machine()}`,
  );
  const bench = await openBenchServer({ postgres: POSTGRES });
  try {
    // The Invoice template's own fields (Currency included), read in English like the engine benchmark.
    await setWorkspaceConfig(bench, WORKSPACES.invoices, {
      categories: null,
      fieldsToDetect: null,
      fieldOrder: null,
      requiredFields: null,
      languages: { languageCode: 'en' },
    });
    const files = new Map<string, string>(); // fixture path → task id
    const imports: Array<[string, string]> = [
      ...INVOICES.map((name) => [WORKSPACES.invoices, `invoices/${name}.pdf`] as [string, string]),
      ...SCANNED_INVOICES.map((name) => [WORKSPACES.invoices, `images/invoice2data/${name}.png`] as [string, string]),
      ...TEXT_SCANS.map(({ file }) => [WORKSPACES.invoices, file] as [string, string]),
      ...RECORDINGS.map(({ file }) => [WORKSPACES.recordings, file] as [string, string]),
    ];
    for (const [workspaceId, path] of imports) files.set(path, await importFixture(bench, workspaceId, path));
    console.log(`imported ${files.size} files; processing…`);
    const run = await processWithWorkers(bench, [...files.values()], WORKERS);
    console.log(
      `processed in ${(run.wallMs / 1000).toFixed(1)} s (load ${run.loadBefore} → ${run.loadAfter}; time not a benchmark figure here)`,
    );
    const failures = run.tasks.filter((task) => task.status !== TASK_STATUS.ToReview);
    for (const task of failures) {
      console.log(
        `  NOT ToReview: ${task.display_name}: ${taskStatusText(task.status)} (${task.status}) — ${task.last_error}`,
      );
    }
    const byPath = new Map<string, Stored>();
    for (const [path, id] of files) {
      const task = run.tasks.find((t) => t.id === id);
      if (task) byPath.set(path, await storedOf(bench, task));
    }
    const stored = (path: string) => byPath.get(path) as Stored;

    // ---- invoice fields ---------------------------------------------------------------------------
    const digital: ScoredInvoice[] = INVOICES.map((name) => ({
      name,
      truth: truthOf(name),
      entities: entitiesOf(stored(`invoices/${name}.pdf`)),
    }));
    const layers = new Map<string, string>();
    const engineOnly: ScoredInvoice[] = [];
    for (const name of INVOICES) {
      const pages = await extractPdfText(new Uint8Array(fixture(`invoices/${name}.pdf`)));
      layers.set(name, pages.map((page) => page.text).join('\n'));
      engineOnly.push({
        name,
        truth: truthOf(name),
        entities: detectInvoiceFields(pages, { documentKind: 'Invoice' }),
      });
    }
    fieldTable(`Invoice fields, ${INVOICES.length} digital invoices (fixtures/invoices, text layer):`, [
      ['end to end (stages)', scoreInvoiceFields(digital)],
      ['engine alone', scoreInvoiceFields(engineOnly)],
    ]);
    const scanned: ScoredInvoice[] = SCANNED_INVOICES.map((name) => ({
      name,
      truth: truthOf(name),
      entities: entitiesOf(stored(`images/invoice2data/${name}.png`)),
    }));
    fieldTable(`Invoice fields, ${SCANNED_INVOICES.length} scanned invoices (images/invoice2data PNG, OCR):`, [
      ['end to end (stages)', scoreInvoiceFields(scanned)],
    ]);
    console.log(
      '\nReceipt fields: no figure — the fixtures hold no receipt with ground truth (fixtures/SOURCES.md, "Not included").',
    );

    // ---- word accuracy of the scans -------------------------------------------------------------------
    console.log('\nWord accuracy of the stored OCR words (1 − WER):');
    console.log(
      `  ${'scan'.padEnd(48)}${'accuracy'.padEnd(10)}${'pages'.padEnd(7)}${'rotation'.padEnd(10)}${'OCR turn'.padEnd(10)}reference`,
    );
    const row = (label: string, entry: Stored, reference: string, source: string) => {
      // rotation: what the page file is shown turned by; OCR turn: what OCR found it needed to read it.
      const rotation = entry.pages.map((page) => `${page.rotation}°`).join(' ');
      const turn = entry.pages.map((page) => `${page.ocr?.pageOrientation ?? 0}°`).join(' ');
      console.log(
        `  ${label.padEnd(48)}${pct(wordAccuracy(reference, ocrText(entry))).padEnd(10)}${String(entry.pages.length).padEnd(7)}${rotation.padEnd(10)}${turn.padEnd(10)}${source}`,
      );
    };
    for (const { file, reference } of TEXT_SCANS) row(file, stored(file), text(reference), reference);
    for (const name of SCANNED_INVOICES) {
      const file = `images/invoice2data/${name}.png`;
      row(file, stored(file), layers.get(name) ?? '', `the text layer of invoices/${name}.pdf`);
    }

    // ---- word error rate of the recordings ---------------------------------------------------------------
    console.log('\nWord error rate of the stored transcripts (pocketsphinx unless WHISPER_URL is set):');
    console.log(
      `  ${'recording'.padEnd(40)}${'WER'.padEnd(8)}${'S/D/I'.padEnd(10)}${'ref words'.padEnd(11)}hypothesis`,
    );
    for (const { file, reference } of RECORDINGS) {
      const entry = stored(file);
      const ref = referenceOf(reference);
      const rows: Array<[string, string, string]> =
        ref.left !== undefined && ref.right !== undefined
          ? [
              [`${file} left`, ref.left, said(entry.transcript, 'left')],
              [`${file} right`, ref.right, said(entry.transcript, 'right')],
              [`${file} both`, ref.all, `${said(entry.transcript, 'left')} ${said(entry.transcript, 'right')}`],
            ]
          : [[file, ref.all, said(entry.transcript)]];
      for (const [label, expected, hypothesis] of rows) {
        const w = wordErrorRate(expected, hypothesis);
        console.log(
          `  ${label.padEnd(40)}${pct(w.wer).padEnd(8)}${`${w.substitutions}/${w.deletions}/${w.insertions}`.padEnd(10)}${String(w.referenceWords).padEnd(11)}${hypothesis}`,
        );
      }
    }
    console.log(`\n${machine()}`);
    return failures.length > 0 ? 1 : 0;
  } finally {
    await bench.close();
    await stopCluster();
    await stopPageThreads();
  }
}

process.exitCode = await main();
