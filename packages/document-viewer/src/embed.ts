/**
 * `@reviewdesk/document-viewer/embed`: mount the viewer in any page, React or not.
 * `mountDocumentViewer(element, options)` renders its own React root with its own provider
 * (API client, i18n, queries, stores) inside `element` and returns a handle to update options,
 * subscribe to typed events and destroy it. Nothing is shared between mounts.
 */
import type { ApiClient } from '@reviewdesk/api-client';
import type { Ability, Skin } from '@reviewdesk/ui';
import { createEmbed, mountClient, relay } from '@reviewdesk/ui/embed';
import { createElement } from 'react';
import type { CheckoutLostReason, ViewerError } from './session/session.js';
import type { FinishReviewResult, SaveState } from './session/types.js';
import { DocumentViewer, type DocumentViewerProps } from './viewer/DocumentViewer.js';

/** Events of a mounted viewer and their payloads. */
export interface DocumentViewerEvents {
  saveStateChange: SaveState;
  finishReview: FinishReviewResult;
  cancelReview: { taskId: string };
  checkoutLost: { reason: CheckoutLostReason; taskId: string };
  error: ViewerError;
  openTask: { taskId: string };
}

/** Options of {@link mountDocumentViewer}: the viewer's props plus what the provider needs. */
export interface MountDocumentViewerOptions extends DocumentViewerProps {
  /** An API client; or give `baseUrl` and `getAccessToken` and one is created for this mount. */
  client?: ApiClient;
  /** Where the Reviewdesk API lives (when no `client` is given). */
  baseUrl?: string;
  /** The signed-in user's access token (when no `client` is given). */
  getAccessToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /** Interface language: pt (default), en, de, fr, es. */
  locale?: string;
  /** Skin; when omitted the user's stored preference applies (light by default). */
  theme?: Skin;
  /** Abilities of the user (`User/GetUserAuthDetails`). @default [] */
  abilities?: readonly Ability[];
}

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
  const clientOf = mountClient('mountDocumentViewer');
  return createEmbed<MountDocumentViewerOptions, DocumentViewerEvents>(element, initial, {
    name: 'mountDocumentViewer',
    validate: clientOf,
    provider: (options) => ({
      client: clientOf(options),
      locale: options.locale,
      theme: options.theme,
      abilities: options.abilities,
      userId: options.userId ?? null,
      // The provider's root fills the host element, so the viewer's height is the element's.
      className: 'rd-viewer-host',
    }),
    render: (options, events) => {
      const { client: _client, baseUrl, getAccessToken, locale, theme, abilities, ...props } = options;
      const viewerProps: DocumentViewerProps = {
        ...props,
        onSaveStateChange: relay(props.onSaveStateChange, events, 'saveStateChange'),
        onFinishReview: relay(props.onFinishReview, events, 'finishReview'),
        onCancelReview: relay(props.onCancelReview, events, 'cancelReview'),
        onCheckoutLost: relay(props.onCheckoutLost, events, 'checkoutLost'),
        onError: relay(props.onError, events, 'error'),
        // Only when someone listens does the host take over opening tasks; otherwise the viewer does.
        onOpenTask:
          props.onOpenTask || events.has('openTask')
            ? (taskId) => {
                props.onOpenTask?.(taskId);
                events.emit('openTask', { taskId });
              }
            : undefined,
      };
      return createElement(DocumentViewer, viewerProps);
    },
  });
}

export type { CheckoutLostReason, ViewerError } from './session/session.js';
export type { FinishReviewResult, SaveState } from './session/types.js';
export type { DocumentViewerProps } from './viewer/DocumentViewer.js';
