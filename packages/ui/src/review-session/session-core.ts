/**
 * The part of a review session that does not depend on what is reviewed: loading the task
 * (Viewer/ViewerInit, asking again while it is still in the pipeline), deciding whether it can be
 * edited and taking the checkout, the autosave loop (500 ms after the last change, one save in
 * flight, failed saves retried with backoff), the save badge, giving the task back when the page
 * goes away unchanged, finish, cancel, next task and the teardown.
 *
 * An editor keeps its store (a zustand vanilla store, one per mount) and its units (a document's
 * pages, a transcript); it hands this core its store's `set`/`get` and the few things only it
 * knows: how many units are unsaved or in conflict, how to send them, how to journal and restore
 * them. The core's state is a slice of the editor's state ({@link ReviewSessionBaseState}).
 */
import { type ApiClient, EDITOR_CHANGE_DEBOUNCE_MS, type Schema } from '@reviewdesk/api-client';
import { retryDelayOf, type SaveState, saveStateOf } from './autosave.js';
import {
  type CheckoutLease,
  type CheckoutLostReason,
  type CheckoutResult,
  createCheckoutLease,
  defaultPageLifecycle,
  watchPageLifecycle,
} from './checkout-lease.js';
import {
  type FinishInvalidFieldReason,
  type FinishReviewResult,
  requestCancel,
  requestFinish,
  requestNextTask,
} from './finish.js';
import { type Journal, openJournal } from './journal.js';
import { type SessionError, sessionErrorOf } from './session-error.js';
import { statusPhase } from './status-phase.js';

export type ViewerInitResult = Schema<'ViewerInitResult'>;

/** Why an editor is read-only. */
export type ReadOnlyReason =
  | 'host'
  | 'checked-out-by-other'
  | 'assigned-to-other'
  | 'cannot-review'
  | 'not-in-review'
  | 'checkout-lost'
  | 'cancelled';

/** Where a review session is: loading, a task still in the pipeline or failed there, open, not openable, finished. */
export type SessionPhase = 'loading' | 'processing' | 'failed' | 'ready' | 'error' | 'finished';

/** The operations the core reports failures of. */
export type CoreOperation = 'load' | 'save' | 'checkout' | 'renew' | 'finish' | 'cancel' | 'next-task';

/** Events a session raises; read on every use so the host's latest callbacks win. */
export interface ReviewSessionEvents<E extends SessionError = SessionError> {
  onSaveStateChange?: (state: SaveState) => void;
  onCheckoutLost?: (info: { reason: CheckoutLostReason; taskId: string }) => void;
  onFinishReview?: (result: FinishReviewResult) => void;
  onCancelReview?: (info: { taskId: string }) => void;
  onError?: (error: E) => void;
}

/** The state every review session has, whatever it reviews. */
export interface ReviewSessionBaseState<E extends SessionError = SessionError> {
  phase: SessionPhase;
  taskId: string | null;
  init: ViewerInitResult | null;
  loadError: E | null;
  saveState: SaveState;
  /** When the next retry of a failed save is due (ms since epoch), for the indicator. */
  retryAt: number | null;
  mode: 'review' | 'read-only';
  readOnlyReason: ReadOnlyReason | null;
  /** Who holds the task when someone else does. */
  holder: string | null;
  checkout: CheckoutResult | null;
  /** Why the last finish was refused: edits not saved, fields that stop it, the server. */
  finishError: 'unsaved' | 'invalid' | 'server' | null;
  finishing: boolean;
  finishResult: FinishReviewResult | null;
}

export const initialBaseState = (taskId: string | null): ReviewSessionBaseState<never> => ({
  phase: 'loading',
  taskId,
  init: null,
  loadError: null,
  saveState: 'saved',
  retryAt: null,
  mode: 'read-only',
  readOnlyReason: null,
  holder: null,
  checkout: null,
  finishError: null,
  finishing: false,
  finishResult: null,
});

/** Where a save goes, and whether the page is going away (the request must outlive it). */
export interface SaveTarget {
  taskId: string;
  workspaceId: string;
  keepalive: boolean;
}

