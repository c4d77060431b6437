/**
 * The workspace switcher: the user's workspaces in the current tenant (SdWorkspace/UserWorkspaces;
 * which ones and which is shown: useSwitcherWorkspaces). The chosen one is remembered in the preferences store (`lastWorkspaceIds`), which the feature
 * packages read. A server whose capabilities leave the call out gets no switcher; one that cannot
 * say and answers 501 gets an honest "unavailable", never an invented list.
 */
import { isApiError } from '@reviewdesk/api-client';
import { Select, usePreferences, useServerCapabilities } from '@reviewdesk/ui';
import { useWebTranslation } from '../i18n/useWebTranslation';
import { SwitcherNote } from './SwitcherNote';
import { useSwitcherWorkspaces } from './useSwitcherWorkspaces';

/** Test ids: `workspace-switcher`, `workspace-switcher.unavailable`, `workspace-switcher.error`. */
export function WorkspaceSwitcher() {
  const { t } = useWebTranslation();
  const rememberWorkspace = usePreferences((p) => p.rememberWorkspace);
  const { status, supports } = useServerCapabilities();
  const workspaces = useSwitcherWorkspaces();
  // A server that says it has no workspaces call gets no switcher at all.
  if (status === 'known' && !supports('SdWorkspace_UserWorkspaces')) return null;

  if (workspaces.error) {
    const notImplemented = isApiError(workspaces.error) && workspaces.error.status === 501;
    return (
      <SwitcherNote
        label={t('header.workspace')}
        note={notImplemented ? t('header.workspaceUnavailable') : t('header.workspaceFailed')}
        testId={notImplemented ? 'workspace-switcher.unavailable' : 'workspace-switcher.error'}
      />
    );
  }
  const { memberships, selectedId: selected } = workspaces;
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
