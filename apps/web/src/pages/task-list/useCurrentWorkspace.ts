/**
 * The workspace the header's switcher shows: the last one chosen (preferences), else the
 * tenant's default, else the first. Same rule as layout/WorkspaceSwitcher, read here so the
 * task and batch screens follow the switcher.
 */
import { enumCodeOf } from '@reviewdesk/api-client';
import { useApiClient, usePreferences } from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';

export function useCurrentWorkspace(): { workspaceId: string; loading: boolean } {
  const api = useApiClient();
  const lastWorkspaceIds = usePreferences((p) => p.lastWorkspaceIds);
  const workspaces = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/UserWorkspaces', {
      params: { query: { workspaceType: enumCodeOf('WorkspaceType', 'Standard') } },
    }),
  );
  const memberships = workspaces.data ?? [];
  const ids = memberships.map((m) => m.workspaceId);
  const workspaceId =
    lastWorkspaceIds.find((id) => ids.includes(id)) ??
    memberships.find((m) => m.isDefault)?.workspaceId ??
    ids[0] ??
    '';
  return { workspaceId, loading: workspaces.isPending };
}
