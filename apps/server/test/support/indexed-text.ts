// Tasks with known text in the index, for the search tests and the benchmark: rows as the stages
// leave them (task_pages.ocr / task_media.transcript), then indexed by the real indexer.
import type { Db } from '../../src/db/database.js';
import { indexTask } from '../../src/domain/search/indexing.js';
import { documentEntries } from '../../src/domain/search/task-text.js';
import { ACME_ID } from './harness.js';
import { insertTasks, type TaskSeed } from './list-fixtures.js';

/** An OcrPageResult whose words are `lines` (one line per string). */
export function ocrOf(lines: readonly string[]) {
  return {
    pageSize: { width: 595, height: 842, unit: 'point' },
    entities: lines.flatMap((line, lineIndex) =>
      line.split(/\s+/).map((text, i) => ({
        text,
        lineIndex,
        confidence: 0.99,
        chars: [],
        boundingBox: { left: 10 + i * 40, top: 10 + lineIndex * 20, right: 45 + i * 40, bottom: 25 + lineIndex * 20 },
      })),
    ),
  };
}

/** A document task whose pages hold `pages` (lines per page), indexed. */
export async function indexedDocument(
  db: Db,
  seed: TaskSeed & { languageCode?: string },
  pages: readonly (readonly string[])[],
): Promise<string> {
  const [taskId] = await insertTasks(db, [{ ...seed, totalPages: pages.length }]);
  if (!taskId) throw new Error('no task');
  const tenantId = seed.tenantId ?? ACME_ID;
  if (seed.languageCode) {
    await db
      .updateTable('tasks')
      .set({ context: JSON.stringify({ languageCode: seed.languageCode }) })
      .where('id', '=', taskId)
      .execute();
  }
  await db
    .insertInto('task_pages')
    .values(
      pages.map((lines, index) => ({
        tenant_id: tenantId,
        task_id: taskId,
        page_number: index + 1,
        width: 595,
        height: 842,
        unit: 'point',
        image_blob_id: null,
        document: JSON.stringify({ version: 0, entities: [], tables: [] }),
        ocr: JSON.stringify(ocrOf(lines)),
        modified_by: null,
      })),
    )
    .execute();
  await indexTask(db, tenantId, taskId, { reason: 'test data' });
  return taskId;
}

export interface Paragraph {
  start: number;
  speaker: string;
  text: string;
}

/** A recording task whose transcript is `paragraphs`, indexed. */
export async function indexedRecording(db: Db, seed: TaskSeed, paragraphs: readonly Paragraph[]): Promise<string> {
  const [taskId] = await insertTasks(db, [{ ...seed, totalPages: 0 }]);
  if (!taskId) throw new Error('no task');
  const tenantId = seed.tenantId ?? ACME_ID;
  const speakers = [...new Set(paragraphs.map((p) => p.speaker))].map((name, i) => ({
    speakerId: `s${i}`,
    speakerName: name,
  }));
  const idOf = (name: string) => speakers.find((s) => s.speakerName === name)?.speakerId ?? null;
  const transcript = {
    transcripts: paragraphs.map((p) => {
      const words = p.text.split(/\s+/);
      return {
        type: 10,
        speakerId: idOf(p.speaker),
        start: p.start,
        end: p.start + words.length * 0.4,
        children: words.map((text, i) => ({ text, offsetInSeconds: p.start + i * 0.4, durationInSeconds: 0.4 })),
      };
    }),
    speakers,
    annotations: [],
  };
  await db
    .insertInto('task_media')
    .values({
      task_id: taskId,
      tenant_id: tenantId,
      duration_ms: 60_000,
      info: JSON.stringify({}),
      waveform_blob_id: null,
      transcript: JSON.stringify(transcript),
      engine: 'test',
      modified_by: null,
    })
    .execute();
  await indexTask(db, tenantId, taskId, { reason: 'test data' });
  return taskId;
}

/**
 * A processed document's index entries, and the entries its stored pages make when read back (what
 * the indexer made before it took the page texts from the stage): the two must be equal.
 */
export async function indexBesideReadBack(db: Db, taskId: string) {
  const indexed = await db
    .selectFrom('task_text_entries')
    .select(['source', 'page_number as pageNumber', 'position', 'body'])
    .where('task_id', '=', taskId)
    .orderBy('position')
    .execute();
  const pages = await db
    .selectFrom('task_pages')
    .select(['page_number', 'ocr', 'document'])
    .where('task_id', '=', taskId)
    .orderBy('page_number')
    .execute();
  const readBack = documentEntries(pages).map(({ source, pageNumber, position, body }) => ({
    source,
    pageNumber,
    position,
    body,
  }));
  return { indexed, readBack };
}
