/**
 * The workspaces of the header's switcher and the one it shows: the user's standard workspaces
 * (custom-model ones among them), then the labelling-and-training workspaces for those who may label
 * them: labelling is reviewing a training task in the template builder (Task.Review, which also
 * reads the template's fields), so a Reviewer without the template lists sees them as a manager
 * (Templates.TemplateList) does; a Viewer, who may not label, does not. The
 * one shown is the last chosen (preferences), else the tenant's default, else the first. The
 * switcher and the screens that follow it (tasks, batches, workspace settings) read the same answer.
 */
import { enumCodeOf, type Schema } from '@reviewdesk/api-client';
import { type Permission, useApiClient, useCan, usePreferences } from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';

export type WorkspaceMembership = Schema<'WorkspaceMembership'>;

/** Who may label a training workspace's tasks (any one suffices): the switcher offers them its list. */
export const LABELLING_PERMISSIONS: readonly Permission[] = ['Task.Review', 'Templates.TemplateList'];

export interface SwitcherWorkspaces {
  memberships: WorkspaceMembership[];
  /** The workspace shown; '' when there is none. */
  selectedId: string;
  isPending: boolean;
  isSuccess: boolean;
  error: Error | null;
}

export function useSwitcherWorkspaces(): SwitcherWorkspaces {
  const api = useApiClient();
  const can = useCan();
  const lastWorkspaceIds = usePreferences((p) => p.lastWorkspaceIds);
  const standard = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/UserWorkspaces', {
      params: { query: { workspaceType: enumCodeOf('WorkspaceType', 'Standard') } },
    }),
  );
  const mayLabel = can(LABELLING_PERMISSIONS);
  const training = useQuery({
    ...api.queryOptions('get', '/api/v{version}/SdWorkspace/UserWorkspaces', {
      params: { query: { workspaceType: enumCodeOf('WorkspaceType', 'LabelingAndTraining') } },
    }),
    enabled: mayLabel,
  });
  // The training workspaces are an addition: without them (not allowed, or their list failed) the
  // standard ones still switch.
  const memberships = [...(standard.data ?? []), ...(mayLabel ? (training.data ?? []) : [])];
  const ids = memberships.map((m) => m.workspaceId);
  const selectedId =
    lastWorkspaceIds.find((id) => ids.includes(id)) ??
    memberships.find((m) => m.isDefault)?.workspaceId ??
    ids[0] ??
    '';
  return {
    memberships,
    selectedId,
    isPending: standard.isPending || (mayLabel && training.isPending),
    isSuccess: standard.isSuccess,
    error: standard.error,
  };
}
