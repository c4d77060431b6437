/**
 * `<DocumentViewer>`: the review screen of one document task — pages with their boxes, the field
 * panel, autosave with the device journal, and the review lifecycle. Everything it owns (review
 * session, UI store, pdf.js engine) is created per mount and disposed on unmount, so several
 * viewers can share a page. Render it inside a `<ReviewdeskProvider>`.
 */
import { registerTranslations, usePreferences, useReviewdesk } from '@reviewdesk/ui';
import { useOpenedTask } from '@reviewdesk/ui/review-session';
import { type ReactNode, useRef, useState } from 'react';
import { VIEWER_NAMESPACE, viewerResources } from '../i18n/resources.js';
import type { DocumentPagesHandle, PdfAssets } from '../pages/types.js';
import type { CheckoutLostReason, ViewerError } from '../session/session.js';
import type { FinishReviewResult, SaveState } from '../session/types.js';
import { ViewerContext, type ViewerContextValue } from './context.js';
import { useViewerSession, useViewerUi } from './useViewerSession.js';
import { ViewerLayout } from './ViewerLayout.js';

/** Props of {@link DocumentViewer}. */
export interface DocumentViewerProps {
  /** Id of the task to review (or `externalId`). When it changes, the viewer opens that task. */
  taskId?: string | null;
  /** External identifier of the task, when the host knows the task by its own id. */
  externalId?: string | null;
  /**
   * Keys the device journal of unsaved edits (with the task), so people sharing a device never
   * restore each other's edits. Pass the signed-in user's id.
   * @default 'anonymous'
   */
  userId?: string | null;
  /** Open without checking the task out: nothing can be edited. @default false */
  readOnly?: boolean;
  /**
   * Save edits automatically 500 ms after the last change. When set, the host controls it and the
   * toolbar hides its switch; otherwise the user's device preference applies (on by default).
   */
  autosave?: boolean;
  /**
   * Listen for the review shortcuts on the whole document instead of only inside the viewer.
   * Opt-in, because a host page usually has shortcuts of its own. @default false
   */
  globalShortcuts?: boolean;
  /** Where pdf.js finds its CMaps, fonts and decoders (see README, "Pages engine"). */
  pdfAssets?: PdfAssets;
  /**
   * Open at this page instead of at the first field needing attention (e.g. the page of a search
   * hit). The field is still selected for the keyboard; only the scroll goes to the page.
   */
  initialPage?: number | null;
  /**
   * Words of `initialPage` to show (e.g. the matched word of a search hit): the line holding them
   * gets a box, scrolled into view. Ignored without `initialPage` or when the page lacks them.
   */
  initialWords?: string | null;
  /**
   * Shown above the field panel, inside the viewer (its hooks see the viewer's session): the
   * template builder puts the template's fields there.
   */
  panelStart?: ReactNode;
  /** Extra class on the viewer's root element. */
  className?: string;
  /** The save state changed (saved / saving / unsaved / failed / conflict). */
  onSaveStateChange?: (state: SaveState) => void;
  /** The review was finished; `nextTaskId` names a task waiting for the reviewer, if any. */
  onFinishReview?: (result: FinishReviewResult) => void;
  /** The reviewer cancelled the review (the checkout is released). */
  onCancelReview?: (info: { taskId: string }) => void;
  /** The checkout expired or someone else took the task; the viewer became read-only. */
  onCheckoutLost?: (info: { reason: CheckoutLostReason; taskId: string }) => void;
  /** Something failed (loading, saving, a lifecycle call, an export). */
  onError?: (error: ViewerError) => void;
  /**
   * The reviewer asked for another task ("Open the next task"). Without it the viewer opens the
   * task itself; with it the host navigates (and passes the new `taskId`).
   * @example onOpenTask={(id) => navigate(`/task/viewer?taskId=${id}`)}
   */
  onOpenTask?: (taskId: string) => void;
}

/**
 * Reviews one document task.
 * @example
 * <ReviewdeskProvider client={client} locale="en">
 *   <DocumentViewer taskId={taskId} userId={user.id} onFinishReview={(r) => goNext(r.nextTaskId)} />
 * </ReviewdeskProvider>
 */
export function DocumentViewer(props: DocumentViewerProps) {
  const { i18n } = useReviewdesk();
  // Registered during render (idempotent) so the first paint already has our strings.
  if (!i18n.hasResourceBundle('en', VIEWER_NAMESPACE)) registerTranslations(i18n, VIEWER_NAMESPACE, viewerResources);
  const opened = useOpenedTask(props);
  return (
    <ViewerInstance
      key={opened.key}
      {...props}
      taskId={opened.taskId}
      externalId={opened.externalId}
      onOpenTask={opened.onOpenTask}
    />
  );
}

function ViewerInstance(props: DocumentViewerProps & { onOpenTask: (taskId: string) => void }) {
  const storedAutosave = usePreferences((p) => p.autosave);
  const autoscroll = usePreferences((p) => p.autoscroll);
  const setPreferences = usePreferences((p) => p.setPreferences);
  const autosave = props.autosave ?? storedAutosave;
  const session = useViewerSession({
    taskId: props.taskId,
    externalId: props.externalId,
    userId: props.userId,
    readOnly: props.readOnly,
    autosave,
    events: props,
  });
  const ui = useViewerUi();
  const pages = useRef<DocumentPagesHandle | null>(null);
  const root = useRef<HTMLElement | null>(null);

  const [context] = useState<ViewerContextValue>(() => ({ session, ui, pages, root, autoscroll }));
  const value = context.autoscroll === autoscroll ? context : { ...context, autoscroll };

  return (
    <ViewerContext.Provider value={value}>
      <ViewerLayout
        className={props.className}
        globalShortcuts={props.globalShortcuts ?? false}
        autosave={autosave}
        autosaveControlled={props.autosave !== undefined}
        onAutosaveChange={(on) => setPreferences({ autosave: on })}
        onOpenTask={props.onOpenTask}
        pdfAssets={props.pdfAssets}
        initialPage={props.initialPage ?? null}
        initialWords={props.initialWords ?? null}
        panelStart={props.panelStart}
      />
    </ViewerContext.Provider>
  );
}
