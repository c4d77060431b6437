/**
 * The review session of a transcript task: one per mounted editor (a zustand vanilla store, never
 * module-global). The parts every editor shares come from `@reviewdesk/ui/review-session` (the
 * checkout lease and the page lifecycle, the device journal, the save-state rules, finish and
 * cancel); this module is the transcript's adapter around them. The unit saved is the whole
 * transcript with the version it was edited from (Transcript/SaveTranscriptChanges refuses a stale
 * one as a conflict), written to the device journal with every edit, autosaved 500 ms after the
 * last change and retried with backoff. Every edit is a new transcript snapshot (see
 * transcript-edits.ts), which makes undo and redo exact.
 */
import { type ApiClient, EDITOR_CHANGE_DEBOUNCE_MS, enumCodeOf } from '@reviewdesk/api-client';
import {
  type CheckoutLostReason,
  createCheckoutLease,
  defaultPageLifecycle,
  type Journal,
  openJournal,
  ownershipLost,
  refusalErrorOf,
  requestCancel,
  requestFinish,
  requestNextTask,
  retryDelayOf,
  type SessionError,
  sameJson,
  saveStateOf,
  sessionErrorOf,
  statusPhase,
  watchPageLifecycle,
} from '@reviewdesk/ui/review-session';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  CheckoutResult,
  FinishReviewResult,
  SaveState,
  TaskSpeaker,
  Transcript,
  TranscriptData,
  ViewerInitResult,
} from './types.js';

export type { CheckoutLostReason };

/** Why the editor is read-only. */
export type ReadOnlyReason =
  | 'host'
  | 'checked-out-by-other'
  | 'assigned-to-other'
  | 'cannot-review'
  | 'not-in-review'
  | 'checkout-lost'
  | 'cancelled';

export type SessionPhase = 'loading' | 'processing' | 'failed' | 'ready' | 'error' | 'finished';

/** An error the editor reports to the host (`onError`), with what it was doing. */
export type TranscriptEditorError = SessionError<
  'load' | 'save' | 'checkout' | 'renew' | 'finish' | 'cancel' | 'next-task' | 'export' | 'media'
>;

/** One change in the edit log. */
export interface EditLogEntry {
  revision: number;
  action: string;
  at: number;
}

/** Events a session raises; read on every use so the host's latest callbacks win. */
export interface SessionEvents {
  onSaveStateChange?: (state: SaveState) => void;
  onCheckoutLost?: (info: { reason: CheckoutLostReason; taskId: string }) => void;
  onFinishReview?: (result: FinishReviewResult) => void;
  onCancelReview?: (info: { taskId: string }) => void;
  onError?: (error: TranscriptEditorError) => void;
}

/** The reviewer's transcript that the server refused because someone else saved first. */
export interface TranscriptConflict {
  mine: Transcript;
  /** What the server holds now, when its answer said. */
  theirs?: Transcript | null;
}

export interface SessionState {
  phase: SessionPhase;
  taskId: string | null;
  init: ViewerInitResult | null;
  /** Media and waveform URLs, speakers (Transcript/MediaUrlAndTranscript). */
  media: TranscriptData | null;
  loadError: TranscriptEditorError | null;
  transcript: Transcript | null;
  /** The server version the transcript is based on (sent as `version` when saving). */
  version: number | null;
  /** Speakers of the task with the change pending on each (`action`). */
  speakers: readonly TaskSpeaker[];
  /** Revision of the last edit the server has not acknowledged; 0 when everything is saved. */
  dirty: number;
  conflict: TranscriptConflict | null;
  log: readonly EditLogEntry[];
  /** Earlier and later snapshots for undo and redo. */
  past: readonly Transcript[];
  future: readonly Transcript[];
  saveState: SaveState;
  retryAt: number | null;
  mode: 'review' | 'read-only';
  readOnlyReason: ReadOnlyReason | null;
  holder: string | null;
  checkout: CheckoutResult | null;
  /** The unsaved edits came back from this device's journal. */
  restored: boolean;
  finishError: 'unsaved' | 'server' | null;
  finishing: boolean;
  finishResult: FinishReviewResult | null;
}

