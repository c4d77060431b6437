// SdTask/GetTaskIntegrationDetailsAsync: each delivery of a task's reviewed result (the export
// stage writes one record per attempt) as the contract's IntegrationRecord, newest first.
import type { Db } from '../../db/database.js';
import type { ResultsScope } from '../../db/repositories/results.js';
import { UsersRepository } from '../../db/repositories/users.js';
import type { TaskIntegrationRow } from '../../db/schema.js';
import { INTEGRATION_STATUS } from '../tasks/flags.js';
import { iso } from '../tasks/mappers.js';

/** IntegrationResult: none while queued, the outcome once the attempt finished. */
function resultOf(row: TaskIntegrationRow) {
  if (row.status === INTEGRATION_STATUS.Successful) return { success: true, pageIndexesWithErrors: [] };
  if (row.status === INTEGRATION_STATUS.Failed) {
    return { success: false, pageIndexesWithErrors: [], workerErrorDetails: row.message ?? null };
  }
  return null;
}

export async function integrationRecords(db: Db, scope: ResultsScope, taskId: string) {
  const rows = await scope.integrations(taskId);
  const userIds = [...new Set(rows.map((r) => r.queued_by).filter((id): id is string => !!id))];
  const names = await new UsersRepository(db).namesByIds(userIds);
  return rows.map((row) => ({
    queuedOn: iso(row.created_on) as string,
    integratedOn: row.status === INTEGRATION_STATUS.Successful ? iso(row.finished_on) : null,
    queuedBy: row.queued_by,
    queuedByUserName: row.queued_by ? (names.get(row.queued_by) ?? null) : null,
    result: resultOf(row),
  }));
}
