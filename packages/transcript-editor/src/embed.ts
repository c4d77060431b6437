/**
 * `@reviewdesk/transcript-editor/embed`: mount the transcript editor in any page, React or not.
 * `mountTranscriptEditor(element, options)` renders its own React root with its own provider
 * (API client, i18n, queries, stores) inside `element` and returns a handle to update options,
 * subscribe to typed events and destroy it. Nothing is shared between mounts.
 */
import type { ApiClient } from '@reviewdesk/api-client';
import type { Ability, Skin } from '@reviewdesk/ui';
import { createEmbed, mountClient, relay } from '@reviewdesk/ui/embed';
import { createElement } from 'react';
import { TranscriptEditor, type TranscriptEditorProps } from './editor/TranscriptEditor.js';
import type { CheckoutLostReason, TranscriptEditorError } from './session/session.js';
import type { FinishReviewResult, SaveState } from './session/types.js';

/** Events of a mounted editor and their payloads. */
export interface TranscriptEditorEvents {
  saveStateChange: SaveState;
  finishReview: FinishReviewResult;
  cancelReview: { taskId: string };
  checkoutLost: { reason: CheckoutLostReason; taskId: string };
  timeUpdate: { time: number; taskId: string };
  error: TranscriptEditorError;
  openTask: { taskId: string };
}

/** Options of {@link mountTranscriptEditor}: the editor's props plus what the provider needs. */
export interface MountTranscriptEditorOptions extends TranscriptEditorProps {
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

/** Handle returned by {@link mountTranscriptEditor}. */
export interface TranscriptEditorHandle {
  /** Merges new options (e.g. another `taskId`, `locale` or `theme`) and re-renders. */
  update(options: Partial<MountTranscriptEditorOptions>): void;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends keyof TranscriptEditorEvents>(
    event: E,
    handler: (payload: TranscriptEditorEvents[E]) => void,
  ): () => void;
  /** Unmounts the editor, disposing its session, playback and stores. Unsaved edits stay in the device journal. */
  destroy(): void;
}

/**
 * Mounts a transcript editor in `element`.
 * @example
 * import { mountTranscriptEditor } from '@reviewdesk/transcript-editor/embed';
 * import '@reviewdesk/ui/styles.css';
 * import '@reviewdesk/transcript-editor/styles.css';
 * const editor = mountTranscriptEditor(document.getElementById('editor'), {
 *   baseUrl: 'https://reviewdesk.example.com', getAccessToken, taskId, userId, locale: 'en',
 * });
 * const off = editor.on('timeUpdate', ({ time }) => console.log(time));
 */
export function mountTranscriptEditor(
  element: HTMLElement,
  initial: MountTranscriptEditorOptions,
): TranscriptEditorHandle {
  const clientOf = mountClient('mountTranscriptEditor');
  return createEmbed<MountTranscriptEditorOptions, TranscriptEditorEvents>(element, initial, {
    name: 'mountTranscriptEditor',
    validate: clientOf,
    provider: (options) => ({
      client: clientOf(options),
      locale: options.locale,
      theme: options.theme,
      abilities: options.abilities,
      userId: options.userId ?? null,
      // The provider's root fills the host element, so the editor's height is the element's.
      className: 'rd-transcript-host',
    }),
    render: (options, events) => {
      const { client: _client, baseUrl, getAccessToken, locale, theme, abilities, ...props } = options;
      const editorProps: TranscriptEditorProps = {
        ...props,
        onSaveStateChange: relay(props.onSaveStateChange, events, 'saveStateChange'),
        onFinishReview: relay(props.onFinishReview, events, 'finishReview'),
        onCancelReview: relay(props.onCancelReview, events, 'cancelReview'),
        onCheckoutLost: relay(props.onCheckoutLost, events, 'checkoutLost'),
        onTimeUpdate: relay(props.onTimeUpdate, events, 'timeUpdate'),
        onError: relay(props.onError, events, 'error'),
        // Only when someone listens does the host take over opening tasks; otherwise the editor does.
        onOpenTask:
          props.onOpenTask || events.has('openTask')
            ? (taskId) => {
                props.onOpenTask?.(taskId);
                events.emit('openTask', { taskId });
              }
            : undefined,
      };
      return createElement(TranscriptEditor, editorProps);
    },
  });
}

export type { TranscriptEditorProps } from './editor/TranscriptEditor.js';
export type { CheckoutLostReason, TranscriptEditorError } from './session/session.js';
export type { FinishReviewResult, SaveState } from './session/types.js';
