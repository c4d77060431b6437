/**
 * The review session of a transcript task: one per mounted editor (a zustand vanilla store, never
 * module-global). What every editor does the same way (loading, checkout and renewal, the autosave
 * loop, the save badge, finish and cancel) is the core of `@reviewdesk/ui/review-session`; this
 * module gives it the transcript: how it is saved, journaled and restored, edits, undo and redo. The unit saved is the whole
 * transcript with the version it was edited from (Transcript/SaveTranscriptChanges refuses a stale
 * one as a conflict), autosaved 500 ms after the last change and retried with backoff. The device
 * journal gets its changes from that version after every edit (once its frame is painted): the
 * paragraphs written since, journal-changes.ts. Every edit is a new transcript snapshot (see
 * transcript-edits.ts), which makes undo and redo exact.
 */
import { enumCodeOf } from '@reviewdesk/api-client';
import {
  type CheckoutLostReason,
  createReviewSessionCore,
  initialBaseState,
  type Journal,
  ownershipLost,
  type ReadOnlyReason,
  type ReviewSessionBaseState,
  type ReviewSessionCoreActions,
  type ReviewSessionEvents,
  type ReviewSessionOptions,
  refusalErrorOf,
  type SaveTarget,
  type SessionError,
  type SessionPhase,
  sameJson,
  sessionErrorOf,
} from '@reviewdesk/ui/review-session';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { afterNextPaint } from './after-paint.js';
import {
  applyChanges,
  changesFrom,
  holdsChanges,
  isTranscriptChanges,
  type JournaledTranscript,
  type TranscriptChanges,
} from './journal-changes.js';
import { leaveUnusedSpeakers, speakerChanges } from './speaker-edits.js';
import { adoptStored } from './stored-transcript.js';
import type { Speaker, Transcript, TranscriptData, ViewerInitResult } from './types.js';

export type { CheckoutLostReason, ReadOnlyReason, SessionPhase };

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
export type SessionEvents = ReviewSessionEvents<TranscriptEditorError>;

/** The reviewer's transcript that the server refused because someone else saved first. */
export interface TranscriptConflict {
  mine: Transcript;
  /** What the server holds now, when its answer said. */
  theirs?: Transcript | null;
}

export interface SessionState extends ReviewSessionBaseState<TranscriptEditorError> {
  /** Media and waveform URLs, speakers (Transcript/MediaUrlAndTranscript). */
  media: TranscriptData | null;
  transcript: Transcript | null;
  /** The server version the transcript is based on (sent as `version` when saving). */
  version: number | null;
  /**
   * The task's speakers as last saved (or loaded): what the transcript's speakers are compared
   * with to tell the server what was added, edited or removed (speaker-edits.ts).
   */
  savedSpeakers: readonly Speaker[];
  /** Revision of the last edit the server has not acknowledged; 0 when everything is saved. */
  dirty: number;
  conflict: TranscriptConflict | null;
  log: readonly EditLogEntry[];
  /** Earlier and later snapshots for undo and redo. */
  past: readonly Transcript[];
  future: readonly Transcript[];
  /** The unsaved edits came back from this device's journal. */
  restored: boolean;
}

export interface SessionActions extends ReviewSessionCoreActions<TranscriptEditorError> {
  /** Applies an edit and schedules autosave. Ignored in read-only mode. */
  edit(action: string, change: (transcript: Transcript) => Transcript): void;
  undo(): void;
  redo(): void;
  /** Keep the server's transcript, or put the reviewer's on top of it and save. */
  resolveConflict(keep: 'theirs' | 'mine'): Promise<void>;
  dismissRestored(): void;
}

export type TranscriptSession = StoreApi<SessionState & SessionActions>;

export type TranscriptSessionOptions = ReviewSessionOptions<TranscriptEditorError>;

/** Undo keeps this many snapshots: enough for a long session, bounded for a 40,000-word transcript. */
const UNDO_LIMIT = 200;
/** The journal's one unit: the transcript (its changes from the base version). */
const UNIT = 'transcript';
const SAVE_REFUSED_AS_CONFLICT = enumCodeOf('TaskErrorCode', 'SaveDocumentChangesFailed');

