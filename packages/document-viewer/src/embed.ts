/**
 * `@reviewdesk/document-viewer/embed`: mount the viewer in any page, React or not.
 * `mountDocumentViewer(element, options)` renders its own React root with its own provider
 * (API client, i18n, queries, stores) inside `element` and returns a handle to update options,
 * subscribe to typed events and destroy it. Nothing is shared between mounts.
 */
import {
  type MountReviewEditorOptions,
  mountReviewEditor,
  type ReviewEditorEvents,
} from '@reviewdesk/ui/review-session';
import type { ViewerError } from './session/session.js';
import { DocumentViewer, type DocumentViewerProps } from './viewer/DocumentViewer.js';

/** Events of a mounted viewer and their payloads. */
export type DocumentViewerEvents = ReviewEditorEvents<ViewerError>;

/** Options of {@link mountDocumentViewer}: the viewer's props plus what the provider needs. */
export interface MountDocumentViewerOptions extends DocumentViewerProps, MountReviewEditorOptions {}

/** Handle returned by {@link mountDocumentViewer}. */
export interface DocumentViewerHandle {
  /** Merges new options (e.g. another `taskId`, `locale` or `theme`) and re-renders. */
  update(options: Partial<MountDocumentViewerOptions>): void;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends keyof DocumentViewerEvents>(event: E, handler: (payload: DocumentViewerEvents[E]) => void): () => void;
  /** Unmounts the viewer, disposing its session, engine and stores. Unsaved edits stay in the device journal. */
  destroy(): void;
}

/**
 * Mounts a document viewer in `element`.
 * @example
 * import { mountDocumentViewer } from '@reviewdesk/document-viewer/embed';
 * import '@reviewdesk/ui/styles.css';
 * import '@reviewdesk/document-viewer/styles.css';
 * const viewer = mountDocumentViewer(document.getElementById('viewer'), {
 *   baseUrl: 'https://reviewdesk.example.com', getAccessToken, taskId, userId, locale: 'en',
 * });
 * const off = viewer.on('finishReview', (result) => console.log(result.nextTaskId));
 */
export function mountDocumentViewer(element: HTMLElement, initial: MountDocumentViewerOptions): DocumentViewerHandle {
  return mountReviewEditor<ViewerError, DocumentViewerProps, DocumentViewerEvents>(element, initial, {
    name: 'mountDocumentViewer',
    component: DocumentViewer,
    hostClassName: 'rd-viewer-host',
  });
}

export type { CheckoutLostReason, ViewerError } from './session/session.js';
export type { FinishReviewResult, SaveState } from './session/types.js';
export type { DocumentViewerProps } from './viewer/DocumentViewer.js';
