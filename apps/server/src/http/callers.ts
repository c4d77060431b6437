// The domain's view of the caller, built once from a handler's input: every handler that reads or
// changes tasks goes through the caller's tenant-scoped repository and scope.

import { ResultsScope } from '../db/repositories/results.js';
import { TasksRepository } from '../db/repositories/tasks.js';
import type { TaskCaller } from '../domain/tasks/task-access.js';
import type { CallContext } from './handler.js';

/** The task repository of the caller's tenant. */
export const tasksOf = ({ services, session }: CallContext) =>
  new TasksRepository(services.db, session.membership.tenant_id);

/** The caller as the task rules see it. */
export const taskCallerOf = (input: CallContext): TaskCaller => ({
  repo: tasksOf(input),
  db: input.services.db,
  session: input.session,
});

/** Results (documents, transcripts, files) of the caller's tenant. */
export const resultsOf = ({ services, session }: CallContext) =>
  new ResultsScope(services.db, session.membership.tenant_id);