const initialState = (taskId: string | null): SessionState => ({
  ...initialBaseState(taskId),
  media: null,
  transcript: null,
  version: null,
  savedSpeakers: [],
  dirty: 0,
  conflict: null,
  log: [],
  past: [],
  future: [],
  restored: false,
});

const changesOrNone = (unit: JournaledTranscript | undefined) => (isTranscriptChanges(unit) ? unit : undefined);

/** Whether two transcripts hold the same content (the server adds `version` to what it stores). */
export function sameTranscript(a: Transcript, b: Transcript): boolean {
  const strip = ({ version: _v, ...rest }: Transcript & { version?: unknown }) => rest;
  return sameJson(strip(a), strip(b));
}

/** Creates a review session for one transcript task. Call `start()` to load it and `dispose()` on unmount. */
export function createTranscriptSession(options: TranscriptSessionOptions): TranscriptSession {
  const { client } = options;
  const now = options.now ?? Date.now;
  /** The transcript of the save in flight, journaled with later edits (see JournalUnit.sent). */
  let inFlight: Transcript | null = null;
  /** Cancels the journal write an edit scheduled, when one is waiting. */
  let journalLater: (() => void) | null = null;
  /** What the journal holds, as this session last wrote it (null: unknown or acknowledged). */
  let journaled: { transcript: Transcript; version: number | null } | null = null;
  /**
   * The transcript the server holds at `version`, as this session knows it: what the journal's
   * changes are made against (the loaded transcript, then each save's stored one).
   */
  let base: Transcript | null = null;

  return createStore<SessionState & SessionActions>()((set, get) => {
    /** Writes the transcript as it is now; a write still waiting is covered by this one. */
    const writeJournal = async () => {
      journalLater?.();
      journalLater = null;
      const { transcript, version, dirty, conflict } = get();
      const unit = conflict?.mine ?? transcript;
      const journal = core.journal();
      if (!journal || !unit || !base || (!dirty && !conflict)) return;
      // With a save out, the edits are journaled against what it carries, and it against the base:
      // if the page goes away before its answer, either version on the server restores them.
      const sent = inFlight && inFlight !== unit ? changesFrom(base, inFlight) : null;
      const result = sent ? changesFrom(inFlight as Transcript, unit, { onSent: true }) : changesFrom(base, unit);
      try {
        // The transcript is the journal's only unit: nothing to read back and merge.
        await journal.write({ [UNIT]: { baseVersion: version, result, ...(sent ? { sent } : {}) } }, { whole: true });
        journaled = { transcript: unit, version };
      } catch {
        // No IndexedDB (private mode, blocked storage): autosave still works, only crash safety is lost.
      }
    };

    /** The server holds everything: the journal's transcript goes. */
    const forgetJournal = async () => {
      journaled = null;
      await core
        .journal()
        ?.acknowledge([UNIT])
        .catch(() => undefined);
    };

    /**
     * Journals the edits once the frame showing them is painted: copying a long transcript into
     * IndexedDB takes longer than a frame. Edits in between are written by the same write. A page
     * going away, a save and dispose write at once (the core calls writeJournal), so nothing is lost.
     */
    const journalSoon = () => {
      journalLater ??= afterNextPaint(() => {
        journalLater = null;
        void writeJournal();
      });
    };

    const workspaceSpeakerIds = () =>
      new Set((get().media?.predefinedSpeakers ?? []).map((s) => s.speakerId ?? '').filter(Boolean));

    const prepareSave = ({ taskId, workspaceId, keepalive }: SaveTarget) => {
      const state = get();
      if (!state.dirty || state.conflict || !state.transcript) return null;
      const sentRevision = state.dirty;
      const baseVersion = state.version;
      const transcript = state.transcript;
      const speakers = speakerChanges(state.savedSpeakers, transcript, workspaceSpeakerIds());
      inFlight = transcript;
      return async (): Promise<boolean> => {
        try {
          // Journal first: if the tab dies while the request is out, the edit is still on the device
          // (already there when the edit's own write holds this transcript: a restore that finds it
          // on the server too only forgets it, so the copy need not be made again).
          const onDevice = journaled?.transcript === transcript && journaled.version === baseVersion;
          if (!keepalive && !onDevice) await writeJournal();
          const { data } = await client.call('Transcript_SaveTranscriptChanges', {
            body: { taskId, workspaceId, transcript, version: baseVersion, speakers },
            ...(keepalive ? { keepalive: true } : {}),
          });
          const errors = data.errors ?? [];
          if (data.succeeded && data.result?.savedResult) {
            // The contract's rule: the stored version is exactly the one sent plus one.
            const saved = data.result.transcript as (Transcript & { version?: number }) | null | undefined;
            const version = typeof saved?.version === 'number' ? saved.version : (baseVersion ?? 0) + 1;
            const stillDirty = get().dirty !== sentRevision;
            // With no edit since, the editor takes what the server stored: the edited words at
            // their re-aligned times, the speakers with their ids. Later edits keep theirs and are
            // re-timed by their own save.
            const stored = !stillDirty && saved ? adoptStored(transcript, saved) : transcript;
            // What the server holds now: the journal's changes are made against it from here on.
            base = stillDirty && saved ? adoptStored(transcript, saved) : stored;
            set({
              version,
              dirty: stillDirty ? get().dirty : 0,
              // The speakers sent are now the server's: later changes are told against them.
              savedSpeakers: stored.speakers,
              ...(stored !== transcript ? { transcript: stored } : {}),
            });
            // The save is no longer out: later edits are journaled against the new base alone.
            inFlight = null;
            if (stillDirty) await writeJournal();
            else await forgetJournal();
            return false;
          }
          if (ownershipLost(errors)) {
            core.lease.lose('taken');
            core.report(refusalErrorOf('save', errors));
            return true;
          }
          if (errors.some((e) => e.code === SAVE_REFUSED_AS_CONFLICT)) {
            set({ conflict: { mine: get().transcript as Transcript, theirs: data.result?.transcript ?? null } });
            core.report(refusalErrorOf('save', errors));
            return false;
          }
          core.report(refusalErrorOf('save', errors));
          return true;
        } finally {
          inFlight = null;
        }
      };
    };

    /** Puts a journal of the format before changes back: the whole transcript. */
    const restoreWhole = async (
      journal: Journal<JournaledTranscript>,
      saved: { baseVersion: number | null; result: Transcript; sent?: Transcript },
      onServer: Transcript,
    ) => {
      const serverVersion = get().version;
      const revision = core.nextRevision();
      if (serverVersion === saved.baseVersion) {
        set({ transcript: saved.result, dirty: revision, restored: true });
      } else if (sameTranscript(onServer, saved.result)) {
        // The save sent as the page went away arrived; only its acknowledgement did not.
        await journal.acknowledge([UNIT]).catch(() => undefined);
      } else if (saved.sent && serverVersion === (saved.baseVersion ?? 0) + 1 && sameTranscript(onServer, saved.sent)) {
        // Our own save that was out when the page went away landed; the later edits go on top of it.
        set({ transcript: saved.result, dirty: revision, restored: true });
      } else {
        // Someone saved after our edit was journaled: show it, never overwrite it.
        set({ conflict: { mine: saved.result, theirs: onServer }, restored: true });
      }
    };

    /** Puts journaled changes back onto the server's transcript. */
    const restoreChanges = async (
      journal: Journal<JournaledTranscript>,
      saved: { baseVersion: number | null; result: TranscriptChanges; sent?: TranscriptChanges },
      onServer: Transcript,
    ) => {
      const serverVersion = get().version;
      const { result, sent } = saved;
      const restored = (transcript: Transcript | null) => {
        if (transcript) {
          set({ transcript, dirty: core.nextRevision(), restored: true });
          return;
        }
        // Changes that fit no transcript the server holds cannot be put anywhere: say so.
        core.report({ operation: 'load', message: 'The unsaved edits on this device no longer fit this transcript.' });
        void journal.acknowledge([UNIT]).catch(() => undefined);
      };
      if (serverVersion === saved.baseVersion) {
        // The server still holds the base: the journaled transcript, exactly.
        const onto = result.onSent ? (sent ? applyChanges(onServer, sent) : null) : onServer;
        restored(onto && applyChanges(onto, result));
      } else if (!result.onSent && holdsChanges(onServer, result)) {
        // The save sent as the page went away arrived; only its acknowledgement did not.
        await journal.acknowledge([UNIT]).catch(() => undefined);
      } else if (
        result.onSent &&
        sent &&
        serverVersion === (saved.baseVersion ?? 0) + 1 &&
        holdsChanges(onServer, sent)
      ) {
        // Our own save that was out when the page went away landed; the later edits go on top of it.
        restored(applyChanges(onServer, result));
      } else {
        // Someone saved after our edit was journaled: show it, never overwrite it. Our paragraphs
        // are put among theirs where the shape still fits.
        const onto = result.onSent && sent ? applyChanges(onServer, sent) : onServer;
        const mine = onto && applyChanges(onto, result);
        if (mine) set({ conflict: { mine, theirs: onServer }, restored: true });
        else restored(null);
      }
    };

    const restore = async (journal: Journal<JournaledTranscript>) => {
      let entry: Awaited<ReturnType<Journal<JournaledTranscript>['read']>>;
      try {
        entry = await journal.read();
      } catch {
        return;
      }
      const saved = entry?.pages[UNIT];
      const onServer = get().transcript;
      if (!saved || !onServer) return;
      if (isTranscriptChanges(saved.result))
        await restoreChanges(journal, { ...saved, result: saved.result, sent: changesOrNone(saved.sent) }, onServer);
      else
        await restoreWhole(
          journal,
          { ...saved, result: saved.result, sent: isTranscriptChanges(saved.sent) ? undefined : saved.sent },
          onServer,
        );
    };

    const loadTranscript = async (init: ViewerInitResult) => {
      const { data } = await client.call('Transcript_MediaUrlAndTranscript', {
        params: { query: { TaskId: init.taskId, WorkspaceId: init.workspaceConfig.id } },
      });
      return data;
    };

    const core = createReviewSessionCore<JournaledTranscript, TranscriptEditorError>({
      ...options,
      set,
      get,
      units: {
        counts: () => ({ unsaved: get().dirty ? 1 : 0, conflicts: get().conflict ? 1 : 0 }),
        prepareSave,
        writeJournal,
        async load(init) {
          const media = await loadTranscript(init);
          base = media.transcriptFullResult;
          set({
            media,
            transcript: media.transcriptFullResult,
            version: media.version ?? null,
            savedSpeakers: media.transcriptFullResult.speakers,
          });
        },
        restore,
        dispose() {
          // A write still waiting for its frame goes now: no frame comes after the editor closes.
          if (journalLater) void writeJournal();
        },
      },
    });

    const apply = (
      action: string,
      next: Transcript,
      history: { past: readonly Transcript[]; future: readonly Transcript[] },
    ) => {
      const revision = core.nextRevision();
      set({
        transcript: next,
        dirty: revision,
        log: [...get().log, { revision, action, at: now() }],
        finishError: null,
        ...history,
      });
      // On the device right after this frame: a reload or a closed tab before the autosave delay
      // loses nothing (a page going away writes it at once).
      journalSoon();
      core.edited();
    };
    const editable = () => {
      const state = get();
      return state.mode === 'review' && state.phase === 'ready' && !state.conflict && state.transcript
        ? state.transcript
        : null;
    };

    return {
      ...initialState(options.taskId ?? null),
      ...core.actions,
      edit(action, change) {
        const current = editable();
        if (!current) return;
        // Every edit, whatever it changed, lets a speaker with no paragraph left leave the task.
        const next = leaveUnusedSpeakers(current, change(current));
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
      async resolveConflict(keep) {
        const { init, conflict } = get();
        if (!init || !conflict) return;
        let fresh: TranscriptData;
        try {
          fresh = await loadTranscript(init);
        } catch (error) {
          core.report(sessionErrorOf('load', error));
          return;
        }
        const version = fresh.version ?? null;
        if (keep === 'theirs') {
          base = fresh.transcriptFullResult;
          set({
            conflict: null,
            dirty: 0,
            transcript: fresh.transcriptFullResult,
            savedSpeakers: fresh.transcriptFullResult.speakers,
            version,
            past: [],
            future: [],
          });
          await forgetJournal();
        } else {
          // The reviewer chose to overwrite, knowingly: re-base their transcript on the version they saw.
          base = fresh.transcriptFullResult;
          set({
            conflict: null,
            dirty: core.nextRevision(),
            transcript: conflict.mine,
            savedSpeakers: fresh.transcriptFullResult.speakers,
            version,
          });
          core.schedule(0);
        }
        core.settleSaveState();
      },
      dismissRestored: () => set({ restored: false }),
    };
  });
}
