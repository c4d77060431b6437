/**
 * The review session of a document task: one per mounted viewer (a zustand vanilla store, never
 * module-global). The parts every editor shares come from `@reviewdesk/ui/review-session` (the
 * checkout lease and the page lifecycle, the device journal, the save-state and keepalive rules);
 * this module is the document's adapter around them: the task's loaded pages with the server
 * version each edit is based on (the units saved), the edit log, autosave in batches of pages
 * (500 ms after the last change, unsaved pages retried with backoff), conflicts per page, and
 * finish/cancel with the document's field rules. The UI reads it through selectors, so a
 * keystroke re-renders only what depends on that page.
 */
import { type ApiClient, EDITOR_CHANGE_DEBOUNCE_MS } from '@reviewdesk/api-client';
import {
  type CheckoutLostReason,
  createCheckoutLease,
  defaultPageLifecycle,
  type FinishInvalidFieldReason,
  fitKeepalive,
  type Journal,
  type JournalUnit,
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
  watchPageLifecycle,
} from '@reviewdesk/ui/review-session';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { ErrorCode, statusPhase } from './codes.js';
import { type FieldProblem, finishProblemsOf } from './fields.js';
import type {
  ApiErrorItem,
  CheckoutResult,
  DocumentResult,
  FinishReviewResult,
  OcrPageResult,
  SaveConflict,
  SaveState,
  ViewerInitResult,
} from './types.js';

/** Why the viewer is read-only. */
export type ReadOnlyReason =
  | 'host'
  | 'checked-out-by-other'
  | 'assigned-to-other'
  | 'cannot-review'
  | 'not-in-review'
  | 'checkout-lost'
  | 'cancelled';

export type SessionPhase = 'loading' | 'processing' | 'failed' | 'ready' | 'error' | 'finished';

/** One change in the edit log. */
export interface EditLogEntry {
  revision: number;
  pageNumber: number;
  action: string;
  at: number;
}

/** A page the server refused because someone else saved it first: the reviewer's version is kept here. */
export interface PageConflict {
  mine: DocumentResult;
  /** The version on the server now, and who saved it (null: the processing), when the server said. */
  serverVersion?: number;
  changedBy?: string | null;
}

/** A page's file as the engine draws it (an object URL of Document/PageDocument's answer). */
export interface LoadedPageFile {
  url: string;
  kind: 'pdf' | 'image';
}

export type { CheckoutLostReason };

/** Events a session raises; read on every use so the host's latest callbacks win. */
export interface SessionEvents {
  onSaveStateChange?: (state: SaveState) => void;
  onCheckoutLost?: (info: { reason: CheckoutLostReason; taskId: string }) => void;
  onFinishReview?: (result: FinishReviewResult) => void;
  onCancelReview?: (info: { taskId: string }) => void;
  onError?: (error: ViewerError) => void;
}

/** An error the viewer reports to the host (`onError`), with what the viewer was doing. */
export type ViewerError = SessionError<
  'load' | 'page' | 'save' | 'checkout' | 'renew' | 'finish' | 'cancel' | 'next-task' | 'export'
>;

export interface SessionState {
  phase: SessionPhase;
  taskId: string | null;
  init: ViewerInitResult | null;
  loadError: ViewerError | null;
  /** Current content of each loaded page, local edits included. */
  pages: Readonly<Record<number, DocumentResult>>;
  /** The server version each page's content is based on (sent as `version` when saving). */
  versions: Readonly<Record<number, number | null>>;
  ocr: Readonly<Record<number, OcrPageResult | null>>;
  files: Readonly<Record<number, LoadedPageFile>>;
  /** Pages with edits the server has not acknowledged, with the revision of their last edit. */
  dirty: Readonly<Record<number, number>>;
  conflicts: Readonly<Record<number, PageConflict>>;
  log: readonly EditLogEntry[];
  saveState: SaveState;
  /** When the next retry of a failed save is due (ms since epoch), for the indicator. */
  retryAt: number | null;
  mode: 'review' | 'read-only';
  readOnlyReason: ReadOnlyReason | null;
  /** Who holds the task when someone else does. */
  holder: string | null;
  checkout: CheckoutResult | null;
  /** Pages whose unsaved edits were restored from this device's journal. */
  restoredPages: readonly number[];
  /** Field problems from the last refused finish (category key → problem). */
  serverProblems: Readonly<Record<string, FieldProblem>>;
  finishError: 'unsaved' | 'invalid' | 'server' | null;
  finishing: boolean;
  finishResult: FinishReviewResult | null;
}

