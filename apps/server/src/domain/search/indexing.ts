// Indexing a task's text for search: when processing finishes (post-processing) and whenever a
// reviewer saves pages or the transcript. The index lives in this database (task_text_entries,
// PostgreSQL full-text search), so a task's text is searchable the moment the run commits.
// Every run moves the task's index status (Processing 200 → Indexed 400, or Failed 300) and leaves
// one log entry a person can read in Index/logs. A failed run never fails what triggered it: the
// saved review or the processed task stand, and the log says why the index is behind.
import { IndexStatus } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import { IndexQueue, TextIndexScope } from '../../db/repositories/text-index.js';
import type { TaskRow, WorkspaceRow } from '../../db/schema.js';
import { TASK_STATUS } from '../tasks/flags.js';
import { resolveConfiguration } from '../workspaces/configuration.js';
import { taskLanguages } from '../workspaces/task-languages.js';
import { searchConfigurationOf } from './languages.js';
import { documentEntries, type IndexedPage, pageEntries, type TextEntry, transcriptEntries } from './task-text.js';

export const INDEX_SERVICE_NAME = 'PostgreSQL full-text search';

export interface IndexRequest {
  /** Why the task is indexed now, for the log ("processing finished", "review saved page 2"). */
  reason: string;
  /** Re-index only these pages of a document (a review save); the whole task when absent. */
  pages?: readonly number[];
  /** Only when the task still waits for the index (the scheduler's catch-up); else nothing happens. */
  onlyIfWaiting?: boolean;
}

/** Index statuses of a task whose text is not (or no longer) in the index. */
export const WAITING_INDEX_STATUSES: readonly number[] = [
  IndexStatus.WaitingForFirstIndex,
  IndexStatus.WaitingForReIndex,
];

