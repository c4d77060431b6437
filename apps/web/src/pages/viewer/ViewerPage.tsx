/**
 * /task/viewer and /task/viewer/documents: the @reviewdesk/document-viewer package's
 * <DocumentViewer> (public entry only), driven by the viewer query parameters of spec §2
 * (taskId or externalId; the others travel along). "Next task" and finishing move the URL on, so
 * reload and back work; without a task the page says what it needs.
 */
import { useAuth } from '@reviewdesk/auth';
import { DocumentViewer, formatViewerQuery, parseViewerQuery } from '@reviewdesk/document-viewer';
import '@reviewdesk/document-viewer/styles.css';
import { EmptyState } from '@reviewdesk/ui';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** Test id: `viewer` (rendered by the package); `viewer.no-task` when the URL names no task. */
export function ViewerPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const query = parseViewerQuery(params);
  const openTask = (taskId: string) => {
    // The next task replaces the finished one in the history: "back" should not reopen it.
    const next = formatViewerQuery({
      ...query,
      taskId,
      externalId: undefined,
      taskName: undefined,
      timestamp: String(Date.now()),
    });
    navigate(`${pathname}?${next}`, { replace: true });
  };

  if (!query.taskId && !query.externalId) {
    return (
      <section className="rd-app-page" data-testid="viewer.no-task">
        <EmptyState />
      </section>
    );
  }
  return (
    // The viewer fills the space under the header; it scrolls its pages and panel itself.
    <div className="rd-app-viewer" style={{ height: 'calc(100dvh - 7rem)', minHeight: '32rem' }}>
      <DocumentViewer
        key={query.timestamp}
        taskId={query.taskId}
        externalId={query.externalId}
        userId={user?.id}
        onOpenTask={openTask}
      />
    </div>
  );
}
