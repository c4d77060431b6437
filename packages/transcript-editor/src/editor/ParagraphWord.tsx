/**
 * One word of a paragraph: a button that plays from it, marked when its confidence is low, when a
 * search matches it and when it is in the current match. Memoised on the word object and its marks:
 * edits keep the words they did not touch (same objects), so a replace-all that changes 2 words of
 * a paragraph renders those 2 again, not the paragraph's 40.
 */
import { memo } from 'react';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import type { TranscriptWord } from '../session/types.js';
import { useEditor } from './context.js';

export interface ParagraphWordProps {
  word: TranscriptWord;
  /** `paragraph:word`, how the word highlight finds it. */
  id: string;
  low: boolean;
  matched: boolean;
  current: boolean;
  /**
   * The paragraph's one Tab stop (its first word): Tab goes from paragraph to paragraph and the
   * arrows from word to word (shortcuts.ts), so the keyboard gets past a long transcript.
   */
  tabStop: boolean;
}

export const ParagraphWord = memo(function ParagraphWord({
  word,
  id,
  low,
  matched,
  current,
  tabStop,
}: ParagraphWordProps) {
  const { t } = useEditorTranslation();
  const { playback } = useEditor();
  const classes = ['rd-transcript-word'];
  if (low) classes.push('rd-transcript-word--low');
  if (word.bold) classes.push('rd-transcript-word--bold');
  if (word.italic) classes.push('rd-transcript-word--italic');
  if (word.underline) classes.push('rd-transcript-word--underline');
  if (matched) classes.push('rd-transcript-word--match');
  if (current) classes.push('rd-transcript-word--match-current');
  return (
    <span>
      <button
        type="button"
        className={classes.join(' ')}
        data-word={id}
        tabIndex={tabStop ? 0 : -1}
        aria-current={current ? 'true' : undefined}
        onClick={() => playback.seek(word.offsetInSeconds)}
        aria-description={
          low ? t('paragraph.lowConfidence', { percent: Math.round((word.confidence ?? 0) * 100) }) : undefined
        }
      >
        {word.text}
      </button>{' '}
    </span>
  );
});
