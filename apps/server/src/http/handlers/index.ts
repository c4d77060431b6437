// Every implemented operation, keyed by operationId. Anything the contract has and this map lacks
// answers 501 and shows in `pnpm run coverage`.
import { combineHandlers } from '../handler.js';
import { batchHandlers } from './batches.js';
import { capabilitiesHandlers } from './capabilities.js';
import { exportHandlers } from './exports.js';
import { healthHandlers } from './health.js';
import { insightHandlers } from './insight.js';
import { reviewHandlers } from './review.js';
import { searchHandlers } from './search.js';
import { taskCommandHandlers } from './tasks-commands.js';
import { taskImportHandlers } from './tasks-import.js';
import { taskListHandlers } from './tasks-lists.js';
import { tenantHandlers } from './tenant.js';
import { tenantSecretsHandlers } from './tenant-secrets.js';
import { tenantUsersHandlers } from './tenant-users.js';
import { userHandlers } from './user.js';
import { viewerFileHandlers } from './viewer-files.js';
import { workspacesHandlers } from './workspaces.js';

export const handlers = combineHandlers(
  healthHandlers,
  userHandlers,
  tenantHandlers,
  tenantUsersHandlers,
  tenantSecretsHandlers,
  taskListHandlers,
  taskImportHandlers,
  taskCommandHandlers,
  reviewHandlers,
  batchHandlers,
  workspacesHandlers,
  viewerFileHandlers,
  exportHandlers,
  capabilitiesHandlers,
  searchHandlers,
  insightHandlers,
);
