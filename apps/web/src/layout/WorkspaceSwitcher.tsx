/**
 * The workspace switcher: the user's workspaces in the current tenant (SdWorkspace/UserWorkspaces).
 * The chosen one is remembered in the preferences store (`lastWorkspaceIds`), which the feature
 * packages read. A server whose capabilities leave the call out gets no switcher; one that cannot
 * say and answers 501 gets an honest "unavailable", never an invented list.
 */
import { enumCodeOf, isApiError } from '@reviewdesk/api-client';
import { Select, useApiClient, usePreferences, useServerCapabilities } from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';
import { useWebTranslation } from '../i18n/useWebTranslation';
import { SwitcherNote } from './SwitcherNote';

/** Test ids: `workspace-switcher`, `workspace-switcher.unavailable`, `workspace-switcher.error`. */
export function WorkspaceSwitcher() {
  const api = useApiClient();
  const { t } = useWebTranslation();
  const lastWorkspaceIds = usePreferences((p) => p.lastWorkspaceIds);
  const rememberWorkspace = usePreferences((p) => p.rememberWorkspace);
  const { status, supports } = useServerCapabilities();
  const workspaces = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/UserWorkspaces', {
      params: { query: { workspaceType: enumCodeOf('WorkspaceType', 'Standard') } },
    }),
  );
  // A server that says it has no workspaces call gets no switcher at all.
  if (status === 'known' && !supports('SdWorkspace_UserWorkspaces')) return null;

  if (workspaces.isError) {
    const notImplemented = isApiError(workspaces.error) && workspaces.error.status === 501;
    return (
      <SwitcherNote
        label={t('header.workspace')}
        note={notImplemented ? t('header.workspaceUnavailable') : t('header.workspaceFailed')}
        testId={notImplemented ? 'workspace-switcher.unavailable' : 'workspace-switcher.error'}
      />
    );
  }
  const memberships = workspaces.data ?? [];
  const ids = memberships.map((m) => m.workspaceId);
  // The last one chosen, else the tenant's default workspace, else the first.
  const selected =
    lastWorkspaceIds.find((id) => ids.includes(id)) ??
    memberships.find((m) => m.isDefault)?.workspaceId ??
    ids[0] ??
    '';
  return (
    <Select
      className="rd-app-switcher"
      label={t('header.workspace')}
      options={memberships.map((m) => ({ value: m.workspaceId, label: m.workspaceName }))}
      placeholder={memberships.length === 0 && workspaces.isSuccess ? t('header.noWorkspaces') : undefined}
      value={selected}
      disabled={memberships.length === 0}
      data-testid="workspace-switcher"
      onChange={(event) => rememberWorkspace(event.target.value)}
    />
  );
}
