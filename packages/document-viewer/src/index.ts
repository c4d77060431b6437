/**
 * @reviewdesk/document-viewer — review a document task: virtualised pages with the detected
 * fields' boxes, the field panel, autosave with an on-device journal, and the review lifecycle.
 * React: `<DocumentViewer taskId=… />` inside `<ReviewdeskProvider>`. Any page: `mountDocumentViewer`
 * from `@reviewdesk/document-viewer/embed`. Styles: `@reviewdesk/document-viewer/styles.css`.
 * @packageDocumentation
 */

export { VIEWER_NAMESPACE, type ViewerKey, viewerResources } from './i18n/resources.js';
export { DEFAULT_PDF_ASSETS_BASE, DocumentPages, defaultPagesMessages, PageThumbnails } from './pages/index.js';
export type * from './pages/types.js';
export type { CheckoutLostReason, ReadOnlyReason, ViewerError } from './session/session.js';
export type { FinishReviewResult, SaveState } from './session/types.js';
export { DocumentViewer, type DocumentViewerProps } from './viewer/DocumentViewer.js';
export { formatViewerQuery, parseViewerQuery, VIEWER_QUERY_KEYS, type ViewerQuery } from './viewer/query.js';
