/** The query of a template's fields (TemplateBuilder GetFields): one key for every screen that shows them. */
import type { ApiClient } from '@reviewdesk/api-client';

export const templateFieldsQuery = (api: ApiClient, workspaceId: string) =>
  api.queryOptions('get', '/api/v{version}/TemplateBuilder/fields/{workspaceId}', {
    params: { path: { workspaceId } },
  });
