/**
 * The workspaces of the header's switcher and the one it shows: the user's standard workspaces
 * (custom-model ones among them), then the labelling-and-training workspaces for those who may see
 * templates (Templates.TemplateList) — a manager labels a template's tasks from its list too. The
 * one shown is the last chosen (preferences), else the tenant's default, else the first. The
 * switcher and the screens that follow it (tasks, batches, workspace settings) read the same answer.
 */
import { enumCodeOf, type Schema } from '@reviewdesk/api-client';
import { useApiClient, useCan, usePreferences } from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';

export type WorkspaceMembership = Schema<'WorkspaceMembership'>;

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
  const seesTemplates = can('Templates.TemplateList');
  const training = useQuery({
    ...api.queryOptions('get', '/api/v{version}/SdWorkspace/UserWorkspaces', {
      params: { query: { workspaceType: enumCodeOf('WorkspaceType', 'LabelingAndTraining') } },
    }),
    enabled: seesTemplates,
  });
  // The training workspaces are an addition: without them (not allowed, or their list failed) the
  // standard ones still switch.
  const memberships = [...(standard.data ?? []), ...(seesTemplates ? (training.data ?? []) : [])];
  const ids = memberships.map((m) => m.workspaceId);
  const selectedId =
    lastWorkspaceIds.find((id) => ids.includes(id)) ??
    memberships.find((m) => m.isDefault)?.workspaceId ??
    ids[0] ??
    '';
  return {
    memberships,
    selectedId,
    isPending: standard.isPending || (seesTemplates && training.isPending),
    isSuccess: standard.isSuccess,
    error: standard.error,
  };
}
