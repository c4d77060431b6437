// The export stage: a reviewed task waiting in QueuedForExport (90) is delivered to its
// workspace's integration — here the one integration step every pipeline has,
// `integration.store-results`, which keeps the reviewed result (the document result as reviewers
// saved it, or the transcript) as a JSON file for SdTask/ResultUrl. Each run writes one
// task_integrations record: Queued when it starts, then Successful with the file or Failed with the
// reason, so GetTaskIntegrationDetailsAsync shows every attempt. 91 → 93 → Processed (100);
// a failure leaves the task in ExportFailed (92), from where it can be recovered and reviewed again.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { TaskRow } from '../../db/schema.js';
import { DomainError } from '../../domain/errors.js';
import { isMediaTask, reviewedDocument, reviewedTranscript } from '../../domain/exports/reviewed-result.js';
import { ResultsScope } from '../../domain/results/results-scope.js';
import { INTEGRATION_STATUS, TASK_STATUS } from '../../domain/tasks/flags.js';
import { pipelineOf } from '../../domain/workspaces/pipelines.js';
import { toJson } from '../exports/index.js';
import { type Stage, type StageContext, TaskFailure } from '../worker/stage.js';

export const STORE_RESULTS_STEP = 'integration.store-results';

/** Who sent the task to QueuedForExport and when: the newest status change to 90. */
async function queuedBy(db: Db, task: TaskRow): Promise<{ userId: string | null; on: Date }> {
  const event = await db
    .selectFrom('task_events')
    .select(['user_id', 'created_on'])
    .where('tenant_id', '=', task.tenant_id)
    .where('task_id', '=', task.id)
    .where(sql<string>`payload->>'to'`, '=', String(TASK_STATUS.QueuedForExport))
    .orderBy('created_on', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { userId: event?.user_id ?? null, on: event ? new Date(event.created_on as Date) : new Date() };
}

/** The reviewed result as the delivered file. */
async function resultFile(scope: ResultsScope, task: TaskRow) {
  const result = isMediaTask(task) ? await reviewedTranscript(scope, task) : await reviewedDocument(scope, task);
  return { file: toJson(result, task.display_name), result };
}

async function deliver(context: StageContext, integrationId: string) {
  const { db, task } = context;
  const workspace = await db
    .selectFrom('workspaces')
    .selectAll()
    .where('tenant_id', '=', task.tenant_id)
    .where('id', '=', task.workspace_id)
    .executeTakeFirst();
  if (!workspace) throw new TaskFailure(TASK_STATUS.ExportFailed, 'The workspace of the task no longer exists.');
  const steps = pipelineOf(workspace).integrationStepIds;
  const unknown = steps.filter((id) => id !== STORE_RESULTS_STEP);
  if (unknown.length > 0) {
    throw new TaskFailure(
      TASK_STATUS.ExportFailed,
      `The integration step ${unknown.join(', ')} is not available on this server; change the workspace's pipeline.`,
    );
  }
  const scope = new ResultsScope(db, task.tenant_id);
  const { file, result } = await resultFile(scope, task);
  const blobId = await scope.storeBlob(context.storage, file, null);
  const summary =
    'entities' in result
      ? `${result.entities.length} field(s) and ${result.tables.length} table(s)`
      : `${result.transcripts.length} paragraph(s)`;
  await db
    .updateTable('task_integrations')
    .set({
      status: INTEGRATION_STATUS.Successful,
      result_blob_id: blobId,
      finished_on: new Date(),
      message: `Stored ${file.fileName} (${file.bytes.byteLength} bytes).`,
    })
    .where('tenant_id', '=', task.tenant_id)
    .where('id', '=', integrationId)
    .execute();
  return { fileName: file.fileName, summary, blobId };
}

export const exportStage: Stage = {
  name: 'export',
  queued: TASK_STATUS.QueuedForExport,
  inProgress: TASK_STATUS.ExportInProgress,
  succeeded: TASK_STATUS.ExportSuccessful,
  failed: TASK_STATUS.ExportFailed,

  async run(context) {
    const { db, task } = context;
    const queued = await queuedBy(db, task);
    const previous = await new ResultsScope(db, task.tenant_id).integrations(task.id);
    const integrationId = randomUUID();
    await db
      .insertInto('task_integrations')
      .values({
        id: integrationId,
        tenant_id: task.tenant_id,
        task_id: task.id,
        status: INTEGRATION_STATUS.Queued,
        integration_type: STORE_RESULTS_STEP,
        attempts: previous.length + 1,
        queued_by: queued.userId,
        created_on: queued.on,
      })
      .execute();
    try {
      const delivered = await deliver(context, integrationId);
      return {
        next: TASK_STATUS.Processed,
        reason: `Reviewed result delivered (${delivered.summary}) as ${delivered.fileName}`,
        payload: { integrationId, resultBlobId: delivered.blobId, integrationType: STORE_RESULTS_STEP },
      };
    } catch (error) {
      const failure =
        error instanceof TaskFailure
          ? error
          : new TaskFailure(
              TASK_STATUS.ExportFailed,
              error instanceof DomainError
                ? error.message
                : `The result could not be delivered: ${(error as Error).message}`,
            );
      await db
        .updateTable('task_integrations')
        .set({ status: INTEGRATION_STATUS.Failed, finished_on: new Date(), message: failure.message })
        .where('tenant_id', '=', task.tenant_id)
        .where('id', '=', integrationId)
        .execute();
      throw failure;
    }
  },
};
