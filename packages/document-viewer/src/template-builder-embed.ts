/**
 * `@reviewdesk/document-viewer/template-builder/embed`: mount the template builder in any page,
 * React or not. `mountTemplateBuilder(element, options)` renders its own React root with its own
 * provider (API client, i18n, queries, stores) inside `element` and returns a handle to update
 * options, subscribe to typed events and destroy it, as `mountDocumentViewer` does for the viewer.
 * An entry of its own so that hosts which only embed the viewer do not carry the builder.
 */
import { type MountReviewEditorOptions, mountReviewEditor } from '@reviewdesk/ui/review-session';
import { TemplateBuilder, type TemplateBuilderProps } from './builder/TemplateBuilder.js';
import type { DocumentViewerEvents } from './embed.js';
import type { ViewerError } from './session/session.js';

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

/**
 * Mounts the template builder (a task of a labelling-and-training workspace: define the template's
 * fields, draw their regions, finish to label the document) in `element`.
 * @example
 * import { mountTemplateBuilder } from '@reviewdesk/document-viewer/template-builder/embed';
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
    component: TemplateBuilder,
    hostClassName: 'rd-viewer-host',
  });
}

export type { TemplateBuilderProps } from './builder/TemplateBuilder.js';
export type { CheckoutLostReason, DocumentViewerEvents, ViewerError } from './embed.js';
