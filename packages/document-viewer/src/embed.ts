/**
 * `@reviewdesk/document-viewer/embed`: mount the viewer — or the template builder — in any page,
 * React or not. `mountDocumentViewer(element, options)` and `mountTemplateBuilder(element,
 * options)` render their own React root with its own provider (API client, i18n, queries, stores)
 * inside `element` and return a handle to update options, subscribe to typed events and destroy
 * it. Nothing is shared between mounts.
 */
import {
  type MountReviewEditorOptions,
  mountReviewEditor,
  type ReviewEditorEvents,
} from '@reviewdesk/ui/review-session';
import { createElement, lazy, Suspense } from 'react';
import type { TemplateBuilderProps } from './builder/TemplateBuilder.js';
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

/** Events of a mounted template builder: the viewer's (saves, finished labelling, checkout, errors). */
export type TemplateBuilderEvents = DocumentViewerEvents;

/** Options of {@link mountTemplateBuilder}: the builder's props plus what the provider needs. */
export interface MountTemplateBuilderOptions extends TemplateBuilderProps, MountReviewEditorOptions {}

/** Handle returned by {@link mountTemplateBuilder}. */
export interface TemplateBuilderHandle {
  /** Merges new options (e.g. the next `taskId` to label, `locale` or `theme`) and re-renders. */
  update(options: Partial<MountTemplateBuilderOptions>): void;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends keyof TemplateBuilderEvents>(event: E, handler: (payload: TemplateBuilderEvents[E]) => void): () => void;
  /** Unmounts the builder, disposing its session, engine and stores. Unsaved edits stay in the device journal. */
  destroy(): void;
}

// The builder's own code (its panel and the template fields' screens) is fetched when a builder is
// first mounted, so that hosts which only mount the viewer do not download it.
const TemplateBuilderOnDemand = lazy(() =>
  import('./builder/TemplateBuilder.js').then((module) => ({ default: module.TemplateBuilder })),
);
function LazyTemplateBuilder(props: TemplateBuilderProps) {
  return createElement(Suspense, { fallback: null }, createElement(TemplateBuilderOnDemand, props));
}

/**
 * Mounts the template builder (a task of a labelling-and-training workspace: define the template's
 * fields, draw their regions, finish to label the document) in `element`.
 * @example
 * import { mountTemplateBuilder } from '@reviewdesk/document-viewer/embed';
 * import '@reviewdesk/ui/styles.css';
 * import '@reviewdesk/document-viewer/styles.css';
 * const builder = mountTemplateBuilder(document.getElementById('builder'), {
 *   baseUrl: 'https://reviewdesk.example.com', getAccessToken, taskId, userId, locale: 'en',
 * });
 * builder.on('finishReview', (result) => result.nextTaskId && builder.update({ taskId: result.nextTaskId }));
 */
export function mountTemplateBuilder(
  element: HTMLElement,
  initial: MountTemplateBuilderOptions,
): TemplateBuilderHandle {
  return mountReviewEditor<ViewerError, TemplateBuilderProps, TemplateBuilderEvents>(element, initial, {
    name: 'mountTemplateBuilder',
    component: LazyTemplateBuilder,
    hostClassName: 'rd-viewer-host',
  });
}

export type { TemplateBuilderProps } from './builder/TemplateBuilder.js';
export type { CheckoutLostReason, ViewerError } from './session/session.js';
export type { FinishReviewResult, SaveState } from './session/types.js';
export type { DocumentViewerProps } from './viewer/DocumentViewer.js';