/** What an editor's units are and how they travel; the core calls these, never the other way round. */
export interface ReviewUnits<Unit> {
  /** How many units have edits the server has not acknowledged, and how many are in conflict. */
  counts(): { unsaved: number; conflicts: number };
  /**
   * Prepares a save of what is unsent (synchronously, so what it carries is fixed now) and returns
   * the request, which resolves whether the save failed (a conflict is not a failure: it is shown,
   * not retried). Null when there is nothing to send. `keepalive`: the page is going away.
   */
  prepareSave(target: SaveTarget): (() => Promise<boolean>) | null;
  /**
   * Writes every unsaved unit to the device journal now (also when the page is hidden and on
   * dispose, so an editor that journals its edits a moment late loses none).
   */
  writeJournal(): Promise<void>;
  /** Loads the task's content before it is checked out; a throw fails the load. */
  load?(init: ViewerInitResult): Promise<void>;
  /** After the checkout, before the editor shows the task. */
  beforeReady?(): Promise<void>;
  /** Puts the journal's unsaved edits back (or in conflict) once the task is shown. */
  restore(journal: Journal<Unit>): Promise<void>;
  /** The task is shown and restored (background loading may start). */
  started?(init: ViewerInitResult): void;
  /** Checks the units before asking the server to finish; false stops the finish (the editor says why). */
  checkFinish?(): boolean;
  /** The server refused the finish because of fields (category key → reason). */
  invalidFields?(fields: Record<string, FinishInvalidFieldReason>): void;
  dispose?(): void;
}

/** How an editor's host opens a review session; every editor's session options extend these. */
export interface ReviewSessionOptions<E extends SessionError = SessionError> {
  client: ApiClient;
  taskId?: string | null;
  externalId?: string | null;
  /** Keys the device journal, so two people sharing a device never restore each other's edits. */
  userId: string;
  /** @default true */
  autosave?: boolean;
  /** Host forces read-only (no checkout). @default false */
  readOnly?: boolean;
  getEvents?: () => ReviewSessionEvents<E>;
  /** IndexedDB database name of the journal (tests use their own). */
  journalName?: string;
  /** The clock, replaceable in tests. */
  now?: () => number;
  /** How often a task still in the pipeline is asked again. @default 5000 */
  processingPollMs?: number;
  /**
   * Where `pagehide`/`pageshow` are listened for (closing or leaving the tab flushes pending edits
   * and releases an unchanged checkout). @default globalThis (the window), when it has events
   */
  pageLifecycle?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
}

export interface ReviewSessionCoreOptions<Unit, E extends SessionError> extends ReviewSessionOptions<E> {
  units: ReviewUnits<Unit>;
  set: (partial: Partial<ReviewSessionBaseState<E>>) => void;
  get: () => ReviewSessionBaseState<E>;
}

/** The actions the core gives the editor's store as they are. */
export interface ReviewSessionCoreActions<E extends SessionError> {
  start(): Promise<void>;
  /** Saves now (Ctrl+S, before finish/cancel); resolves when answered. */
  flush(): Promise<void>;
  /** The reviewer did something: renews the checkout when due. */
  noteActivity(): void;
  finish(): Promise<boolean>;
  cancel(): Promise<void>;
  /** Id of the next task to review (the finish answer's, else SdTask/GetNextTask), null when none. */
  nextTask(): Promise<string | null>;
  setAutosave(on: boolean): void;
  /** Reports an error of an editor action outside the session (an export) through `onError`. */
  reportError(error: E): void;
  dispose(): void;
}

/** What the editor's own code uses of the core. */
export interface ReviewSessionCore<Unit, E extends SessionError> {
  actions: ReviewSessionCoreActions<E>;
  lease: CheckoutLease;
  /** The journal of this task on this device, open once the task is loaded. */
  journal(): Journal<Unit> | null;
  /** A new edit revision (the order of edits, to tell an edit made while a save was out). */
  nextRevision(): number;
  /** Autosave after the usual pause (or `delay`); without autosave, the journal only. */
  schedule(delay?: number): void;
  /** Recomputes the save badge from the facts and tells the host when it changed. */
  settleSaveState(): void;
  /** An edit was applied: badge, checkout renewal, autosave. */
  edited(): void;
  report(error: E): void;
  /** Whether the session was disposed (answers arriving after it are dropped). */
  disposed(): boolean;
}

