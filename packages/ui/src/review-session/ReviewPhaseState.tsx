/**
 * What an editor shows before the review itself: opening the task, a task still in the pipeline,
 * one that failed there, and one that could not be opened (with a retry). The words name what is
 * reviewed ("the recording", "the task"), so each editor passes its own.
 */
import { enumNameOf } from '@reviewdesk/api-client';
import { ErrorState, LoadingState } from '../components/States/States.js';
import type { SessionPhase } from './session-core.js';

/** The keys an editor words each state with, in its own namespace; the bodies get `{{status}}`, the task's status name. */
export type ReviewPhaseTextKey =
  | 'loading'
  | 'processingTitle'
  | 'processingBody'
  | 'failedTitle'
  | 'failedBody'
  | 'errorTitle';

export interface ReviewPhaseStateProps {
  phase: Extract<SessionPhase, 'loading' | 'processing' | 'failed' | 'error'>;
  /** The task's status code, when loaded. */
  status?: number;
  /** What the failed load said. */
  error?: string | null;
  onRetry: () => void;
  /** The editor's translation of each key (e.g. `(key, o) => t(`viewer.${key}`, o)`). */
  text: (key: ReviewPhaseTextKey, options?: { status: string }) => string;
  /** Prefix of the test ids (`<prefix>.loading`, `.processing`, `.failed`, `.error`). */
  testIdPrefix: string;
}

/** Whether a session phase is one {@link ReviewPhaseState} shows. */
export function isFramePhase(phase: SessionPhase): phase is ReviewPhaseStateProps['phase'] {
  return phase === 'loading' || phase === 'processing' || phase === 'failed' || phase === 'error';
}

export function ReviewPhaseState({ phase, status, error, onRetry, text, testIdPrefix }: ReviewPhaseStateProps) {
  const statusName = status === undefined ? '' : (enumNameOf('TaskStatus', status) ?? String(status));
  const body = () => {
    switch (phase) {
      case 'loading':
        return <LoadingState label={text('loading')} />;
      case 'processing':
        return (
          <div className="rd-review-state__processing" role="status">
            <span className="rd-spinner" aria-hidden="true" />
            <h2>{text('processingTitle')}</h2>
            <p>{text('processingBody', { status: statusName })}</p>
          </div>
        );
      case 'failed':
        return <ErrorState title={text('failedTitle')} description={text('failedBody', { status: statusName })} />;
      default:
        return <ErrorState title={text('errorTitle')} description={error || undefined} onRetry={onRetry} />;
    }
  };
  return (
    <div className="rd-review-state" data-testid={`${testIdPrefix}.${phase}`}>
      {body()}
    </div>
  );
}
