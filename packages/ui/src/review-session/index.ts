/**
 * `@reviewdesk/ui/review-session`: what every review editor (the document viewer, the transcript
 * editor) shares about a review session — the checkout lease and the page lifecycle, the device
 * journal of unsent edits, and the rules of versioned autosave. The editor keeps what is specific
 * to its units (a document's pages, a transcript) and composes these. Kept off ui's main entry.
 */
export { fitKeepalive, KEEPALIVE_BODY_LIMIT, type SaveState, saveStateOf } from './autosave.js';
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
export { JOURNAL_DB, type Journal, type JournalEntry, type JournalUnit, journalKey, openJournal } from './journal.js';