/** Creates the core of a review session inside an editor's store initialiser. */
export function createReviewSessionCore<Unit, E extends SessionError<string>>(
  options: ReviewSessionCoreOptions<Unit, E>,
): ReviewSessionCore<Unit, E> {
  const { client, userId, units, set, get } = options;
  const now = options.now ?? Date.now;
  const events = () => options.getEvents?.() ?? {};
  const report = (error: E) => events().onError?.(error);
  // The core's own failures carry its operations, which every editor's error type includes.
  const reportCore = (error: SessionError<CoreOperation>) => report(error as E);
  let autosave = options.autosave ?? true;
  let disposed = false;
  let journal: Journal<Unit> | null = null;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> | null = null;
  let isSaving = false;
  let saveAgain = false;
  let retryAttempt = 0;
  let lastSaveFailed = false;
  let revision = 0;
  /** The checkout was given back when the page was hidden (it may come back from the back/forward cache). */
  let releasedOnHide = false;
  let unwatchPage: () => void = () => undefined;
  const lifecycle = options.pageLifecycle === undefined ? defaultPageLifecycle() : options.pageLifecycle;

  const identify = () => {
    const { init } = get();
    return { taskId: init?.taskId ?? options.taskId ?? null, workspaceId: init?.workspaceConfig.id ?? null };
  };
  const pending = () => {
    const { unsaved, conflicts } = units.counts();
    return unsaved > 0 || conflicts > 0;
  };

  /** Save state from the facts: a save in flight, then conflicts, then unsaved edits (failed if the last try failed). */
  const settleSaveState = () => {
    const next = saveStateOf({ saving: isSaving, ...units.counts(), lastSaveFailed });
    if (next !== get().saveState) {
      set({ saveState: next });
      events().onSaveStateChange?.(next);
    }
  };

  const schedule = (delay = EDITOR_CHANGE_DEBOUNCE_MS) => {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      if (autosave) void runSave();
      else void units.writeJournal();
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
    onError: reportCore,
  });

  /**
   * Sends what is unsaved. `keepalive` (the page is going away): the request outlives the page, so
   * the editor sends only what fits and does not wait for the journal, which every edit already reached.
   */
  const runSave = async (how: { keepalive?: boolean } = {}): Promise<void> => {
    clearTimeout(saveTimer);
    if (saving) {
      saveAgain = true;
      return saving;
    }
    const { taskId, workspaceId } = identify();
    if (!taskId || !workspaceId || get().mode !== 'review') return;
    const send = units.prepareSave({ taskId, workspaceId, keepalive: how.keepalive ?? false });
    if (!send) return;
    isSaving = true;
    saving = (async () => {
      settleSaveState();
      let failed: boolean;
      try {
        failed = await send();
      } catch (error) {
        failed = true;
        reportCore(sessionErrorOf('save', error));
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
      saving = null;
      isSaving = false;
      settleSaveState();
    }
    if (saveAgain && !disposed) {
      saveAgain = false;
      if (autosave && units.counts().unsaved) schedule(0);
    }
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

  /**
   * Gives the task back when the reviewer leaves it with nothing unsaved, so looking at a task never
   * locks it for the checkout's length. Edits not yet acknowledged keep the checkout: they come back
   * from the journal on the next open.
   */
  const releaseCheckout = async (): Promise<boolean> => {
    const { init, mode } = get();
    if (!init || mode !== 'review' || pending()) return false;
    return lease.release();
  };

  /** The tab is closed or navigated away (or frozen in the back/forward cache). */
  const onPageHide = () => {
    // Editors may journal an edit a moment after it (once its frame is painted): a page going away
    // writes it now, so a reload or a closed tab right after an edit still restores it.
    if (!disposed && pending()) void units.writeJournal();
    if (disposed || get().mode !== 'review' || !lease.held()) return;
    if (units.counts().unsaved) {
      // A save in flight covers what it carries; the journal holds the rest.
      if (autosave && !isSaving) void runSave({ keepalive: true });
      return;
    }
    releasedOnHide = true;
    void releaseCheckout();
  };

  /** Back from the back/forward cache after the checkout was given back: take it again. */
  const onPageRestore = () => {
    if (disposed || !releasedOnHide) return;
    releasedOnHide = false;
    if (get().mode === 'review') void checkout();
  };

  const fail = (error: unknown) => {
    const loadError = sessionErrorOf('load', error) as E;
    set({ phase: 'error', loadError });
    report(loadError);
  };

  const start = async (): Promise<void> => {
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
    if (units.load) {
      try {
        await units.load(init);
      } catch (error) {
        fail(error);
        return;
      }
      if (disposed) return;
    }
    journal = openJournal<Unit>(init.taskId, userId, options.journalName);
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
    await units.beforeReady?.();
    set({ phase: 'ready' });
    await units.restore(journal);
    settleSaveState();
    if (units.counts().unsaved && autosave && get().mode === 'review') schedule();
    units.started?.(init);
  };

  const actions: ReviewSessionCoreActions<E> = {
    start,
    flush: () => runSave(),
    noteActivity() {
      if (get().mode === 'review') lease.noteActivity();
    },
    async finish() {
      const { init } = get();
      if (!init || get().mode !== 'review') return false;
      set({ finishing: true, finishError: null });
      try {
        await runSave();
        if (pending()) {
          set({ finishError: 'unsaved' });
          return false;
        }
        if (units.checkFinish && !units.checkFinish()) return false;
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
        if (outcome.kind === 'invalid-fields' && units.invalidFields) {
          units.invalidFields(outcome.fields);
          return false;
        }
        if (outcome.kind === 'ownership-lost') lease.lose('taken');
        set({ finishError: 'server' });
        reportCore({
          operation: 'finish',
          message: 'message' in outcome ? outcome.message : '',
          code: 'code' in outcome ? outcome.code : undefined,
        });
        return false;
      } catch (error) {
        set({ finishError: 'server' });
        reportCore(sessionErrorOf('finish', error));
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
          reportCore({ operation: 'cancel', ...refusal });
          return;
        }
        lease.end();
        set({ mode: 'read-only', readOnlyReason: 'cancelled', checkout: null });
        events().onCancelReview?.({ taskId: init.taskId });
      } catch (error) {
        reportCore(sessionErrorOf('cancel', error));
      }
    },
    async nextTask() {
      const { init, finishResult } = get();
      if (finishResult?.nextTaskId) return finishResult.nextTaskId;
      if (!init) return null;
      try {
        return await requestNextTask(client, init.workspaceConfig.id, init.batchId);
      } catch (error) {
        reportCore(sessionErrorOf('next-task', error));
        return null;
      }
    },
    setAutosave(on) {
      autosave = on;
      if (on && units.counts().unsaved) schedule();
    },
    reportError: report,
    dispose() {
      disposed = true;
      for (const timer of [saveTimer, retryTimer, pollTimer]) clearTimeout(timer);
      unwatchPage();
      const closing = journal;
      void (async () => {
        // Leaving the editor (route change, another task): send what is pending, then give the task back.
        if (get().mode === 'review' && lease.held()) {
          if (saving) await saving;
          if (autosave) await runSave({ keepalive: true });
          await releaseCheckout();
        }
        // Unsent edits stay in the journal; they are restored on the next open.
        await units.writeJournal();
      })().finally(() => {
        lease.end();
        closing?.close();
      });
      units.dispose?.();
    },
  };

  return {
    actions,
    lease,
    journal: () => journal,
    nextRevision: () => {
      revision += 1;
      return revision;
    },
    schedule,
    settleSaveState,
    edited() {
      settleSaveState();
      actions.noteActivity();
      schedule();
    },
    report,
    disposed: () => disposed,
  };
}
