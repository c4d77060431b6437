// Tasks ready for review, for the review lifecycle tests. Files are imported through the API
// (task-import.ts) and processed by the real stages (processed-task.ts). Processing the invoice
// takes seconds, so each test server processes ONE invoice for real and keeps what the stages left
// (page rows, documents, OCR layer); further invoice tasks of the same server get a copy of those
// page rows — the recognizer's genuine output — or, where a test needs particular field values,
// pages with those values in the recognizer's place. Everything the review calls do on top goes
// through the API.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../src/config.js';
import type { TaskPageRow } from '../../src/db/schema.js';
import { demoId } from '../../src/domain/demo-data.js';
import { roleByName } from '../../src/domain/roles.js';
import { ACME_ID, type TestServer, userIdOf } from './harness.js';
import { processTaskNow } from './processed-task.js';
import { INVOICES_WS, importFile, importInvoice } from './task-import.js';

export const RECORDINGS_WS = demoId('workspace:Meeting recordings');
export const API = '/api/v1';

export interface EntitySeed {
  category: string;
  content: string | null;
  page?: number;
  markedAsSolved?: boolean;
  notDetected?: boolean;
  confidence?: number;
}

/** A DocumentResult with one entity per seed, on `page`. */
export function pageDocument(page: number, entities: EntitySeed[], version = 0) {
  return {
    version,
    entities: entities.map((e, i) => ({
      temporaryId: `0.${e.page ?? page}.e${i}`,
      type: 'field',
      category: e.category,
      pageNumber: e.page ?? page,
      chunkNumber: 0,
      keyValues:
        e.content === null
          ? []
          : [{ pageNumber: e.page ?? page, category: e.category, content: e.content, confidence: e.confidence ?? 0.9 }],
      confidence: e.confidence ?? 0.9,
      ...(e.markedAsSolved === undefined ? {} : { markedAsSolved: e.markedAsSolved }),
      ...(e.notDetected === undefined ? {} : { notDetected: e.notDetected }),
    })),
    tables: [],
  };
}

/** Every required field of Supplier invoices filled, on page 1. */
export const FILLED_INVOICE: EntitySeed[] = [
  { category: 'InvoiceId', content: 'INV-2026-0042' },
  { category: 'InvoiceDate', content: '03/03/2026' },
  { category: 'VendorName', content: 'Amazon Web Services' },
  { category: 'InvoiceTotal', content: '123.45' },
];

/** An invoice imported through the API and processed by the real stages (about 8 s). */
export async function processedInvoice(t: TestServer, token: string, fields: Record<string, unknown> = {}) {
  const taskId = await importInvoice(t, token, fields);
  const row = await processTaskNow(t, taskId);
  if (row.status !== 60) throw new Error(`processing left the task in ${row.status}: ${row.last_error}`);
  return taskId;
}

type RecognizedPage = Pick<TaskPageRow, 'page_number' | 'width' | 'height' | 'unit' | 'rotation' | 'document' | 'ocr'>;
const recognized = new WeakMap<TestServer, RecognizedPage[]>();

/**
 * The pages the real stages made of the invoice fixture, on this server (processed once; call it
 * from a beforeAll so the processing time is not charged to the first test).
 */
export async function recognizedInvoicePages(t: TestServer, token: string): Promise<RecognizedPage[]> {
  const known = recognized.get(t);
  if (known) return known;
  const taskId = await processedInvoice(t, token);
  const pages = await t.server.database.db
    .selectFrom('task_pages')
    .select(['page_number', 'width', 'height', 'unit', 'rotation', 'document', 'ocr'])
    .where('task_id', '=', taskId)
    .orderBy('page_number')
    .execute();
  recognized.set(t, pages);
  return pages;
}

/**
 * An invoice imported through the API and ready for review (ToReview, page versions 0): with the
 * recognizer's real pages, or with `pages` — one list of entities per page — in their place.
 */
