/**
 * The review session of a document task: one per mounted viewer (a zustand vanilla store, never
 * module-global). What every editor does the same way (loading, checkout and renewal, the autosave
 * loop with its retries, the save badge, finish and cancel) is the core of
 * `@reviewdesk/ui/review-session`; this module gives it the document: the task's loaded pages with
 * the server version each edit is based on (the units saved), saves in batches of pages, the
 * journal per page, conflicts per page and the document's field rules before a finish. The UI reads it through selectors, so a
 * keystroke re-renders only what depends on that page.
 */
import {
  type CheckoutLostReason,
  createReviewSessionCore,
  type FinishInvalidFieldReason,
  fitKeepalive,
  initialBaseState,
  type Journal,
  type JournalUnit,
  ownershipLost,
  type ReadOnlyReason,
  type ReviewSessionBaseState,
  type ReviewSessionCoreActions,
  type ReviewSessionEvents,
  refusalErrorOf,
  type SaveTarget,
  type SessionError,
  type SessionPhase,
  type ReviewSessionOptions as SharedSessionOptions,
  sameJson,
  sessionErrorOf,
} from '@reviewdesk/ui/review-session';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { ErrorCode } from './codes.js';
import { type FieldProblem, finishProblemsOf } from './fields.js';
import type { ApiErrorItem, DocumentResult, OcrPageResult, SaveConflict } from './types.js';

export type { ReadOnlyReason, SessionPhase };

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
export type SessionEvents = ReviewSessionEvents<ViewerError>;

/** An error the viewer reports to the host (`onError`), with what the viewer was doing. */
export type ViewerError = SessionError<
  'load' | 'page' | 'save' | 'checkout' | 'renew' | 'finish' | 'cancel' | 'next-task' | 'export'
>;

export interface SessionState extends ReviewSessionBaseState<ViewerError> {
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
  /** Pages whose unsaved edits were restored from this device's journal. */
  restoredPages: readonly number[];
  /** Field problems from the last refused finish (category key → problem). */
  serverProblems: Readonly<Record<string, FieldProblem>>;
}

export interface SessionActions extends ReviewSessionCoreActions<ViewerError> {
  /** Loads pages' data (and their files) not loaded yet, e.g. the ones the engine mounted. */
  ensurePages(pageNumbers: readonly number[]): Promise<void>;
  /** Applies an edit to a page and schedules autosave. Ignored in read-only mode. */
  edit(pageNumber: number, action: string, change: (page: DocumentResult) => DocumentResult): void;
  /** Keep someone else's version of a conflicting page, or re-base the reviewer's on it and save. */
  resolveConflict(pageNumber: number, keep: 'theirs' | 'mine'): Promise<void>;
  dismissRestored(): void;
}

export type ReviewSession = StoreApi<SessionState & SessionActions>;

export interface ReviewSessionOptions extends SharedSessionOptions<ViewerError> {
  /** Pages loaded ahead in the background after the first (small documents load whole). @default 50 */
  prefetchPages?: number;
  /** Object URLs for page files; replaceable where URL.createObjectURL is missing (jsdom). */
  createObjectUrl?: (blob: Blob) => string;
  revokeObjectUrl?: (url: string) => void;
}

export { KEEPALIVE_BODY_LIMIT } from '@reviewdesk/ui/review-session';

const PAGE_LOAD_CONCURRENCY = 2;

