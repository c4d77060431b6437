/** The TaskErrorCode values the viewer reacts to, taken by name from the contract's enumeration. */
import { enumCodeOf } from '@reviewdesk/api-client';

export const ErrorCode = {
  SaveDocumentChangesFailed: enumCodeOf('TaskErrorCode', 'SaveDocumentChangesFailed'),
} as const;

// The status rules are shared with the transcript editor.
export { ReviewStatus as Status, type StatusPhase, statusPhase } from '@reviewdesk/ui/review-session';