export interface SessionActions {
  /** Loads the task and, when it can be reviewed, checks it out. */
  start(): Promise<void>;
  /** Loads pages' data (and their files) not loaded yet, e.g. the ones the engine mounted. */
  ensurePages(pageNumbers: readonly number[]): Promise<void>;
  /** Applies an edit to a page and schedules autosave. Ignored in read-only mode. */
  edit(pageNumber: number, action: string, change: (page: DocumentResult) => DocumentResult): void;
  /** Saves now (Ctrl+S, before finish/cancel); resolves when the batch is answered. */
  flush(): Promise<void>;
  /** Keep someone else's version of a conflicting page, or re-base the reviewer's on it and save. */
  resolveConflict(pageNumber: number, keep: 'theirs' | 'mine'): Promise<void>;
  /** The reviewer did something: renews the checkout when due. */
  noteActivity(): void;
  finish(): Promise<boolean>;
  cancel(): Promise<void>;
  /** Id of the next task to review (the finish answer's, else SdTask/GetNextTask), null when none. */
  nextTask(): Promise<string | null>;
  setAutosave(on: boolean): void;
  dismissRestored(): void;
  /** Reports an error of a viewer action outside the session (an export) through `onError`. */
  reportError(error: ViewerError): void;
  dispose(): void;
}

export type ReviewSession = StoreApi<SessionState & SessionActions>;

export interface ReviewSessionOptions {
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
  /** Clock and timers, replaceable in tests. */
  now?: () => number;
  /** How often a task still in the pipeline is asked again. @default 5000 */
  processingPollMs?: number;
  /** Pages loaded ahead in the background after the first (small documents load whole). @default 50 */
  prefetchPages?: number;
  /** Object URLs for page files; replaceable where URL.createObjectURL is missing (jsdom). */
  createObjectUrl?: (blob: Blob) => string;
  revokeObjectUrl?: (url: string) => void;
  /**
   * Where `pagehide`/`pageshow` are listened for (closing or leaving the tab flushes pending edits
   * and releases an unchanged checkout). @default globalThis (the window), when it has events
   */
  pageLifecycle?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
}

export { KEEPALIVE_BODY_LIMIT } from '@reviewdesk/ui/review-session';

const PAGE_LOAD_CONCURRENCY = 2;

const initialState = (taskId: string | null): SessionState => ({
  phase: 'loading',
  taskId,
  init: null,
  loadError: null,
  pages: {},
  versions: {},
  ocr: {},
  files: {},
  dirty: {},
  conflicts: {},
  log: [],
  saveState: 'saved',
  retryAt: null,
  mode: 'read-only',
  readOnlyReason: null,
  holder: null,
  checkout: null,
  restoredPages: [],
  serverProblems: {},
  finishError: null,
  finishing: false,
  finishResult: null,
});

/**
 * The conflicting pages of a save's answer: the structured `conflicts` of the contract; from a
 * server that does not send them, a SaveDocumentChangesFailed (8) error stands for every page
 * that came back unsaved. Never read from the error's words.
 */
export function conflictsOf(
  answer: { conflicts?: readonly SaveConflict[] } | null | undefined,
  errors: readonly ApiErrorItem[],
  unsaved: readonly number[],
): Array<Partial<SaveConflict> & { pageNumber: number }> {
  if (answer?.conflicts) return answer.conflicts.filter((c) => unsaved.includes(c.pageNumber));
  if (!errors.some((e) => e.code === ErrorCode.SaveDocumentChangesFailed)) return [];
  return unsaved.map((pageNumber) => ({ pageNumber }));
}

/** The field problem a finish refusal's reason stands for. */
const PROBLEM_OF: Record<FinishInvalidFieldReason, FieldProblem> = {
  EmptyRequired: 'required',
  NotMatchingPattern: 'pattern',
};

