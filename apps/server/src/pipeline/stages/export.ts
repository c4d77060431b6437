// The export stage: a reviewed task waiting in QueuedForExport (90) is delivered to its
// workspace's integration — here the one integration step every pipeline has,
// `integration.store-results`, which keeps the reviewed result (the document result as reviewers
// saved it, or the transcript) as a JSON file for SdTask/ResultUrl. Each run writes one
// task_integrations record: Queued when it starts, then Successful with the file or Failed with the
// reason, so GetTaskIntegrationDetailsAsync shows every attempt. 91 → 93 → Processed (100);
// a failure leaves the task in ExportFailed (92), from where it can be recovered and reviewed again.
// When the workspace's storage names an export folder on a file-sharing connection, the same file
// is also written there; a site that refuses it fails the export with the site's reason. The step's
// configuration (SdWorkspace/StepConfig) may put a prefix before the file name and turn the
// writing to the export folder off.
import { randomUUID } from 'node:crypto';
import { ResultsScope } from '../../db/repositories/results.js';
import { WorkspaceScope } from '../../db/repositories/workspace-scope.js';
import type { TaskRow } from '../../db/schema.js';
import { writeExportToStorage } from '../../domain/connectors/export-folder.js';
import { DomainError } from '../../domain/errors.js';
import { isMediaTask, reviewedDocument, reviewedTranscript } from '../../domain/exports/reviewed-result.js';
import { INTEGRATION_STATUS, TASK_STATUS } from '../../domain/tasks/flags.js';
import { pipelineOf } from '../../domain/workspaces/pipelines.js';
import { STORE_RESULTS_STEP, stepValues } from '../../domain/workspaces/step-configurations.js';
import { toJson } from '../../formats/exports/index.js';
import { type Stage, type StageContext, TaskFailure } from '../worker/stage.js';

/** Who sent the task to QueuedForExport and when: the newest status change to 90. */
async function queuedBy(scope: ResultsScope, task: TaskRow): Promise<{ userId: string | null; on: Date }> {
  const event = await scope.newestStatusChangeTo(task.id, TASK_STATUS.QueuedForExport);
  return { userId: event?.user_id ?? null, on: event ? new Date(event.created_on as Date) : new Date() };
}

/** The reviewed result as the delivered file. */
async function resultFile(scope: ResultsScope, task: TaskRow) {
  const result = isMediaTask(task) ? await reviewedTranscript(scope, task) : await reviewedDocument(scope, task);
  return { file: toJson(result, task.display_name), result };
}

async function deliver(context: StageContext, integrationId: string) {
  const { db, task } = context;
  const workspace = await new WorkspaceScope(db, task.tenant_id).find(task.workspace_id);
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
  const settings = stepValues(workspace, STORE_RESULTS_STEP);
  const { file: named, result } = await resultFile(scope, task);
  const prefix = typeof settings.fileNamePrefix === 'string' ? settings.fileNamePrefix : '';
  const file = { ...named, fileName: `${prefix}${named.fileName}` };
  const blobId = await scope.storeBlob(context.storage, file, null);
  const written =
    settings.writeToExportFolder === false
      ? null
      : await writeExportToStorage({ db, config: context.config }, workspace, file);
  const summary =
    'entities' in result
      ? `${result.entities.length} field(s) and ${result.tables.length} table(s)`
      : `${result.transcripts.length} paragraph(s)`;
  await scope.finishIntegration(integrationId, {
    status: INTEGRATION_STATUS.Successful,
    resultBlobId: blobId,
    finishedOn: new Date(),
    message: `Stored ${file.fileName} (${file.bytes.byteLength} bytes)${written ? ` and wrote it to ${written}` : ''}.`,
  });
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
    const scope = new ResultsScope(db, task.tenant_id);
    const queued = await queuedBy(scope, task);
    const previous = await scope.integrations(task.id);
    const integrationId = randomUUID();
    await scope.addIntegration({
      id: integrationId,
      taskId: task.id,
      status: INTEGRATION_STATUS.Queued,
      integrationType: STORE_RESULTS_STEP,
      attempts: previous.length + 1,
      queuedBy: queued.userId,
      createdOn: queued.on,
    });
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
      await scope.finishIntegration(integrationId, {
        status: INTEGRATION_STATUS.Failed,
        finishedOn: new Date(),
        message: failure.message,
      });
      throw failure;
    }
  },
};
