/** The template calls' query options, one place so every part reads and refreshes the same keys. */
import type { ApiClient } from '@reviewdesk/api-client';
import { LABELLING_AND_TRAINING } from './templateModels';

export const trainingWorkspacesQuery = (api: ApiClient) =>
  api.queryOptions('get', '/api/v{version}/SdWorkspace/UserWorkspaces', {
    params: { query: { workspaceType: LABELLING_AND_TRAINING } },
  });

export const readinessQuery = (api: ApiClient, workspaceId: string) =>
  api.queryOptions('get', '/api/v{version}/TemplateBuilder/validToTrain', { params: { query: { workspaceId } } });

/** Newest versions first, as many as a person looks through at once. */
export const MODELS_PAGE_SIZE = 20;

export const modelsQuery = (api: ApiClient, workspaceId: string) =>
  api.queryOptions('get', '/api/v{version}/TemplateBuilder/templates/{workspaceId}', {
    params: {
      path: { workspaceId },
      query: { PageNumber: 1, PageSize: MODELS_PAGE_SIZE, Filter: '', Sort: ['createdOn desc'] },
    },
  });

export const modelEventsQuery = (api: ApiClient, modelId: string) =>
  api.queryOptions('get', '/api/v{version}/TemplateBuilder/Events/{modelId}', { params: { path: { modelId } } });
