/** /batch/list: the @reviewdesk/task-list package's <BatchList> (public entry only) for the switcher's workspace. */
import { BatchList } from '@reviewdesk/task-list';
import '@reviewdesk/task-list/styles.css';
import { LoadingState } from '@reviewdesk/ui';
import { useCurrentWorkspace } from '../task-list/useCurrentWorkspace';

/** Test id: `batch-list` (rendered by the package). */
export function BatchListPage() {
  const { workspaceId, loading } = useCurrentWorkspace();
  if (loading) return <LoadingState />;
  return (
    <div className="rd-app-page">
      <BatchList key={workspaceId} workspaceId={workspaceId} />
    </div>
  );
}