export interface SessionActions {
  /** Loads the task and, when it can be reviewed, checks it out. */
  start(): Promise<void>;
  /** Applies an edit and schedules autosave. Ignored in read-only mode. */
  edit(action: string, change: (transcript: Transcript) => Transcript): void;
  undo(): void;
  redo(): void;
  /** Saves now (Ctrl+S, before finish/cancel); resolves when answered. */
  flush(): Promise<void>;
  /** Keep the server's transcript, or put the reviewer's on top of it and save. */
  resolveConflict(keep: 'theirs' | 'mine'): Promise<void>;
  noteActivity(): void;
  finish(): Promise<boolean>;
  cancel(): Promise<void>;
  nextTask(): Promise<string | null>;
  setAutosave(on: boolean): void;
  dismissRestored(): void;
  reportError(error: TranscriptEditorError): void;
  dispose(): void;
}

export type TranscriptSession = StoreApi<SessionState & SessionActions>;

export interface TranscriptSessionOptions {
  client: ApiClient;
  taskId?: string | null;
  externalId?: string | null;
  /** Keys the device journal, so two people sharing a device never restore each other's edits. */
  userId: string;
  /** @default true */
  autosave?: boolean;
  /** Host forces read-only (no checkout). @default false */
  readOnly?: boolean;
  getEvents?: () => SessionEvents;
  /** IndexedDB database name of the journal (tests use their own). */
  journalName?: string;
  now?: () => number;
  /** How often a task still in the pipeline is asked again. @default 5000 */
  processingPollMs?: number;
  pageLifecycle?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
}

/** Undo keeps this many snapshots: enough for a long session, bounded for a 40,000-word transcript. */
const UNDO_LIMIT = 200;
/** The journal's one unit: the whole transcript. */
const UNIT = 'transcript';
const SAVE_REFUSED_AS_CONFLICT = enumCodeOf('TaskErrorCode', 'SaveDocumentChangesFailed');
const SPEAKER_ACTION_NONE = enumCodeOf('SpeakerAction', 'None');

const initialState = (taskId: string | null): SessionState => ({
  phase: 'loading',
  taskId,
  init: null,
  media: null,
  loadError: null,
  transcript: null,
  version: null,
  speakers: [],
  dirty: 0,
  conflict: null,
  log: [],
  past: [],
  future: [],
  saveState: 'saved',
  retryAt: null,
  mode: 'read-only',
  readOnlyReason: null,
  holder: null,
  checkout: null,
  restored: false,
  finishError: null,
  finishing: false,
  finishResult: null,
});

/** Whether two transcripts hold the same content (the server adds `version` to what it stores). */
export function sameTranscript(a: Transcript, b: Transcript): boolean {
  const strip = ({ version: _v, ...rest }: Transcript & { version?: unknown }) => rest;
  return sameJson(strip(a), strip(b));
}

