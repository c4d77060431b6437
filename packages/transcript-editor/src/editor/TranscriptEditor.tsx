/**
 * `<TranscriptEditor>`: the review screen of one transcript or subtitles task — the media with its
 * waveform, the timed paragraphs with speakers, autosave with the device journal, and the review
 * lifecycle. Everything it owns (review session, playback) is created per mount and disposed on
 * unmount, so several editors can share a page. Render it inside a `<ReviewdeskProvider>`.
 */
import { useApiClient, usePreferences } from '@reviewdesk/ui';
import { useOpenedTask, useReviewSessionStore } from '@reviewdesk/ui/review-session';
import { useEffect, useRef, useState } from 'react';
import { useEditorStrings } from '../i18n/useEditorStrings.js';
import { preloadDrawingCode } from '../player/drawing-code.js';
import { createPlayback, type Playback } from '../player/playback.js';
import type { WaveformHandle } from '../player/Waveform.js';
import { createSearch } from '../search/search-store.js';
import {
  type CheckoutLostReason,
  createTranscriptSession,
  type SessionEvents,
  type TranscriptEditorError,
  type TranscriptSession,
} from '../session/session.js';
import type { FinishReviewResult, SaveState } from '../session/types.js';
import { createAnnouncer } from './announcer.js';
import { createPanels, EditorContext, type EditorContextValue, type ParagraphListHandle } from './context.js';
import { EditorLayout } from './EditorLayout.js';

/** Props of {@link TranscriptEditor}. */
export interface TranscriptEditorProps {
  /** Id of the task to review (or `externalId`). When it changes, the editor opens that task. */
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
  /** Start at this media time in seconds (e.g. where a search hit's passage starts). */
  initialTime?: number | null;
  /**
   * Save edits automatically 500 ms after the last change. When set, the host controls it;
   * otherwise the user's device preference applies (on by default).
   */
  autosave?: boolean;
  /** Extra class on the editor's root element. */
  className?: string;
  /** The save state changed (saved / saving / unsaved / failed / conflict). */
  onSaveStateChange?: (state: SaveState) => void;
  /** The review was finished; `nextTaskId` names a task waiting for the reviewer, if any. */
  onFinishReview?: (result: FinishReviewResult) => void;
  /** The reviewer cancelled the review (the checkout is released). */
  onCancelReview?: (info: { taskId: string }) => void;
  /** The checkout expired or someone else took the task; the editor became read-only. */
  onCheckoutLost?: (info: { reason: CheckoutLostReason; taskId: string }) => void;
  /** The media time moved (playing, or a seek), in seconds. */
  onTimeUpdate?: (info: { time: number; taskId: string }) => void;
  /** Something failed (loading, saving, a lifecycle call). */
  onError?: (error: TranscriptEditorError) => void;
  /**
   * The reviewer asked for another task ("Open the next task"). Without it the editor opens the
   * task itself; with it the host navigates (and passes the new `taskId`).
   */
  onOpenTask?: (taskId: string) => void;
}

/**
 * Reviews one transcript or subtitles task.
 * @example
 * <ReviewdeskProvider client={client} locale="en">
 *   <TranscriptEditor taskId={taskId} userId={user.id} onFinishReview={(r) => goNext(r.nextTaskId)} />
 * </ReviewdeskProvider>
 */
export function TranscriptEditor(props: TranscriptEditorProps) {
  const stringsReady = useEditorStrings();
  const opened = useOpenedTask(props);
  // A moment, the first time the editor is shown in a language other than English.
  if (!stringsReady) return null;
  return (
    <EditorInstance
      key={opened.key}
      {...props}
      taskId={opened.taskId}
      externalId={opened.externalId}
      onOpenTask={opened.onOpenTask}
    />
  );
}

function EditorInstance(props: TranscriptEditorProps & { onOpenTask: (taskId: string) => void }) {
  const client = useApiClient();
  const storedAutosave = usePreferences((p) => p.autosave);
  const autosave = props.autosave ?? storedAutosave;
  const latest = useRef<Pick<TranscriptEditorProps, 'onTimeUpdate'>>(props);
  latest.current = props;
  const session = useReviewSessionStore(
    (getEvents: () => SessionEvents): TranscriptSession =>
      createTranscriptSession({
        client,
        taskId: props.taskId,
        externalId: props.externalId,
        userId: props.userId || 'anonymous',
        readOnly: props.readOnly,
        autosave,
        getEvents,
      }),
    props,
    autosave,
  );
  const [playback] = useState<Playback>(() => createPlayback());
  const root = useRef<HTMLElement | null>(null);
  const list = useRef<ParagraphListHandle | null>(null);
  const waveform = useRef<WaveformHandle | null>(null);
  const [context] = useState<EditorContextValue>(() => ({
    session,
    playback,
    root,
    list,
    waveform,
    panels: createPanels(),
    search: createSearch(session),
    announcer: createAnnouncer(),
  }));

  useEffect(() => () => playback.dispose(), [playback]);
  // The waveform's drawing code, fetched while the transcript loads: there when its peaks arrive.
  useEffect(() => preloadDrawingCode(window), []);
  const initialTime = props.initialTime ?? null;
  useEffect(() => {
    if (initialTime === null) return;
    // Once, as soon as the recording's length is known (a seek before that is lost).
    const seekOnce = () => {
      if (playback.store.getState().duration <= 0) return false;
      playback.seek(initialTime);
      return true;
    };
    if (seekOnce()) return;
    const off = playback.store.subscribe(() => seekOnce() && off());
    return off;
  }, [playback, initialTime]);
  useEffect(() => context.search.connect(), [context]);
  useEffect(
    () =>
      playback.onTick((time) => {
        const taskId = session.getState().taskId;
        if (taskId) latest.current.onTimeUpdate?.({ time, taskId });
      }),
    [session, playback],
  );

  return (
    <EditorContext.Provider value={context}>
      <EditorLayout className={props.className} onOpenTask={props.onOpenTask} />
    </EditorContext.Provider>
  );
}
