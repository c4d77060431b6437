/**
 * /batch/list: the @reviewdesk/task-list package's <BatchList> (public entry only) for the
 * switcher's workspace. A batch's name is a link to its tasks: the task list filtered to it.
 */
import { BatchList, type OpenBatchEvent } from '@reviewdesk/task-list';
import '@reviewdesk/task-list/styles.css';
import { LoadingState } from '@reviewdesk/ui';
import { useNavigate } from 'react-router';
import { useCurrentWorkspace } from '../task-list/useCurrentWorkspace';

/** The task list showing one batch's tasks. */
export function batchTasksAddress({ batchId }: OpenBatchEvent): string {
  return `/task/list?${new URLSearchParams({ batchId })}`;
}

/** Test id: `batch-list` (rendered by the package). */
export function BatchListPage() {
  const navigate = useNavigate();
  const { workspaceId, loading } = useCurrentWorkspace();
  if (loading) return <LoadingState />;
  return (
    <div className="rd-app-page">
      <BatchList
        key={workspaceId}
        workspaceId={workspaceId}
        batchHref={batchTasksAddress}
        onOpenBatch={(batch) => navigate(batchTasksAddress(batch))}
      />
    </div>
  );
}