/** Creates a review session for one transcript task. Call `start()` to load it and `dispose()` on unmount. */
export function createTranscriptSession(options: TranscriptSessionOptions): TranscriptSession {
  const { client, userId } = options;
  const now = options.now ?? Date.now;
  const events = () => options.getEvents?.() ?? {};
  let autosave = options.autosave ?? true;
  let disposed = false;
  let journal: Journal<Transcript> | null = null;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> | null = null;
  let isSaving = false;
  let saveAgain = false;
  let retryAttempt = 0;
  let lastSaveFailed = false;
  let revision = 0;
  let releasedOnHide = false;
  let unwatchPage: () => void = () => undefined;
  /** The transcript of the save in flight, journaled with later edits (see JournalUnit.sent). */
  let inFlight: Transcript | null = null;
  const lifecycle = options.pageLifecycle === undefined ? defaultPageLifecycle() : options.pageLifecycle;

  return createStore<SessionState & SessionActions>()((set, get) => {
    const identify = () => {
      const { init } = get();
      return { taskId: init?.taskId ?? options.taskId ?? null, workspaceId: init?.workspaceConfig.id ?? null };
    };
    const report = (error: TranscriptEditorError) => events().onError?.(error);

    const settleSaveState = () => {
      const { conflict, dirty, saveState } = get();
      const next = saveStateOf({
        saving: isSaving,
        conflicts: conflict ? 1 : 0,
        unsaved: dirty ? 1 : 0,
        lastSaveFailed,
      });
      if (next !== saveState) {
        set({ saveState: next });
        events().onSaveStateChange?.(next);
      }
    };

    const writeJournal = async () => {
      const { transcript, version, dirty, conflict } = get();
      const unit = conflict?.mine ?? transcript;
      if (!journal || !unit || (!dirty && !conflict)) return;
      try {
        await journal.write({
          [UNIT]: { baseVersion: version, result: unit, ...(inFlight ? { sent: inFlight } : {}) },
        });
      } catch {
        // No IndexedDB (private mode, blocked storage): autosave still works, only crash safety is lost.
      }
    };

    const schedule = (delay = EDITOR_CHANGE_DEBOUNCE_MS) => {
      clearTimeout(saveTimer);
      saveTimer = setTimeout(() => {
        if (autosave) void runSave();
        else void writeJournal();
      }, delay);
    };

    const lease = createCheckoutLease({
      client,
      taskId: () => identify().taskId,
      workspaceId: () => identify().workspaceId,
      externalId: options.externalId,
      now,
      onChange: (checkout) => set({ checkout }),
      onLost: (reason) => {
        if (get().readOnlyReason === 'checkout-lost') return;
        set({ mode: 'read-only', readOnlyReason: 'checkout-lost', checkout: null });
        events().onCheckoutLost?.({ reason, taskId: identify().taskId ?? '' });
      },
      onError: report,
    });

    const changedSpeakers = () => get().speakers.filter((s) => s.action !== SPEAKER_ACTION_NONE);

    const runSave = async (how: { keepalive?: boolean } = {}): Promise<void> => {
      clearTimeout(saveTimer);
      if (saving) {
        saveAgain = true;
        return saving;
      }
      const { taskId, workspaceId } = identify();
      const state = get();
      if (!taskId || !workspaceId || state.mode !== 'review' || !state.dirty || state.conflict || !state.transcript)
        return;
      const sentRevision = state.dirty;
      const base = state.version;
      const transcript = state.transcript;
      isSaving = true;
      inFlight = transcript;
      saving = (async () => {
        settleSaveState();
        // Journal first: if the tab dies while the request is out, the edit is still on the device.
        if (!how.keepalive) await writeJournal();
        let failed = false;
        try {
          const { data } = await client.call('Transcript_SaveTranscriptChanges', {
            body: { taskId, workspaceId, transcript, version: base, speakers: changedSpeakers() },
            ...(how.keepalive ? { keepalive: true } : {}),
          });
          const errors = data.errors ?? [];
          if (data.succeeded && data.result?.savedResult) {
            // The contract's rule: the stored version is exactly the one sent plus one.
            const saved = data.result.transcript as (Transcript & { version?: number }) | null | undefined;
            const version = typeof saved?.version === 'number' ? saved.version : (base ?? 0) + 1;
            const stillDirty = get().dirty !== sentRevision;
            set({
              version,
              dirty: stillDirty ? get().dirty : 0,
              // Speaker changes are applied once stored; ids the server assigned come back with it.
              speakers: get().speakers.map((s) => ({ ...s, action: SPEAKER_ACTION_NONE })),
            });
            if (stillDirty) await writeJournal();
            else await journal?.acknowledge([UNIT]).catch(() => undefined);
          } else if (ownershipLost(errors)) {
            failed = true;
            lease.lose('taken');
            report(refusalErrorOf('save', errors));
          } else if (errors.some((e) => e.code === SAVE_REFUSED_AS_CONFLICT)) {
            set({ conflict: { mine: get().transcript as Transcript, theirs: data.result?.transcript ?? null } });
            report(refusalErrorOf('save', errors));
          } else {
            failed = true;
            report(refusalErrorOf('save', errors));
          }
        } catch (error) {
          failed = true;
          report(sessionErrorOf('save', error));
        }
        lastSaveFailed = failed && get().mode === 'review';
        if (lastSaveFailed && !disposed) {
          const delay = retryDelayOf(retryAttempt);
          retryAttempt += 1;
          set({ retryAt: now() + delay });
          clearTimeout(retryTimer);
          retryTimer = setTimeout(() => void runSave(), delay);
        } else {
          retryAttempt = 0;
          set({ retryAt: null });
        }
      })();
      try {
        await saving;
      } finally {
        inFlight = null;
        saving = null;
        isSaving = false;
        settleSaveState();
      }
      if (saveAgain && !disposed) {
        saveAgain = false;
        if (autosave && get().dirty) schedule(0);
      }
    };

    const restoreJournal = async () => {
      if (!journal) return;
      let entry: Awaited<ReturnType<Journal<Transcript>['read']>>;
      try {
        entry = await journal.read();
      } catch {
        return;
      }
      const saved = entry?.pages[UNIT];
      const onServer = get().transcript;
      if (!saved || !onServer) return;
      const serverVersion = get().version;
      revision += 1;
      if (serverVersion === saved.baseVersion) {
        set({ transcript: saved.result, dirty: revision, restored: true });
      } else if (sameTranscript(onServer, saved.result)) {
        // The save sent as the page went away arrived; only its acknowledgement did not.
        await journal.acknowledge([UNIT]).catch(() => undefined);
        return;
      } else if (saved.sent && serverVersion === (saved.baseVersion ?? 0) + 1 && sameTranscript(onServer, saved.sent)) {
        // Our own save that was out when the page went away landed; the later edits go on top of it.
        set({ transcript: saved.result, dirty: revision, restored: true });
      } else {
        // Someone saved after our edit was journaled: show it, never overwrite it.
        set({ conflict: { mine: saved.result, theirs: onServer }, restored: true });
      }
      settleSaveState();
      if (get().dirty && autosave && get().mode === 'review') schedule();
    };

    const checkout = async () => {
      const outcome = await lease.take();
      if ('checkout' in outcome) {
        set({ mode: 'review', readOnlyReason: null });
        return;
      }
      set({
        mode: 'read-only',
        readOnlyReason: outcome.refused,
        holder: outcome.refused === 'cannot-review' ? null : (get().init?.checkout?.checkedOutByUserName ?? null),
      });
    };

    /** Gives the task back when the reviewer leaves it with nothing unsaved, so looking never locks it. */
    const releaseCheckout = async (): Promise<boolean> => {
      const { init, mode, dirty, conflict } = get();
      if (!init || mode !== 'review' || dirty || conflict) return false;
      return lease.release();
    };

    const onPageHide = () => {
      if (disposed || get().mode !== 'review' || !lease.held()) return;
      if (get().dirty) {
        if (autosave && !isSaving) void runSave({ keepalive: true });
        return;
      }
      releasedOnHide = true;
      void releaseCheckout();
    };

    const onPageRestore = () => {
      if (disposed || !releasedOnHide) return;
      releasedOnHide = false;
      if (get().mode === 'review') void checkout();
    };

    const fail = (error: unknown) => {
      const loadError = sessionErrorOf('load', error);
      set({ phase: 'error', loadError });
      report(loadError);
    };

    const start = async () => {
      let init: ViewerInitResult;
      try {
        ({ data: init } = await client.call('Viewer_ViewerInit', {
          params: { query: { taskId: options.taskId ?? null, externalId: options.externalId ?? null } },
        }));
      } catch (error) {
        fail(error);
        return;
      }
      if (disposed) return;
      const phase = statusPhase(init.status);
      set({ init, taskId: init.taskId });
      if (phase === 'processing') {
        set({ phase: 'processing' });
        pollTimer = setTimeout(() => void start(), options.processingPollMs ?? 5_000);
        return;
      }
      if (phase === 'failed') {
        set({ phase: 'failed' });
        return;
      }
      let media: TranscriptData;
      try {
        ({ data: media } = await client.call('Transcript_MediaUrlAndTranscript', {
          params: { query: { TaskId: init.taskId, WorkspaceId: init.workspaceConfig.id } },
        }));
      } catch (error) {
        fail(error);
        return;
      }
      if (disposed) return;
      set({
        media,
        transcript: media.transcriptFullResult,
        version: media.version ?? null,
        speakers: media.speakers,
      });
      journal = openJournal<Transcript>(init.taskId, userId, options.journalName);
      unwatchPage = watchPageLifecycle(lifecycle, { onHide: onPageHide, onRestore: onPageRestore });
      if (options.readOnly) set({ mode: 'read-only', readOnlyReason: 'host' });
      else if (phase !== 'review') set({ mode: 'read-only', readOnlyReason: 'not-in-review' });
      else if (init.isCheckedOut && !init.isCheckedOutByCurrentUser)
        set({
          mode: 'read-only',
          readOnlyReason: 'checked-out-by-other',
          holder: init.checkout?.checkedOutByUserName ?? null,
        });
      else if (!init.canReview)
        set({
          mode: 'read-only',
          readOnlyReason: init.isAssignedToCurrentUser === false ? 'assigned-to-other' : 'cannot-review',
        });
      else await checkout();
      if (disposed) return;
      set({ phase: 'ready' });
      await restoreJournal();
    };

    const apply = (
      action: string,
      next: Transcript,
      history: { past: readonly Transcript[]; future: readonly Transcript[] },
    ) => {
      revision += 1;
      set({
        transcript: next,
        dirty: revision,
        log: [...get().log, { revision, action, at: now() }],
        finishError: null,
        ...history,
      });
      settleSaveState();
      // On the device at once: a reload or a closed tab before the autosave delay loses nothing.
      void writeJournal();
      get().noteActivity();
      schedule();
    };
    const editable = () => {
      const state = get();
      return state.mode === 'review' && state.phase === 'ready' && !state.conflict && state.transcript
        ? state.transcript
        : null;
    };

    return {
      ...initialState(options.taskId ?? null),
      start,
      edit(action, change) {
        const current = editable();
        if (!current) return;
        const next = change(current);
        if (next === current) return;
        apply(action, next, { past: [...get().past, current].slice(-UNDO_LIMIT), future: [] });
      },
      undo() {
        const current = editable();
        const previous = get().past.at(-1);
        if (!current || !previous) return;
        apply('undo', previous, { past: get().past.slice(0, -1), future: [current, ...get().future] });
      },
      redo() {
        const current = editable();
        const [next, ...rest] = get().future;
        if (!current || !next) return;
        apply('redo', next, { past: [...get().past, current], future: rest });
      },
      flush: () => runSave(),
      async resolveConflict(keep) {
        const { init, conflict } = get();
        if (!init || !conflict) return;
        let fresh: TranscriptData;
        try {
          ({ data: fresh } = await client.call('Transcript_MediaUrlAndTranscript', {
            params: { query: { TaskId: init.taskId, WorkspaceId: init.workspaceConfig.id } },
          }));
        } catch (error) {
          report(sessionErrorOf('load', error));
          return;
        }
        const version = fresh.version ?? null;
        if (keep === 'theirs') {
          set({ conflict: null, dirty: 0, transcript: fresh.transcriptFullResult, version, past: [], future: [] });
          await journal?.acknowledge([UNIT]).catch(() => undefined);
        } else {
          // The reviewer chose to overwrite, knowingly: re-base their transcript on the version they saw.
          revision += 1;
          set({ conflict: null, dirty: revision, transcript: conflict.mine, version });
          schedule(0);
        }
        settleSaveState();
      },
      noteActivity() {
        if (get().mode === 'review') lease.noteActivity();
      },
      async finish() {
        const { init } = get();
        if (!init || get().mode !== 'review') return false;
        set({ finishing: true, finishError: null });
        try {
          await runSave();
          if (get().dirty || get().conflict) {
            set({ finishError: 'unsaved' });
            return false;
          }
          const outcome = await requestFinish(
            { client, taskId: init.taskId, externalId: options.externalId },
            { taskId: init.taskId, status: init.status, reviewCompleted: true },
          );
          if (outcome.kind === 'finished') {
            lease.end();
            set({ phase: 'finished', finishResult: outcome.result, mode: 'read-only', checkout: null });
            events().onFinishReview?.(outcome.result);
            return true;
          }
          if (outcome.kind === 'ownership-lost') lease.lose('taken');
          set({ finishError: 'server' });
          report({
            operation: 'finish',
            message: 'message' in outcome ? outcome.message : '',
            code: 'code' in outcome ? outcome.code : undefined,
          });
          return false;
        } catch (error) {
          set({ finishError: 'server' });
          report(sessionErrorOf('finish', error));
          return false;
        } finally {
          set({ finishing: false });
        }
      },
      async cancel() {
        const { init } = get();
        if (!init || get().mode !== 'review') return;
        await runSave();
        try {
          const refusal = await requestCancel({ client, taskId: init.taskId, externalId: options.externalId });
          if (refusal) {
            report({ operation: 'cancel', ...refusal });
            return;
          }
          lease.end();
          set({ mode: 'read-only', readOnlyReason: 'cancelled', checkout: null });
          events().onCancelReview?.({ taskId: init.taskId });
        } catch (error) {
          report(sessionErrorOf('cancel', error));
        }
      },
      async nextTask() {
        const { init, finishResult } = get();
        if (finishResult?.nextTaskId) return finishResult.nextTaskId;
        if (!init) return null;
        try {
          return await requestNextTask(client, init.workspaceConfig.id, init.batchId);
        } catch (error) {
          report(sessionErrorOf('next-task', error));
          return null;
        }
      },
      setAutosave(on) {
        autosave = on;
        if (on && get().dirty) schedule();
      },
      dismissRestored: () => set({ restored: false }),
      reportError: report,
      dispose() {
        disposed = true;
        for (const timer of [saveTimer, retryTimer, pollTimer]) clearTimeout(timer);
        unwatchPage();
        const closing = journal;
        void (async () => {
          // Leaving the editor: send what is pending, then give the task back.
          if (get().mode === 'review' && lease.held()) {
            if (saving) await saving;
            if (autosave) await runSave({ keepalive: true });
            await releaseCheckout();
          }
          // Unsent edits stay in the journal; they are restored on the next open.
          await writeJournal();
        })().finally(() => {
          lease.end();
          closing?.close();
        });
      },
    };
  });
}
