/**
 * /task/list: the @reviewdesk/task-list package's <TaskList> (public entry only) for the
 * workspace of the header's switcher. The tab lives in the URL (`?tab=processed`), and so does a
 * batch opened from the batch list (`?batchId=…`); task names are links to the screen that reviews
 * them (open in a new tab works), a workspace named in the URL (`?workspaceId=…`, the labelling of a
 * template opened from /templates/labelling) is listed instead of the switcher's, uploads carry the session's token, and only what the server
 * implements is offered (its capabilities), so no menu item ends in "not available on this server".
 */
import { useAuth } from '@reviewdesk/auth';
import { TASK_LIST_TABS, TaskList, type TaskListTab } from '@reviewdesk/task-list';
import '@reviewdesk/task-list/styles.css';
import { LoadingState, useServerCapabilities } from '@reviewdesk/ui';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { taskAddress } from '../taskAddress';
import { useCurrentWorkspace } from './useCurrentWorkspace';

const isTab = (value: string | null): value is TaskListTab => TASK_LIST_TABS.includes(value as TaskListTab);

export { taskAddress };

/** Test id: `task-list` (rendered by the package). */
export function TaskListPage() {
  const { getAccessToken } = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const current = useCurrentWorkspace();
  const named = params.get('workspaceId') ?? '';
  const workspaceId = named || current.workspaceId;
  const loading = !named && current.loading;
  const { status, supports } = useServerCapabilities();
  const tabParam = params.get('tab');
  const batchId = params.get('batchId') ?? '';
  const initialFilters = useMemo(() => (batchId ? { batchId } : undefined), [batchId]);
  // Until the server has said what it implements, the list would offer nothing and then redraw.
  if (loading || status === 'loading') return <LoadingState />;
  const keep = (tab: TaskListTab) => {
    const next = new URLSearchParams();
    if (tab !== 'to-review') next.set('tab', tab);
    if (batchId) next.set('batchId', batchId);
    if (named) next.set('workspaceId', named);
    return next;
  };
  return (
    <div className="rd-app-page">
      <TaskList
        // A batch opened from the batch list starts a new list filtered to it.
        key={`${workspaceId}|${batchId}`}
        workspaceId={workspaceId}
        tab={isTab(tabParam) ? tabParam : 'to-review'}
        onTabChange={(tab) => setParams(keep(tab), { replace: true })}
        getAccessToken={getAccessToken}
        supports={supports}
        initialFilters={initialFilters}
        taskHref={taskAddress}
        onOpenTask={(event) => navigate(taskAddress(event))}
      />
    </div>
  );
}
