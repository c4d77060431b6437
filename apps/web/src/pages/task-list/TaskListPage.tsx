/**
 * /task/list: the @reviewdesk/task-list package's <TaskList> (public entry only) for the
 * workspace of the header's switcher. The tab lives in the URL (`?tab=processed`), opening a
 * task goes to the viewer, and uploads carry the session's token.
 */
import { useAuth } from '@reviewdesk/auth';
import { TASK_LIST_TABS, TaskList, type TaskListTab } from '@reviewdesk/task-list';
import '@reviewdesk/task-list/styles.css';
import { LoadingState } from '@reviewdesk/ui';
import { useNavigate, useSearchParams } from 'react-router';
import { useCurrentWorkspace } from './useCurrentWorkspace';

const isTab = (value: string | null): value is TaskListTab => TASK_LIST_TABS.includes(value as TaskListTab);

/** Test id: `task-list` (rendered by the package). */
export function TaskListPage() {
  const { getAccessToken } = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { workspaceId, loading } = useCurrentWorkspace();
  const tabParam = params.get('tab');
  if (loading) return <LoadingState />;
  return (
    <div className="rd-app-page">
      <TaskList
        key={workspaceId}
        workspaceId={workspaceId}
        tab={isTab(tabParam) ? tabParam : 'to-review'}
        onTabChange={(tab) => setParams(tab === 'to-review' ? {} : { tab }, { replace: true })}
        getAccessToken={getAccessToken}
        onOpenTask={({ taskId, workspaceId: ws, fromHistory }) => {
          const query = new URLSearchParams({ taskId, workspaceId: ws });
          if (fromHistory) query.set('fromHistory', 'true');
          navigate(`/task/viewer?${query}`);
        }}
      />
    </div>
  );
}
