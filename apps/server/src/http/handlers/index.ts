// Every implemented operation, keyed by operationId. Anything the contract has and this map lacks
// answers 501 and shows in `pnpm run coverage`.
import { combineHandlers } from '../handler.js';
import { batchHandlers } from './batches.js';
import { capabilitiesHandlers } from './capabilities.js';
import { chatbotHandlers } from './chatbot.js';
import { connectorHandlers } from './connectors.js';
import { exportHandlers } from './exports.js';
import { healthHandlers } from './health.js';
import { insightHandlers } from './insight.js';
import { licenceHandlers } from './licences.js';
import { notificationHandlers } from './notifications.js';
import { reviewHandlers } from './review.js';
import { searchHandlers } from './search.js';
import { summaryHandlers } from './summaries.js';
import { taskFieldHandlers } from './task-fields.js';
import { taskShareHandlers } from './task-shares.js';
import { taskCommandHandlers } from './tasks-commands.js';
import { taskImportHandlers } from './tasks-import.js';
import { taskListHandlers } from './tasks-lists.js';
import { templateHandlers } from './templates.js';
import { tenantHandlers } from './tenant.js';
import { tenantSecretsHandlers } from './tenant-secrets.js';
import { tenantUsersHandlers } from './tenant-users.js';
import { transcriptSpeakerHandlers } from './transcript-speakers.js';
import { translationHandlers } from './translations.js';
import { userHandlers } from './user.js';
import { userAccountHandlers } from './user-account.js';
import { userEmailHandlers } from './user-email.js';
import { userTwoFactorHandlers } from './user-two-factor.js';
import { viewerFileHandlers } from './viewer-files.js';
import { workspaceCustomModelHandlers } from './workspace-custom-model.js';
import { workspaceDeveloperHandlers } from './workspace-developers.js';
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
  transcriptSpeakerHandlers,
  exportHandlers,
  capabilitiesHandlers,
  connectorHandlers,
  templateHandlers,
  workspaceCustomModelHandlers,
  workspaceDeveloperHandlers,
  taskFieldHandlers,
  licenceHandlers,
  userAccountHandlers,
  userEmailHandlers,
  userTwoFactorHandlers,
  notificationHandlers,
  searchHandlers,
  summaryHandlers,
  chatbotHandlers,
  insightHandlers,
  taskShareHandlers,
  translationHandlers,
);
