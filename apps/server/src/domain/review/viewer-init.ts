// Viewer/ViewerInit: what the viewer needs to open a task (TaskOpenResult, with the workspace
// configuration exactly as SdWorkspace/GetConfiguration builds it) and the checkout state: who holds
// it, whether it is the caller, and whether the caller may check it out now (canReview: the
// Task.Review ability, a reviewable status, nobody else holding it, and an assignment that lets the
// caller review now). Opening does not check out. originalFileUrl is a time-limited signed URL of
// the imported file (results/signed-urls.ts), as the transcript editor's media URL is.

import { safeFileName } from '../../formats/file-names.js';
import { invalid } from '../errors.js';
import { signedFileUrl } from '../results/signed-urls.js';
import { HISTORY_STATUSES, REVIEWABLE_STATUSES } from '../tasks/flags.js';
import { assigneesOf, toCheckoutView } from './checkout.js';
import {
  checkoutMinutesOf,
  findTask,
  nowOf,
  type ReviewCaller,
  storeOf,
  tasksOf,
  userOf,
  workspaceOf,
} from './context.js';
import { assignmentRefusal, currentHolder } from './guards.js';
import { ReviewRefusal } from './outcome.js';

type Optional = { batch_display_name?: string | null; offset_start?: unknown; offset_end?: unknown };

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Average and smallest confidence of the detected entities of all pages (null when there are none). */
function confidences(pages: Array<{ document: Record<string, unknown> }>) {
  const values = pages.flatMap((p) =>
    (Array.isArray(p.document.entities) ? (p.document.entities as Array<{ confidence?: unknown }>) : [])
      .map((e) => e.confidence)
      .filter((c): c is number => typeof c === 'number' && c >= 0 && c <= 1),
  );
  if (values.length === 0) return { average: null, smallest: null };
  return { average: values.reduce((a, b) => a + b, 0) / values.length, smallest: Math.min(...values) };
}

/** A signed, time-limited URL of the task's imported file; null while it has none. */
async function originalFileUrl(
  caller: ReviewCaller,
  origin: string,
  task: { blob_id: string | null; display_name: string },
) {
  const blob = task.blob_id ? await tasksOf(caller).blob(task.blob_id) : undefined;
  if (!blob) return null;
  const extension = blob.file_name.includes('.') ? (blob.file_name.split('.').pop() ?? 'bin') : 'bin';
  return signedFileUrl(caller.db, origin, {
    blobId: blob.id,
    tenantId: blob.tenant_id,
    fileName: safeFileName(task.display_name, extension.toLowerCase()),
    contentType: blob.content_type,
    disposition: 'inline',
  });
}

export async function viewerInit(
  caller: ReviewCaller,
  ref: { taskId?: unknown; externalId?: unknown },
  origin: string,
) {
  let found: Awaited<ReturnType<typeof findTask>>;
  try {
    found = await findTask(caller, ref);
  } catch (error) {
    // ViewerInit is a read: the contract answers a refusal (several tasks with the external id) as 400.
    if (error instanceof ReviewRefusal) {
      const [first] = error.errors;
      throw invalid(error.message, first?.code ?? 0);
    }
    throw error;
  }
  const task = ((await tasksOf(caller).byId(found.id)) ?? found) as typeof found & Optional;
  const { config } = await workspaceOf(caller, task);
  const minutes = checkoutMinutesOf(config);
  const store = storeOf(caller);
  const me = userOf(caller);
  const now = nowOf(caller);
  const assignees = await assigneesOf(tasksOf(caller), task.id);
  const holder = currentHolder(task, now);
  const holderName = holder ? ((await store.userNames([holder.userId])).get(holder.userId) ?? null) : null;
  const { average, smallest } = confidences(await store.pageDocuments(task.id));
  return {
    taskId: task.id,
    originalFileUrl: await originalFileUrl(caller, origin, task),
    displayName: task.display_name,
    sequentialByWorkspaceId: task.sequential_by_workspace_id,
    totalPages: task.total_pages,
    workspaceConfig: config,
    batchId: task.batch_id,
    batchName: task.batch_display_name ?? null,
    offsetStart: numberOrNull(task.offset_start),
    offsetEnd: numberOrNull(task.offset_end),
    avgConfidence: task.average_confidence ?? average,
    smallestConfidence: smallest,
    status: task.status,
    fromHistory: HISTORY_STATUSES.has(task.status),
    isCheckedOut: holder !== null,
    isCheckedOutByCurrentUser: holder?.userId === me,
    checkout: holder ? toCheckoutView(task, holder, holderName, minutes) : null,
    canReview:
      caller.session.abilities.has('Task.Review') &&
      REVIEWABLE_STATUSES.has(task.status) &&
      (holder === null || holder.userId === me) &&
      assignmentRefusal(task.assignment_order_type, assignees, me) === null,
    isAssignedToCurrentUser: assignees.length === 0 ? null : assignees.some((a) => a.userId === me),
    hasEInvoiceXml: Boolean(task.einvoice_blob_id),
  };
}
