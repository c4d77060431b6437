/**
 * @reviewdesk/transcript-editor — review a transcript or subtitles task: the media with its
 * waveform from the server's peaks, timed paragraphs of words with speakers, autosave with an
 * on-device journal, and the review lifecycle. React: `<TranscriptEditor taskId=… />` inside
 * `<ReviewdeskProvider>`. Any page: `mountTranscriptEditor` from
 * `@reviewdesk/transcript-editor/embed`. Styles: `@reviewdesk/transcript-editor/styles.css`.
 * @packageDocumentation
 */

export { TranscriptEditor, type TranscriptEditorProps } from './editor/TranscriptEditor.js';
export { EDITOR_NAMESPACE, type EditorKey, loadEditorResources } from './i18n/resources.js';
export { formatTime, PLAYBACK_RATES } from './player/playback.js';
export type { CheckoutLostReason, ReadOnlyReason, TranscriptEditorError } from './session/session.js';
export {
  editParagraphText,
  mergeWithNext,
  retimeParagraph,
  splitParagraph,
} from './session/transcript-edits.js';
export type { FinishReviewResult, SaveState, Transcript, TranscriptItem, TranscriptWord } from './session/types.js';