export interface IndexOutcome {
  status: IndexStatus;
  entries: number;
  message: string;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function describe(entries: readonly TextEntry[], transcript: boolean, request: IndexRequest, config: string): string {
  const what = transcript
    ? plural(entries.length, 'transcript paragraph')
    : `${plural(new Set(entries.map((entry) => entry.pageNumber)).size, 'page')} with text${
        request.pages ? ` (of ${plural(request.pages.length, 'saved page')})` : ''
      }, ${plural(entries.filter((entry) => entry.source === 'fields').length, 'page')} with field values`;
  return `Indexed ${what} in the ${config} configuration: ${request.reason}.`;
}

/** Pages whose stored text layers one query reads: a 2,000-page task is never held whole. */
const PAGES_PER_READ = 100;

/**
 * The entries of the task's pages (all, or the given ones), read a window of pages at a time: only
 * the entries' text stays, not every page's words and boxes at once.
 */
async function storedPageEntries(
  scope: TextIndexScope,
  taskId: string,
  pageNumbers: readonly number[] | undefined,
): Promise<TextEntry[]> {
  const entries: TextEntry[] = [];
  if (pageNumbers) {
    for (let from = 0; from < pageNumbers.length; from += PAGES_PER_READ) {
      entries.push(...documentEntries(await scope.pages(taskId, pageNumbers.slice(from, from + PAGES_PER_READ))));
    }
    return entries;
  }
  // Every page, a window after the last one read: a document shorter than a window is one query.
  for (let after: number | undefined; ; ) {
    const pages = await scope.pagesAfter(taskId, after, PAGES_PER_READ);
    entries.push(...documentEntries(pages));
    const last = pages.at(-1);
    if (!last || pages.length < PAGES_PER_READ) return entries;
    after = last.page_number;
  }
}

/** Only recordings have a transcript; a task of unknown kind (made before kinds were kept) is looked up. */
const mayHaveTranscript = (task: TaskRow) => task.file_kind !== 'pdf' && task.file_kind !== 'image';

/**
 * What the caller already holds (the processing stage that holds the task), so the index does not
 * read it again: the task, its workspace, and a document's pages with their text.
 */
export interface KnownRows {
  task: TaskRow;
  workspace: WorkspaceRow;
  /** Every page of a document (pageEntries); the pages are read from the database without. */
  pages?: readonly IndexedPage[];
}

/** Indexes the task's text now; never throws for a failure of the index itself (see above). */
export async function indexTask(
  db: Db,
  tenantId: string,
  taskId: string,
  request: IndexRequest,
  known?: KnownRows,
): Promise<IndexOutcome> {
  const scope = new TextIndexScope(db, tenantId);
  const task = known?.task.id === taskId ? known.task : await scope.task(taskId);
  if (!task) return { status: IndexStatus.Failed, entries: 0, message: 'The task does not exist.' };
  const logLine = (status: IndexStatus, message: string) => ({
    taskId: task.id,
    workspaceId: task.workspace_id,
    indexId: task.id,
    indexServiceName: INDEX_SERVICE_NAME,
    indexStatus: status,
    logMessage: message,
  });
  if (request.onlyIfWaiting) {
    if (!(await scope.claimForIndexing(task.id, WAITING_INDEX_STATUSES, IndexStatus.Processing))) {
      return {
        status: task.index_status as IndexStatus,
        entries: 0,
        message: 'The task no longer waits for the index.',
      };
    }
  }
  try {
    await scope.setIndexStatus(task.id, { status: IndexStatus.Processing });
    const workspace =
      known?.workspace.id === task.workspace_id ? known.workspace : await scope.workspace(task.workspace_id);
    if (!workspace) throw new Error('the workspace of the task no longer exists');
    const [language] = taskLanguages(task, workspace, resolveConfiguration(workspace));
    const config = searchConfigurationOf(language);
    const heldPages = known?.task === task && !request.pages ? known.pages : undefined;
    const media = !heldPages && mayHaveTranscript(task) ? await scope.transcript(task.id) : undefined;
    const transcript = Boolean(media?.transcript);
    const entries = heldPages
      ? pageEntries(heldPages)
      : transcript
        ? transcriptEntries(media?.transcript)
        : await storedPageEntries(scope, task.id, request.pages);
    await scope.replaceEntries(task, config, entries, transcript ? undefined : request.pages);
    const message = describe(entries, transcript, request, config);
    await scope.endIndexing(
      task.id,
      { status: IndexStatus.Indexed, indexId: task.id, serviceName: INDEX_SERVICE_NAME, indexedOn: new Date() },
      logLine(IndexStatus.Indexed, message),
    );
    return { status: IndexStatus.Indexed, entries: entries.length, message };
  } catch (error) {
    const message = `Indexing failed (${request.reason}): ${error instanceof Error ? error.message : String(error)}`;
    await scope.endIndexing(task.id, { status: IndexStatus.Failed }, logLine(IndexStatus.Failed, message));
    return { status: IndexStatus.Failed, entries: 0, message };
  }
}

/**
 * Task statuses whose text is final enough to search: in review and after it. Tasks still in the
 * pipeline are indexed when post-processing ends; a split source's text is in its chunks.
 */
export const SEARCHABLE_TASK_STATUSES: readonly number[] = [
  TASK_STATUS.ToReview,
  TASK_STATUS.InReview,
  TASK_STATUS.QueuedForExport,
  TASK_STATUS.ExportInProgress,
  TASK_STATUS.ExportFailed,
  TASK_STATUS.ExportSuccessful,
  TASK_STATUS.Processed,
  TASK_STATUS.ProcessedAfterPeriodAndDeletedFiles,
];

/**
 * Catch-up: indexes up to `limit` tasks that wait for the index although their text is there —
 * tasks processed before the index existed, or whose indexing was scheduled for later. Returns
 * the ids indexed.
 */
export async function indexWaitingTasks(db: Db, limit: number): Promise<string[]> {
  const waiting = await new IndexQueue(db).waiting(WAITING_INDEX_STATUSES, SEARCHABLE_TASK_STATUSES, limit);
  const indexed: string[] = [];
  for (const task of waiting) {
    const outcome = await indexTask(db, task.tenant_id, task.id, {
      reason: 'catching up with tasks processed before they could be indexed',
      onlyIfWaiting: true,
    });
    if (outcome.status === IndexStatus.Indexed) indexed.push(task.id);
  }
  return indexed;
}
