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

type FieldName = 'invoice_number' | 'date' | 'amount' | 'currency' | 'issuer';
const FIELDS: FieldName[] = ['invoice_number', 'date', 'amount', 'currency', 'issuer'];
const CATEGORY: Record<FieldName, string> = {
  invoice_number: 'InvoiceId',
  date: 'InvoiceDate',
  amount: 'InvoiceTotal',
  currency: 'Currency',
  issuer: 'VendorName',
};
const LEGAL_FORMS =
  /\b(?:b\.?v\.?|n\.?v\.?|inc\.?|ltd\.?|limited|llc|gmbh|ag|sas|sarl|s\.?a\.?|pvt\.?|plc|lda\.?|ltda\.?)(?=\s|,|$)/giu;
const compact = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The benchmark's rules (bench/documents.bench.ts). */
function matches(field: FieldName, truth: unknown, found: string | null | undefined): boolean {
  if (found === null || found === undefined) return false;
  switch (field) {
    case 'invoice_number':
      return compact(String(truth).replace(/^#/, '')) === compact(found);
    case 'date':
    case 'currency':
      return String(truth).toUpperCase() === found.toUpperCase();
    case 'amount':
      return Math.abs(Number(truth) - Number(found)) < 0.005;
    case 'issuer': {
      const a = compact(String(truth).replace(LEGAL_FORMS, ''));
      const b = compact(found.replace(LEGAL_FORMS, ''));
      return a !== '' && b !== '' && (a.includes(b) || b.includes(a));
    }
  }
}

interface Score {
  right: number;
  total: number;
  byField: Record<string, string>;
}

function score(rows: Array<{ name: string; entities: Entity[] }>): Score {
  let right = 0;
  let total = 0;
  const perField = new Map<FieldName, [number, number]>(FIELDS.map((f) => [f, [0, 0]]));
  for (const { name, entities } of rows) {
    const truth = JSON.parse(fixture(`invoices/${name}.json`).toString())[0] as Record<string, unknown>;
    for (const field of FIELDS) {
      if (truth[field] === undefined) continue;
      const keyValue = entities.find((entity) => entity.category === CATEGORY[field])?.keyValues[0];
      const ok = matches(field, truth[field], keyValue?.contentNormalized ?? keyValue?.content);
      const counts = perField.get(field) as [number, number];
      counts[1]++;
      total++;
      if (ok) {
        counts[0]++;
        right++;
      }
    }
  }
  return {
    right,
    total,
    byField: Object.fromEntries([...perField].map(([field, [r, n]]) => [field, `${r}/${n}`])),
  };
}

const pct = (s: Score) => `${s.right}/${s.total} (${((100 * s.right) / s.total).toFixed(1)}%)`;

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
    expect(stages.byField).toEqual(engine.byField);
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
