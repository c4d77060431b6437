// Field accuracy of the whole pipeline on the invoice fixtures, against invoice2data's expected
// output (fixtures/invoices/*.json), scored as bench/documents.bench.ts scores the engines alone.
// The stages must lose nothing on the way: each invoice's fields after import → pre-processing →
// recognition → post-processing (page files, stored OCR layer, mapping onto the workspace's
// fields) must score exactly what detectInvoiceFields scores on the original file.
//
// With PIPELINE_MEASURE=1 it also measures, and prints, the pages per minute of the three stages
// on digital PDFs and on scans and the field accuracy on the four scanned invoices (OCR is slow
// on a shared machine, so this part only runs when asked for).
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { percent, type Score, scoreInvoiceFields } from '../bench/invoice-fields.js';
import { repoRoot } from '../src/config.js';
import {
  type DocumentResult,
  detectInvoiceFields,
  type Entity,
  extractPdfText,
} from '../src/pipeline/documents/index.js';
import { demoEmail, useTestServer } from './support/harness.js';
import { processTaskNow } from './support/processed-task.js';
import { CONTRACTS_WS, INVOICES_WS, importFile, setWorkspaceConfig } from './support/task-import.js';

const FIXTURES = join(repoRoot, 'fixtures');
const fixture = (path: string) => readFileSync(join(FIXTURES, path));
const measure = process.env.PIPELINE_MEASURE === '1';

/** Scores as the benchmarks do (bench/invoice-fields.ts), per field as "right/total". */
function score(rows: Array<{ name: string; entities: Entity[] }>) {
  const scores = scoreInvoiceFields(
    rows.map(({ name, entities }) => ({
      name,
      entities,
      truth: JSON.parse(fixture(`invoices/${name}.json`).toString())[0] as Record<string, unknown>,
    })),
  );
  return {
    ...scores.overall,
    byField: Object.fromEntries([...scores.byField].map(([field, s]) => [field, `${s.right}/${s.total}`])),
  };
}

const pct = (s: Score) => `${s.right}/${s.total} (${percent(s)})`;

describe('pipeline field accuracy and throughput (pglite)', () => {
  const t = useTestServer('pglite', { resetEachTest: true });

  async function run(workspaceId: string, path: string) {
    const token = await t.tokenFor(demoEmail('Administrator'));
    const answer = await importFile(
      t,
      token,
      { workspaceId },
      { fileName: path.split('/').at(-1) as string, content: fixture(path) },
    );
    if (!answer.body.result) throw new Error(`import failed: ${JSON.stringify(answer)}`);
    const task = await processTaskNow(t, answer.body.result.taskId);
    const pages = await t.server.database.db
      .selectFrom('task_pages')
      .select('document')
      .where('task_id', '=', task.id)
      .execute();
    const entities = pages.flatMap((page) => (page.document as unknown as DocumentResult).entities);
    return { task, entities };
  }

  /** The Invoice template's own fields (Currency included), read in English like the benchmark. */
  const useTemplateFields = () =>
    setWorkspaceConfig(t, INVOICES_WS, {
      categories: null,
      fieldsToDetect: null,
      fieldOrder: null,
      requiredFields: null,
      languages: { languageCode: 'en' },
    });

  it('loses no field on the way: end to end scores what the engine scores on the same files', {
    timeout: 300_000,
  }, async () => {
    await useTemplateFields();
    const names = readdirSync(join(FIXTURES, 'invoices'))
      .filter((file) => file.endsWith('.pdf'))
      .map((file) => file.replace(/\.pdf$/, ''));
    const endToEnd: Array<{ name: string; entities: Entity[] }> = [];
    const engineOnly: Array<{ name: string; entities: Entity[] }> = [];
    let pages = 0;
    const started = performance.now();
    for (const name of names) {
      const { task, entities } = await run(INVOICES_WS, `invoices/${name}.pdf`);
      expect(task.status, `${name}: ${task.last_error}`).toBe(60);
      pages += task.total_pages;
      endToEnd.push({ name, entities });
    }
    const elapsed = performance.now() - started;
    for (const name of names) {
      const text = await extractPdfText(new Uint8Array(fixture(`invoices/${name}.pdf`)));
      engineOnly.push({ name, entities: detectInvoiceFields(text, { documentKind: 'Invoice' }) });
    }
    const stages = score(endToEnd);
    const engine = score(engineOnly);
    console.log(
      `Invoice fields, ${names.length} digital invoices: end to end ${pct(stages)} ${JSON.stringify(stages.byField)}; engine only ${pct(engine)}; ${((pages * 60_000) / elapsed).toFixed(1)} pages/min through the three stages (import excluded)`,
    );
    // The stages read the stored word boxes, which may place a value better than the engine's own
    // text of the file; they must never get a field wrong that the engine gets right.
    const right = (fraction: string) => Number(fraction.split('/')[0]);
    for (const [field, fraction] of Object.entries(engine.byField)) {
      expect(right(stages.byField[field] ?? '0/0'), field).toBeGreaterThanOrEqual(right(fraction));
    }
  });

  it.runIf(measure)('measures the stages on scans and digital PDFs', { timeout: 1_800_000 }, async () => {
    await useTemplateFields();
    const load = () =>
      loadavg()
        .map((v) => v.toFixed(2))
        .join(' ');
    console.log(`${cpus().length} cores, load average ${load()}`);
    // Digital PDFs: the multi-page fixtures with a text layer, in the Contracts workspace (tables only).
    let pages = 0;
    let started = performance.now();
    for (const file of ['federal-register-2020-17221.pdf', 'WARN-Report-2015-2016.pdf']) {
      const { task } = await run(CONTRACTS_WS, `pdfs/multipage/${file}`);
      expect(task.status).toBe(60);
      pages += task.total_pages;
    }
    let elapsed = performance.now() - started;
    console.log(
      `digital PDFs: ${pages} pages, ${((pages * 60_000) / elapsed).toFixed(1)} pages/min (${(elapsed / pages).toFixed(0)} ms/page)`,
    );
    // Scans: image-only PDFs, OCR at 300 dpi with the workspace's languages (pt + en).
    pages = 0;
    started = performance.now();
    for (const file of ['image_only_german_pdf.pdf', 'docling_ocr_test.pdf']) {
      const { task } = await run(CONTRACTS_WS, `pdfs/scanned/${file}`);
      expect(task.status).toBe(60);
      pages += task.total_pages;
    }
    elapsed = performance.now() - started;
    console.log(
      `scanned PDFs: ${pages} pages, ${((pages * 60_000) / elapsed).toFixed(1)} pages/min (${(elapsed / pages).toFixed(0)} ms/page)`,
    );
    // The four scanned invoices, end to end.
    const scans: Array<{ name: string; entities: Entity[] }> = [];
    started = performance.now();
    for (const file of readdirSync(join(FIXTURES, 'images/invoice2data'))) {
      const { task, entities } = await run(INVOICES_WS, `images/invoice2data/${file}`);
      expect(task.status).toBe(60);
      scans.push({ name: file.replace(/\.png$/, ''), entities });
    }
    elapsed = performance.now() - started;
    const result = score(scans);
    console.log(
      `scanned invoices (PNG): end to end ${pct(result)} ${JSON.stringify(result.byField)}; ${((scans.length * 60_000) / elapsed).toFixed(1)} pages/min; load average ${load()}`,
    );
  });
});
