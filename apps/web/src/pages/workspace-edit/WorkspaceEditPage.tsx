/**
 * /workspace/edit: the @reviewdesk/admin-panels package's <WorkspaceSettings> (its /workspace entry)
 * for the workspace of the header's switcher. The open tab lives in the URL (`?tab=fields`), so a
 * reload or a shared link opens the same tab.
 */
import { isWorkspaceTab, WorkspaceSettings } from '@reviewdesk/admin-panels/workspace';
import '@reviewdesk/admin-panels/styles.css';
import { LoadingState } from '@reviewdesk/ui';
import { useSearchParams } from 'react-router';
import { useCurrentWorkspace } from '../task-list/useCurrentWorkspace';

/** Test id: `workspace-settings` (rendered by the package). */
export function WorkspaceEditPage() {
  const [params, setParams] = useSearchParams();
  const { workspaceId, loading } = useCurrentWorkspace();
  if (loading) return <LoadingState />;
  const tab = params.get('tab');
  return (
    <div className="rd-app-page">
      <WorkspaceSettings
        key={workspaceId}
        workspaceId={workspaceId}
        tab={isWorkspaceTab(tab) ? tab : undefined}
        onNavigate={({ tab: next }) => setParams(next === 'basic' ? {} : { tab: next }, { replace: true })}
      />
    </div>
  );
}
