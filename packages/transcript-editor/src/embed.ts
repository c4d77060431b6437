/**
 * `@reviewdesk/transcript-editor/embed`: mount the transcript editor in any page, React or not.
 * `mountTranscriptEditor(element, options)` renders its own React root with its own provider
 * (API client, i18n, queries, stores) inside `element` and returns a handle to update options,
 * subscribe to typed events and destroy it. Nothing is shared between mounts.
 */

import { relay } from '@reviewdesk/ui/embed';
import {
  type MountReviewEditorOptions,
  mountReviewEditor,
  type ReviewEditorEvents,
} from '@reviewdesk/ui/review-session';
import { TranscriptEditor, type TranscriptEditorProps } from './editor/TranscriptEditor.js';
import type { TranscriptEditorError } from './session/session.js';

/** Events of a mounted editor and their payloads: the review events, and the media's time. */
export interface TranscriptEditorEvents extends ReviewEditorEvents<TranscriptEditorError> {
  timeUpdate: { time: number; taskId: string };
}

/** Options of {@link mountTranscriptEditor}: the editor's props plus what the provider needs. */
export interface MountTranscriptEditorOptions extends TranscriptEditorProps, MountReviewEditorOptions {}

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
  return mountReviewEditor<TranscriptEditorError, TranscriptEditorProps, TranscriptEditorEvents>(element, initial, {
    name: 'mountTranscriptEditor',
    component: TranscriptEditor,
    hostClassName: 'rd-transcript-host',
    extraProps: (props, events) => ({ onTimeUpdate: relay(props.onTimeUpdate, events, 'timeUpdate') }),
  });
}

export type { TranscriptEditorProps } from './editor/TranscriptEditor.js';
export type { CheckoutLostReason, TranscriptEditorError } from './session/session.js';
export type { FinishReviewResult, SaveState } from './session/types.js';
