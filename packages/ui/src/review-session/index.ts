/**
 * `@reviewdesk/ui/review-session`: what every review editor (the document viewer, the transcript
 * editor) shares about a review session — the checkout lease and the page lifecycle, the device
 * journal of unsent edits, the rules of versioned autosave, finishing and cancelling, and how a
 * failed call is reported. The editor keeps what is specific to its units (a document's pages, a
 * transcript) and composes these. Kept off ui's main entry.
 */
export { fitKeepalive, KEEPALIVE_BODY_LIMIT, retryDelayOf, type SaveState, saveStateOf } from './autosave.js';
export {
  CHECKOUT_WARN_MS,
  CheckoutCountdown,
  type CheckoutCountdownProps,
  formatRemaining,
} from './CheckoutCountdown.js';
export {
  type CheckoutLease,
  type CheckoutLeaseOptions,
  type CheckoutLostReason,
  type CheckoutRefusal,
  type CheckoutResult,
  createCheckoutLease,
  defaultPageLifecycle,
  type LeaseError,
  ownershipLost,
  TaskErrorCode,
  watchPageLifecycle,
} from './checkout-lease.js';
export {
  type FinishInvalidFieldReason,
  type FinishOutcome,
  type FinishReviewResult,
  type ReviewCallTarget,
  requestCancel,
  requestFinish,
  requestNextTask,
} from './finish.js';
export {
  JOURNAL_DB,
  type Journal,
  type JournalEntry,
  type JournalUnit,
  journalKey,
  openJournal,
  sameJson,
} from './journal.js';
export {
  type MountReviewEditorOptions,
  mountReviewEditor,
  type ReviewEditorEvents,
  type ReviewEditorHostProps,
  type ReviewEditorMount,
} from './mount-review-editor.js';
export {
  isFramePhase,
  ReviewPhaseState,
  type ReviewPhaseStateProps,
  type ReviewPhaseTextKey,
} from './ReviewPhaseState.js';
export {
  ReadOnlyMessage,
  type ReadOnlyMessageProps,
  SaveStateBadge,
  type SaveStateBadgeProps,
} from './SaveStateBadge.js';
export {
  type CoreOperation,
  createReviewSessionCore,
  initialBaseState,
  type ReadOnlyReason,
  type ReviewSessionBaseState,
  type ReviewSessionCore,
  type ReviewSessionCoreActions,
  type ReviewSessionCoreOptions,
  type ReviewSessionEvents,
  type ReviewSessionOptions,
  type ReviewUnits,
  type SaveTarget,
  type SessionPhase,
  type ViewerInitResult,
} from './session-core.js';
export { refusalErrorOf, type SessionError, sessionErrorOf } from './session-error.js';
export { ReviewStatus, type StatusPhase, statusPhase } from './status-phase.js';
export {
  type OpenedTask,
  type StartableSession,
  useOpenedTask,
  useReviewSessionStore,
} from './useReviewSessionStore.js';
