// The reviewed result of a task as exports write it: the pages' document results (as reviewers
// saved them in task_pages.document) joined into one DocumentResult, or the transcript of a media
// task. A task that has no result yet is NotReadyYet (4).

import type { ResultsScope } from '../../db/repositories/results.js';
import type { TaskRow } from '../../db/schema.js';
import type { DocumentTranslation, Entity, ExportedDocument, Table } from '../../formats/exports/types.js';
import type { Transcript } from '../../formats/transcript.js';
import { hasResult, notReadyYet } from '../results/viewer-task.js';

export const isMediaTask = (task: TaskRow) => task.file_kind === 'audio' || task.file_kind === 'video';

export async function reviewedDocument(scope: ResultsScope, task: TaskRow): Promise<ExportedDocument> {
  if (!hasResult(task.status)) throw notReadyYet();
  const pages = await scope.pages(task.id);
  if (pages.length === 0) throw notReadyYet('The task has no document result to export.');
  const entities: Entity[] = [];
  const tables: Table[] = [];
  for (const page of pages) {
    const document = page.document as { entities?: Entity[]; tables?: Table[] };
    entities.push(...(document.entities ?? []));
    tables.push(...(document.tables ?? []));
  }
  const translation: DocumentTranslation | undefined = task.translation
    ? {
        ...task.translation,
        pages: pages.map((page) => ({ pageNumber: page.page_number, text: page.translated_text ?? '' })),
      }
    : undefined;
  return {
    entities,
    tables,
    averageConfidence: task.average_confidence,
    version: task.document_version,
    ...(translation ? { translation } : {}),
  };
}

export async function reviewedTranscript(scope: ResultsScope, task: TaskRow): Promise<Transcript> {
  if (!hasResult(task.status)) throw notReadyYet();
  const media = await scope.media(task.id);
  if (!media?.transcript) throw notReadyYet('The task has no transcript to export.');
  return media.transcript as unknown as Transcript;
}
