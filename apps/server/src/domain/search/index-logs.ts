// Index/logs/{taskId}: the indexing log of a task the caller reaches, newest first.
import { IndexStatus } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import { TasksRepository } from '../../db/repositories/tasks.js';
import { TextIndexScope } from '../../db/repositories/text-index.js';
import type { Session } from '../session.js';
import { taskById } from '../tasks/task-access.js';

const STATUS_NAMES = new Map<number, string>(Object.entries(IndexStatus).map(([name, code]) => [code, name]));

export async function indexLogs(db: Db, session: Session, taskId: string) {
  const tenantId = session.membership.tenant_id;
  const task = await taskById({ repo: new TasksRepository(db, tenantId), db, session }, taskId);
  const rows = await new TextIndexScope(db, tenantId).logs(task.id);
  return rows.map((row) => ({
    taskId: row.task_id,
    workspaceId: row.workspace_id,
    tenantId: row.tenant_id,
    indexId: row.index_id,
    indexServiceName: row.index_service_name,
    indexStatus: row.index_status as IndexStatus,
    indexStatusText: STATUS_NAMES.get(row.index_status) ?? null,
    logMessage: row.log_message,
    createdOn: new Date(row.created_on).toISOString(),
  }));
}