const initialState = (taskId: string | null): SessionState => ({
  ...initialBaseState(taskId),
  pages: {},
  versions: {},
  ocr: {},
  files: {},
  dirty: {},
  conflicts: {},
  log: [],
  restoredPages: [],
  serverProblems: {},
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
  const { client } = options;
  const now = options.now ?? Date.now;
  const createUrl = options.createObjectUrl ?? ((blob: Blob) => URL.createObjectURL(blob));
  const revokeUrl = options.revokeObjectUrl ?? ((url: string) => URL.revokeObjectURL(url));
  const loadingPages = new Map<number, Promise<void>>();
  /** Pages of the save in flight, as sent: journaled with later edits (see JournalUnit.sent). */
  const inFlight = new Map<number, DocumentResult>();

  return createStore<SessionState & SessionActions>()((set, get) => {
    const dirtyPages = () => Object.keys(get().dirty).map(Number);

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
      const journal = core.journal();
      if (!journal || pageNumbers.length === 0) return;
      try {
        await journal.write(journalPages(pageNumbers));
      } catch {
        // No IndexedDB (private mode, blocked storage): autosave still works, only crash safety is lost.
      }
    };

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
     * A save of the unsaved pages, in one batch. `keepalive` (the page is going away): only the
     * pages that fit in a keepalive body; the journal holds the rest.
     */
    const prepareSave = ({ taskId, workspaceId, keepalive }: SaveTarget) => {
      const state = get();
      const pending = sendablePages().sort((a, b) => a - b);
      const pageNumbers = keepalive
        ? fitKeepalive(pending, (pages) => ({ taskId, workspaceId, changes: changesOf(pages) }))
        : pending;
      const sent = pageNumbers.map((page) => ({ page, rev: state.dirty[page] as number }));
      if (sent.length === 0) return null;

      const bases: Record<number, number | null> = {};
      for (const { page } of sent) bases[page] = state.versions[page] ?? null;
      const changes = changesOf(pageNumbers);
      for (const { page } of sent) inFlight.set(page, state.pages[page] as DocumentResult);

      return async (): Promise<boolean> => {
        try {
          // Journal first: if the tab dies while the request is out, the edit is still on the device.
          if (!keepalive) await writeJournal(sent.map((s) => s.page));
          let unsaved: number[] = [];
          let conflictsNow: Array<Partial<SaveConflict> & { pageNumber: number }> = [];
          let failed = false;
          // New versions the server reports (savedPages); the contract's rule (sent + 1) otherwise.
          const reported = new Map<number, number>();
          try {
            const { data } = await client.call('Document_SaveDocumentChanges', {
              body: { taskId, workspaceId, changes },
              ...(keepalive ? { keepalive: true } : {}),
            });
            const errors = data.errors ?? [];
            if (!data.succeeded && ownershipLost(errors)) {
              failed = true;
              core.lease.lose('taken');
              core.report(refusalErrorOf('save', errors));
            } else {
              unsaved = data.result?.unsavedPages ?? (data.succeeded ? [] : sent.map((s) => s.page));
              for (const saved of data.result?.savedPages ?? []) reported.set(saved.pageNumber, saved.version);
              conflictsNow = conflictsOf(data.result, errors, unsaved);
              if (unsaved.length > conflictsNow.length) failed = true;
            }
          } catch (error) {
            failed = true;
            unsaved = sent.map((s) => s.page);
            core.report(sessionErrorOf('save', error));
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
              await core.journal()?.acknowledge(clean);
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
          return failed;
        } finally {
          inFlight.clear();
        }
      };
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
            core.report(sessionErrorOf('page', error));
            return null;
          }),
      ]);
      if (core.disposed()) return;
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
            pending = loadPage(n).catch((error: unknown) => core.report(sessionErrorOf('page', error)));
            loadingPages.set(n, pending);
          }
          await pending;
        }
      };
      await Promise.all(Array.from({ length: PAGE_LOAD_CONCURRENCY }, worker));
    };

    const restore = async (journal: Journal<DocumentResult>) => {
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
        const revision = core.nextRevision();
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
    };

    const core = createReviewSessionCore<DocumentResult, ViewerError>({
      ...options,
      set,
      get,
      units: {
        counts: () => ({
          unsaved: Object.keys(get().dirty).length,
          conflicts: Object.keys(get().conflicts).length,
        }),
        prepareSave,
        writeJournal: () => writeJournal(dirtyPages()),
        beforeReady: () => ensurePages([1]),
        restore,
        started(init) {
          const ahead = Math.min(init.totalPages, options.prefetchPages ?? 50);
          void ensurePages(Array.from({ length: ahead }, (_, i) => i + 1));
        },
        checkFinish() {
          const { init, pages } = get();
          const problems = init ? finishProblemsOf(init.workspaceConfig, pages) : {};
          if (!Object.keys(problems).length) return true;
          set({ finishError: 'invalid', serverProblems: problems });
          return false;
        },
        invalidFields(fields) {
          const serverProblems: Record<string, FieldProblem> = {};
          for (const [key, reason] of Object.entries(fields)) serverProblems[key] = PROBLEM_OF[reason];
          set({ finishError: 'invalid', serverProblems });
        },
        dispose() {
          for (const file of Object.values(get().files)) revokeUrl(file.url);
        },
      },
    });

    return {
      ...initialState(options.taskId ?? null),
      ...core.actions,
      ensurePages,
      edit(pageNumber, action, change) {
        const state = get();
        const page = state.pages[pageNumber];
        if (state.mode !== 'review' || !page || state.phase !== 'ready') return;
        const revision = core.nextRevision();
        const next = change(page);
        if (next === page) return;
        set({
          pages: { ...state.pages, [pageNumber]: next },
          dirty: { ...state.dirty, [pageNumber]: revision },
          log: [...state.log, { revision, pageNumber, action, at: now() }],
          finishError: null,
        });
        // On the device at once: a reload or a closed tab before the autosave delay loses nothing.
        void writeJournal([pageNumber]);
        core.edited();
      },
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
          await core
            .journal()
            ?.acknowledge([pageNumber])
            .catch(() => undefined);
        } else {
          // The reviewer chose to overwrite, knowingly: re-base their page on the version they saw.
          dirty[pageNumber] = core.nextRevision();
          set({
            conflicts,
            dirty,
            pages: { ...get().pages, [pageNumber]: mine },
            versions: { ...get().versions, [pageNumber]: serverVersion },
          });
          core.schedule(0);
        }
        core.settleSaveState();
      },
      dismissRestored: () => set({ restoredPages: [] }),
    };
  });
}