export async function reviewableInvoice(
  t: TestServer,
  token: string,
  pages?: EntitySeed[][],
  fields: Record<string, unknown> = {},
): Promise<string> {
  const real = await recognizedInvoicePages(t, token);
  const taskId = await importInvoice(t, token, fields);
  const template = real[0] as RecognizedPage;
  const rows = pages
    ? pages.map((entities, index) => ({
        ...template,
        page_number: index + 1,
        document: pageDocument(index + 1, entities),
        ocr: null,
      }))
    : real;
  const db = t.server.database.db;
  await db
    .insertInto('task_pages')
    .values(
      rows.map((p) => ({
        tenant_id: ACME_ID,
        task_id: taskId,
        page_number: p.page_number,
        width: p.width,
        height: p.height,
        unit: p.unit,
        rotation: p.rotation,
        image_blob_id: null,
        document: JSON.stringify(p.document),
        ocr: p.ocr ? JSON.stringify(p.ocr) : null,
        modified_by: null,
      })),
    )
    .execute();
  await db
    .updateTable('tasks')
    .set({ status: 60, total_pages: rows.length, file_kind: 'pdf', status_changed_on: new Date() })
    .where('id', '=', taskId)
    .execute();
  return taskId;
}

/** A recording imported through the API and transcribed by the real stages (about 30 s). */
export async function processedRecording(t: TestServer, token: string): Promise<string> {
  const answer = await importFile(
    t,
    token,
    { workspaceId: RECORDINGS_WS },
    {
      fileName: 'jfk.wav',
      content: readFileSync(join(repoRoot, 'fixtures', 'audio', 'jfk.wav')),
      contentType: 'audio/wav',
    },
  );
  const taskId = answer.body.result?.taskId;
  if (answer.status !== 200 || !taskId) throw new Error(`import failed: ${JSON.stringify(answer)}`);
  const row = await processTaskNow(t, taskId);
  if (row.status !== 60) throw new Error(`processing left the recording in ${row.status}: ${row.last_error}`);
  return taskId;
}

/** `count` extra reviewers of Acme, members of Supplier invoices; returns their e-mails. */
export async function extraReviewers(t: TestServer, count: number, workspaceId = INVOICES_WS): Promise<string[]> {
  const db = t.server.database.db;
  const emails = Array.from({ length: count }, (_, i) => `reviewer${i + 1}@race.reviewdesk.test`);
  const reviewer = roleByName('Reviewer');
  await db
    .insertInto('users')
    .values(
      emails.map((email, i) => ({
        id: userIdOf(email),
        email,
        name: `Race Reviewer ${i + 1}`,
        user_name: email,
        contact: null,
        password_hash: null,
        locked_until: null,
        current_tenant_id: ACME_ID,
        profile_picture: null,
      })),
    )
    .execute();
  await db
    .insertInto('tenant_memberships')
    .values(
      emails.map((email) => ({
        tenant_id: ACME_ID,
        user_id: userIdOf(email),
        role_id: reviewer.id,
        status: 10,
        impersonate_role_id: null,
      })),
    )
    .execute();
  await db
    .insertInto('workspace_members')
    .values(
      emails.map((email) => ({
        tenant_id: ACME_ID,
        workspace_id: workspaceId,
        user_id: userIdOf(email),
        status: 10,
        added_by: null,
      })),
    )
    .execute();
  return emails;
}

/** Makes the current checkout of a task end `secondsAgo` seconds ago (time travel for expiry). */
export async function expireCheckout(t: TestServer, taskId: string, secondsAgo = 1): Promise<void> {
  await t.server.database.db
    .updateTable('tasks')
    .set({ last_checked_out_until: new Date(Date.now() - secondsAgo * 1000) })
    .where('id', '=', taskId)
    .execute();
}

export async function eventsOf(t: TestServer, taskId: string) {
  return t.server.database.db
    .selectFrom('task_events')
    .select(['event_type', 'description', 'payload', 'user_id'])
    .where('task_id', '=', taskId)
    .orderBy('id')
    .execute();
}
