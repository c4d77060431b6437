/**
 * /task/viewer, /task/viewer/documents, /task/viewer/transcripts, /task/viewer/templatebuilder (a
 * task of a labelling-and-training workspace, labelled in @reviewdesk/document-viewer's
 * <TemplateBuilder>; such tasks open there from any viewer route) and /task/viewer/custom (a task
 * recognized by a custom model, with its model's boxes and confidences): the task named by the viewer
 * query parameters of spec §2 (taskId or externalId; the others travel along), routed by its type.
 * Viewer/ViewerInit (which takes no checkout) says what the task is: a transcript or subtitles
 * task opens in @reviewdesk/transcript-editor's <TranscriptEditor> (loaded on first use), another
 * recording gets the media page, a translation its read-only translation page (as does a transcript
 * asked for in another language, `translateTo`), and none reaches the document viewer (whose opening checks the
 * task out); anything else opens in @reviewdesk/document-viewer's <DocumentViewer> (public entries only). "Next task" and
 * finishing move the URL on, so reload and back work; without a task the page says what it needs.
 * Opening a task of another workspace makes that workspace the header's.
 */
import { useAuth } from '@reviewdesk/auth';
import { DocumentViewer, formatViewerQuery, parseViewerQuery } from '@reviewdesk/document-viewer';
import '@reviewdesk/document-viewer/styles.css';
import { TemplateBuilder } from '@reviewdesk/document-viewer/template-builder';
import {
  EmptyState,
  ErrorState,
  LoadingState,
  useApiClient,
  usePreferences,
  useServerCapabilities,
  useServerMessages,
} from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useWebTranslation } from '../../i18n/useWebTranslation';
import { ClearDetectedFields } from './ClearDetectedFields';
import { MediaTaskPage } from './MediaTaskPage';
import { TranscriptTranslationBar } from './TranscriptTranslationBar';
import { TranslationTaskPage } from './TranslationTaskPage';
import { isMediaTaskType, isTranslationTaskType, opensInTemplateBuilder, opensInTranscriptEditor } from './taskKind';
import { useTenantOfLink } from './useTenantOfLink';

// The editor and its waveform load only when a recording is opened.
const TranscriptEditor = lazy(async () => {
  const [editor] = await Promise.all([
    import('@reviewdesk/transcript-editor'),
    import('@reviewdesk/transcript-editor/styles.css'),
  ]);
  return { default: editor.TranscriptEditor };
});

/** Test ids: `viewer`, `transcript-editor` (rendered by the packages), `media-task`, `translation-task`, `viewer.no-task`, `viewer.load-error`. */
export function ViewerPage() {
  const { user } = useAuth();
  const api = useApiClient();
  const { t } = useWebTranslation();
  const { errorMessage } = useServerMessages();
  const { supports } = useServerCapabilities();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const query = parseViewerQuery(params);
  // A search hit opens at its page (`page`, 1-based); anything else is ignored.
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const initialPage = Number.isFinite(page) && page >= 1 ? page : null;
  // …with its matched words boxed on that page (`words`), and a recording's hit at its `time` (s).
  const initialWords = params.get('words')?.trim() || null;
  const time = Number.parseFloat(params.get('time') ?? '');
  const initialTime = Number.isFinite(time) && time >= 0 ? time : null;
  // A transcript read in another language (`translateTo`, a language code) instead of edited.
  const translateTo = params.get('translateTo')?.trim() || null;
  const named = Boolean(query.taskId || query.externalId);
  // A shared link may name another of the person's tenants: the task is looked for there.
  const tenant = useTenantOfLink(params.get('tenantId'));
  const task = useQuery({
    ...api.queryOptions('get', '/api/v{version}/Viewer/ViewerInit', {
      params: { query: { taskId: query.taskId ?? null, externalId: query.externalId ?? null } },
    }),
    enabled: named && tenant === 'ready',
  });
  const workspaceId = task.data?.workspaceConfig.id;
  const lastWorkspaceIds = usePreferences((p) => p.lastWorkspaceIds);
  const rememberWorkspace = usePreferences((p) => p.rememberWorkspace);
  useEffect(() => {
    // The header shows the workspace of the task on screen, so "back to the list" lands in it too.
    if (workspaceId && lastWorkspaceIds[0] !== workspaceId) rememberWorkspace(workspaceId);
  }, [workspaceId, lastWorkspaceIds, rememberWorkspace]);

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

  if (!named) {
    return (
      <section className="rd-app-page" data-testid="viewer.no-task">
        <EmptyState />
      </section>
    );
  }
  if (task.isPending || tenant === 'switching') return <LoadingState />;
  if (task.isError) {
    const { message, detail } = errorMessage(task.error);
    return (
      <section className="rd-app-page" data-testid="viewer.load-error">
        <ErrorState
          title={t('viewer.loadFailed')}
          description={detail ? `${message} ${detail}` : message}
          onRetry={() => void task.refetch()}
        />
      </section>
    );
  }
  if (opensInTranscriptEditor(task.data.workspaceConfig.taskType) && translateTo) {
    return (
      <TranslationTaskPage
        key={translateTo}
        taskId={task.data.taskId}
        displayName={task.data.displayName}
        canExport={false}
        outputLanguage={translateTo}
        workspaceId={task.data.workspaceConfig.id}
      />
    );
  }
  if (opensInTranscriptEditor(task.data.workspaceConfig.taskType)) {
    return (
      // The editor fills the space under the header; it scrolls its paragraphs itself.
      <div className="rd-app-viewer" style={{ height: 'calc(100dvh - 7rem)', minHeight: '32rem' }}>
        <TranscriptTranslationBar
          taskId={task.data.taskId}
          workspaceId={task.data.workspaceConfig.id}
          recordingLanguage={task.data.workspaceConfig.languages?.languageCode}
        />
        <Suspense fallback={<LoadingState />}>
          <TranscriptEditor
            key={query.timestamp}
            taskId={query.taskId}
            externalId={query.externalId}
            userId={user?.id}
            initialTime={initialTime}
            onOpenTask={openTask}
          />
        </Suspense>
      </div>
    );
  }
  if (isTranslationTaskType(task.data.workspaceConfig.taskType)) {
    return (
      <TranslationTaskPage
        taskId={task.data.taskId}
        displayName={task.data.displayName}
        canExport={supports('Viewer_Export')}
      />
    );
  }
  if (isMediaTaskType(task.data.workspaceConfig.taskType)) {
    return (
      <MediaTaskPage
        taskId={task.data.taskId}
        displayName={task.data.displayName}
        canExport={supports('Transcript_Export')}
      />
    );
  }
  return (
    // The viewer fills the space under the header; it scrolls its pages and panel itself.
    <div className="rd-app-viewer" style={{ height: 'calc(100dvh - 7rem)', minHeight: '32rem' }}>
      {pathname === '/task/viewer/custom' ? (
        <ClearDetectedFields taskId={task.data.taskId} onCleared={() => openTask(task.data.taskId)} />
      ) : null}
      {pathname === '/task/viewer/templatebuilder' || opensInTemplateBuilder(task.data.workspaceConfig.taskType) ? (
        <TemplateBuilder
          key={query.timestamp}
          taskId={query.taskId}
          externalId={query.externalId}
          userId={user?.id}
          initialPage={initialPage}
          onOpenTask={openTask}
        />
      ) : (
        <DocumentViewer
          key={query.timestamp}
          taskId={query.taskId}
          externalId={query.externalId}
          userId={user?.id}
          initialPage={initialPage}
          initialWords={initialWords}
          onOpenTask={openTask}
        />
      )}
    </div>
  );
}