/** Whether two versions of a page hold the same reviewed content (versions and audit fields aside). */
export function sameContent(a: DocumentResult, b: DocumentResult): boolean {
  return sameJson([a.entities, a.tables ?? []], [b.entities, b.tables ?? []]);
}

/** Creates a review session for one task. Call `start()` to load it and `dispose()` on unmount. */
export function createReviewSession(options: ReviewSessionOptions): ReviewSession {
  const { client, userId } = options;
  const now = options.now ?? Date.now;
  const events = () => options.getEvents?.() ?? {};
  const createUrl = options.createObjectUrl ?? ((blob: Blob) => URL.createObjectURL(blob));
  const revokeUrl = options.revokeObjectUrl ?? ((url: string) => URL.revokeObjectURL(url));
  let autosave = options.autosave ?? true;
  let disposed = false;
  let journal: Journal<DocumentResult> | null = null;

  // Timers and in-flight work of this session only.
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
  const loadingPages = new Map<number, Promise<void>>();
  /** Pages of the save in flight, as sent: journaled with later edits (see JournalUnit.sent). */
  const inFlight = new Map<number, DocumentResult>();

  const store = createStore<SessionState & SessionActions>()((set, get) => {
    const identify = () => {
      const { init } = get();
      return { taskId: init?.taskId ?? options.taskId ?? null, workspaceId: init?.workspaceConfig.id ?? null };
    };

    const report = (error: ViewerError) => events().onError?.(error);

    /** Save state from the facts: conflicts win, then unsaved edits (failed if the last try failed). */
    const settleSaveState = () => {
      const { conflicts, dirty, saveState } = get();
      const next = saveStateOf({
        saving: isSaving,
        conflicts: Object.keys(conflicts).length,
        unsaved: Object.keys(dirty).length,
        lastSaveFailed,
      });
      if (next !== saveState) {
        set({ saveState: next });
        events().onSaveStateChange?.(next);
      }
    };

    const journalPages = (pageNumbers: readonly number[]): Record<number, JournalUnit<DocumentResult>> => {
      const { pages, versions } = get();
      const out: Record<number, JournalUnit<DocumentResult>> = {};
      for (const n of pageNumbers) {
        const result = pages[n];
        const sent = inFlight.get(n);
        if (result) out[n] = { baseVersion: versions[n] ?? null, result, ...(sent ? { sent } : {}) };
      }
      return out;
    };

    const writeJournal = async (pageNumbers: readonly number[]) => {
      if (!journal || pageNumbers.length === 0) return;
      try {
        await journal.write(journalPages(pageNumbers));
      } catch {
        // No IndexedDB (private mode, blocked storage): autosave still works, only crash safety is lost.
      }
    };

    const schedule = (delay = EDITOR_CHANGE_DEBOUNCE_MS) => {
      clearTimeout(saveTimer);
      saveTimer = setTimeout(() => {
        const dirtyPages = Object.keys(get().dirty).map(Number);
        if (autosave) void runSave();
        else void writeJournal(dirtyPages);
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
    const loseCheckout = (reason: CheckoutLostReason) => lease.lose(reason);

    /** A page as sent to Document/SaveDocumentChanges: its content with the version it is based on. */
    const changesOf = (pageNumbers: readonly number[]): Record<string, DocumentResult> => {
      const { pages, versions } = get();
      const changes: Record<string, DocumentResult> = {};
      for (const page of pageNumbers) {
        const result = pages[page];
        if (result) changes[String(page)] = { ...result, version: versions[page] ?? null };
      }
      return changes;
    };

    /** Pages with edits that can be sent (not in conflict, loaded). */
    const sendablePages = () => {
      const state = get();
      return Object.keys(state.dirty)
        .map(Number)
        .filter((page) => !state.conflicts[page] && state.pages[page]);
    };

    /**
     * Sends the unsaved pages. `keepalive` (the page is going away): the request outlives the page,
     * so it carries only what fits and does not wait for the journal, which every edit already reached.
     */
    const runSave = async (options: { keepalive?: boolean } = {}): Promise<void> => {
      clearTimeout(saveTimer);
      if (saving) {
        saveAgain = true;
        return saving;
      }
      const { taskId, workspaceId } = identify();
      const state = get();
      if (!taskId || !workspaceId || state.mode !== 'review') return;
      const pending = sendablePages().sort((a, b) => a - b);
      const pageNumbers = options.keepalive
        ? fitKeepalive(pending, (pages) => ({ taskId, workspaceId, changes: changesOf(pages) }))
        : pending;
      const sent = pageNumbers.map((page) => ({ page, rev: state.dirty[page] as number }));
      if (sent.length === 0) return;

      const bases: Record<number, number | null> = {};
      for (const { page } of sent) bases[page] = state.versions[page] ?? null;
      const changes = changesOf(pageNumbers);

      isSaving = true;
      for (const { page } of sent) inFlight.set(page, state.pages[page] as DocumentResult);
      saving = (async () => {
        settleSaveState();
        // Journal first: if the tab dies while the request is out, the edit is still on the device.
        if (!options.keepalive) await writeJournal(sent.map((s) => s.page));
        let unsaved: number[] = [];
        let conflictsNow: Array<Partial<SaveConflict> & { pageNumber: number }> = [];
        let failed = false;
        // New versions the server reports (savedPages); the contract's rule (sent + 1) otherwise.
        const reported = new Map<number, number>();
        try {
          const { data } = await client.call('Document_SaveDocumentChanges', {
            body: { taskId, workspaceId, changes },
            ...(options.keepalive ? { keepalive: true } : {}),
          });
          const errors = data.errors ?? [];
          if (!data.succeeded && ownershipLost(errors)) {
            failed = true;
            loseCheckout('taken');
            report(refusalErrorOf('save', errors));
          } else {
            unsaved = data.result?.unsavedPages ?? (data.succeeded ? [] : sent.map((s) => s.page));
            for (const saved of data.result?.savedPages ?? []) reported.set(saved.pageNumber, saved.version);
            conflictsNow = conflictsOf(data.result, errors, unsaved);
            if (unsaved.length > conflictsNow.length) failed = true;
          }
        } catch (error) {
          failed = true;
          unsaved = sent.map((s) => s.page);
          report(sessionErrorOf('save', error));
        }

        if (!failed || unsaved.length < sent.length) {
          const savedPages = sent.filter(({ page }) => !unsaved.includes(page));
          const versions = { ...get().versions };
          const dirty = { ...get().dirty };
          const stillDirty: number[] = [];
          for (const { page, rev } of savedPages) {
            // The contract: a saved page's new version is exactly the version sent plus one.
            versions[page] = reported.get(page) ?? (bases[page] ?? 0) + 1;
            if (dirty[page] === rev) delete dirty[page];
            else stillDirty.push(page);
          }
          set({ versions, dirty });
          const clean = savedPages.map((s) => s.page).filter((p) => !stillDirty.includes(p));
          try {
            await journal?.acknowledge(clean);
          } catch {
            /* journal unavailable: nothing to clear */
          }
          // Edited again while the request was out: journal them against their new base version.
          await writeJournal(stillDirty);
        }
        if (conflictsNow.length) {
          const conflicts = { ...get().conflicts };
          for (const { pageNumber, serverVersion, changedBy } of conflictsNow) {
            conflicts[pageNumber] = { mine: get().pages[pageNumber] as DocumentResult, serverVersion, changedBy };
          }
          set({ conflicts });
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
        inFlight.clear();
        saving = null;
        isSaving = false;
        settleSaveState();
      }
      if (saveAgain && !disposed) {
        saveAgain = false;
        if (autosave) schedule(0);
      }
    };

    const loadPage = async (pageNumber: number) => {
      const { init } = get();
      if (!init) return;
      const query = {
        TaskId: init.taskId,
        WorkspaceId: init.workspaceConfig.id,
        PageNumber: pageNumber,
        FromHistory: init.fromHistory,
      };
      const [data, file] = await Promise.all([
        client.call('Document_PageAndOCR', { params: { query } }).then((r) => r.data),
        client
          .call('Document_PageDocument', { params: { query } })
          .then((r) => r.data)
          .catch((error: unknown) => {
            report(sessionErrorOf('page', error));
            return null;
          }),
      ]);
      if (disposed) return;
      const state = get();
      // Never replace a page the reviewer has edited meanwhile (restored from the journal).
      if (!state.dirty[pageNumber] && !state.conflicts[pageNumber]) {
        set({
          pages: { ...state.pages, [pageNumber]: data.page },
          versions: { ...state.versions, [pageNumber]: data.page.version ?? null },
        });
      }
      set({ ocr: { ...get().ocr, [pageNumber]: data.ocr ?? null } });
      if (file) {
        const kind = file.contentType.includes('pdf') ? 'pdf' : 'image';
        set({ files: { ...get().files, [pageNumber]: { url: createUrl(file.blob), kind } } });
      }
    };

    const ensurePages = async (pageNumbers: readonly number[]) => {
      const { init } = get();
      if (!init) return;
      const wanted = pageNumbers.filter((n) => n >= 1 && n <= init.totalPages && !(n in get().ocr));
      const queue = [...new Set(wanted)];
      const worker = async () => {
        for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
          let pending = loadingPages.get(n);
          if (!pending) {
            pending = loadPage(n).catch((error: unknown) => report(sessionErrorOf('page', error)));
            loadingPages.set(n, pending);
          }
          await pending;
        }
      };
      await Promise.all(Array.from({ length: PAGE_LOAD_CONCURRENCY }, worker));
    };

    const restoreJournal = async () => {
      if (!journal) return;
      let entry: Awaited<ReturnType<Journal<DocumentResult>['read']>>;
      try {
        entry = await journal.read();
      } catch {
        return;
      }
      if (!entry) return;
      const journaled = Object.keys(entry.pages).map(Number);
      await ensurePages(journaled);
      const pages = { ...get().pages };
      const dirty = { ...get().dirty };
      const conflicts = { ...get().conflicts };
      const alreadySaved: number[] = [];
      for (const page of journaled) {
        const saved = entry.pages[String(page)];
        if (!saved) continue;
        revision += 1;
        const serverVersion = get().versions[page] ?? null;
        const onServer = get().pages[page];
        if (serverVersion === saved.baseVersion) {
          pages[page] = saved.result;
          dirty[page] = revision;
        } else if (onServer && sameContent(onServer, saved.result)) {
          // The save sent as the page went away arrived; only its acknowledgement did not.
          alreadySaved.push(page);
        } else if (
          onServer &&
          saved.sent &&
          serverVersion === (saved.baseVersion ?? 0) + 1 &&
          sameContent(onServer, saved.sent)
        ) {
          // Our own save that was out when the page went away landed; the later edits go on top of it.
          pages[page] = saved.result;
          dirty[page] = revision;
        } else {
          // Someone saved this page after our edit was journaled: show it, never overwrite it.
          conflicts[page] = { mine: saved.result };
        }
      }
      if (alreadySaved.length) await journal.acknowledge(alreadySaved).catch(() => undefined);
      const restored = journaled.filter((page) => !alreadySaved.includes(page));
      set({ pages, dirty, conflicts, restoredPages: restored });
      settleSaveState();
      if (Object.keys(dirty).length && autosave && get().mode === 'review') schedule();
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
     * Gives the task back when the reviewer leaves it with nothing unsaved, so looking at a task
     * never locks it for the checkout's length. Edits not yet acknowledged keep the checkout: they
     * come back from the journal on the next open.
     */
    const releaseCheckout = async (): Promise<boolean> => {
      const { init, mode, dirty, conflicts } = get();
      if (!init || mode !== 'review' || Object.keys(dirty).length || Object.keys(conflicts).length) return false;
      return lease.release();
    };

    /** The tab is closed or navigated away (or frozen in the back/forward cache). */
    const onPageHide = () => {
      if (disposed || get().mode !== 'review' || !lease.held()) return;
      if (Object.keys(get().dirty).length) {
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

    const loadInit = async (): Promise<ViewerInitResult | null> => {
      try {
        const { data } = await client.call('Viewer_ViewerInit', {
          params: { query: { taskId: options.taskId ?? null, externalId: options.externalId ?? null } },
        });
        return data;
      } catch (error) {
        const viewerError = sessionErrorOf('load', error);
        set({ phase: 'error', loadError: viewerError });
        report(viewerError);
        return null;
      }
    };

    const start = async () => {
      const init = await loadInit();
      if (!init || disposed) return;
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
      journal = openJournal(init.taskId, userId, options.journalName);
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
      await ensurePages([1]);
      set({ phase: 'ready' });
      await restoreJournal();
      const ahead = Math.min(init.totalPages, options.prefetchPages ?? 50);
      void ensurePages(Array.from({ length: ahead }, (_, i) => i + 1));
    };

    return {
      ...initialState(options.taskId ?? null),
      start,
      ensurePages,
      edit(pageNumber, action, change) {
        const state = get();
        const page = state.pages[pageNumber];
        if (state.mode !== 'review' || !page || state.phase !== 'ready') return;
        revision += 1;
        const next = change(page);
        if (next === page) return;
        set({
          pages: { ...state.pages, [pageNumber]: next },
          dirty: { ...state.dirty, [pageNumber]: revision },
          log: [...state.log, { revision, pageNumber, action, at: now() }],
          finishError: null,
        });
        settleSaveState();
        // On the device at once: a reload or a closed tab before the autosave delay loses nothing.
        void writeJournal([pageNumber]);
        get().noteActivity();
        schedule();
      },
      flush: () => runSave(),
      async resolveConflict(pageNumber, keep) {
        const { init } = get();
        if (!init) return;
        const { data } = await client.call('Document_PageAndOCR', {
          params: {
            query: {
              TaskId: init.taskId,
              WorkspaceId: init.workspaceConfig.id,
              PageNumber: pageNumber,
              FromHistory: init.fromHistory,
            },
          },
        });
        const conflicts = { ...get().conflicts };
        const mine = conflicts[pageNumber]?.mine;
        delete conflicts[pageNumber];
        const dirty = { ...get().dirty };
        const serverVersion = data.page.version ?? null;
        if (keep === 'theirs' || !mine) {
          delete dirty[pageNumber];
          set({
            conflicts,
            dirty,
            pages: { ...get().pages, [pageNumber]: data.page },
            versions: { ...get().versions, [pageNumber]: serverVersion },
          });
          await journal?.acknowledge([pageNumber]).catch(() => undefined);
        } else {
          // The reviewer chose to overwrite, knowingly: re-base their page on the version they saw.
          revision += 1;
          dirty[pageNumber] = revision;
          set({
            conflicts,
            dirty,
            pages: { ...get().pages, [pageNumber]: mine },
            versions: { ...get().versions, [pageNumber]: serverVersion },
          });
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
          const after = get();
          if (Object.keys(after.dirty).length || Object.keys(after.conflicts).length) {
            set({ finishError: 'unsaved' });
            return false;
          }
          const problems = finishProblemsOf(init.workspaceConfig, after.pages);
          if (Object.keys(problems).length) {
            set({ finishError: 'invalid', serverProblems: problems });
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
          if (outcome.kind === 'invalid-fields') {
            const serverProblems: Record<string, FieldProblem> = {};
            for (const [key, reason] of Object.entries(outcome.fields)) serverProblems[key] = PROBLEM_OF[reason];
            set({ finishError: 'invalid', serverProblems });
            return false;
          }
          if (outcome.kind === 'ownership-lost') loseCheckout('taken');
          set({ finishError: 'server' });
          report({ operation: 'finish', message: outcome.message, code: outcome.code });
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
        if (on && Object.keys(get().dirty).length) schedule();
      },
      dismissRestored: () => set({ restoredPages: [] }),
      reportError: report,
      dispose() {
        disposed = true;
        for (const timer of [saveTimer, retryTimer, pollTimer]) clearTimeout(timer);
        unwatchPage();
        const closing = journal;
        void (async () => {
          // Leaving the viewer (route change, another task): send what is pending, then give the task back.
          if (get().mode === 'review' && lease.held()) {
            if (saving) await saving;
            if (autosave) await runSave({ keepalive: true });
            await releaseCheckout();
          }
          // Unsent edits stay in the journal; they are restored on the next open.
          await writeJournal(Object.keys(get().dirty).map(Number));
        })().finally(() => {
          lease.end();
          closing?.close();
        });
        for (const file of Object.values(get().files)) revokeUrl(file.url);
      },
    };
  });
  return store;
}
