/**
 * One paragraph (or subtitle cue): its speaker, start and end, and its words. A word is a button
 * that plays from it (its click and keys handled here, for all the words: ParagraphWord.tsx);
 * low-confidence words are marked against the workspace threshold. "Edit"
 * turns the words into a text box: what the reviewer types is aligned back onto the old words
 * (transcript-edits.ts), so the words kept keep their times. The row reads only its own paragraph
 * from the session, so an edit elsewhere does not render it again.
 */
import { Button } from '@reviewdesk/ui';
import { memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { formatTime } from '../player/playback.js';
import { assignParagraphSpeaker } from '../session/speaker-edits.js';
import { isLowConfidence } from '../session/timeline.js';
import {
  editParagraphText,
  mergeWithNext,
  paragraphText,
  splitParagraph,
  wordsOfText,
} from '../session/transcript-edits.js';
import { useSpeakerOptions } from '../speakers/useSpeakerOptions.js';
import { useEditor, useSearch, useSession } from './context.js';
import { ParagraphWord, wordActivation } from './ParagraphWord.js';

export interface ParagraphRowProps {
  index: number;
  /** Words under this confidence are marked (workspace threshold; null marks none). */
  threshold: number | null;
}

export const ParagraphRow = memo(function ParagraphRow({ index, threshold }: ParagraphRowProps) {
  const { t } = useEditorTranslation();
  const { session, playback } = useEditor();
  const item = useSession((s) => s.transcript?.transcripts[index]);
  const count = useSession((s) => s.transcript?.transcripts.length ?? 0);
  const isLast = index === count - 1;
  const speakers = useSpeakerOptions();
  const editable = useSession((s) => s.mode === 'review' && !s.conflict);
  const matched = useSearch((s) => s.byParagraph.get(index));
  const currentMatch = useSearch((s) => {
    const match = s.matches[s.current];
    return match && match.paragraph === index ? match : null;
  });
  const [editing, setEditing] = useState(false);
  const textBox = useRef<HTMLTextAreaElement | null>(null);
  const row = useRef<HTMLElement | null>(null);
  // Leaving the text box (Enter, Done, Escape, split) takes the focus with it: it goes back to
  // "Edit the words", so the keyboard and a screen reader stay in this paragraph.
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    row.current?.querySelector<HTMLElement>(`[data-testid="paragraph.${index}.edit"]`)?.focus();
  }, [editing, index]);
  const textId = useId();
  const speakerId = item?.speakerId;
  const from = item?.start ?? 0;
  const to = item?.end ?? 0;
  /**
   * The row's head (speaker, times, actions) depends on the paragraph's speaker and times, not its
   * words: made again only when those change, so a word edit or a replace-all renders the words
   * alone (the head's nine translated labels and its speaker list stay as they are).
   */
  const head = useMemo(() => {
    const start = formatTime(from);
    const end = formatTime(to);
    const speakerName =
      speakers.find((o) => o.speaker.speakerId === speakerId)?.speaker.speakerName ?? t('paragraph.noSpeaker');
    return (
      <header className="rd-transcript-paragraph__head">
        {editable ? (
          <select
            className="rd-transcript-paragraph__speaker rd-focusable"
            aria-label={t('paragraph.speaker')}
            value={speakerId ?? ''}
            onChange={(event) => {
              const chosen = speakers.find((o) => o.speaker.speakerId === event.currentTarget.value)?.speaker ?? null;
              session.getState().edit('speaker', (tr) => assignParagraphSpeaker(tr, index, chosen));
            }}
            data-testid={`paragraph.${index}.speaker`}
          >
            <option value="">{t('paragraph.noSpeaker')}</option>
            {speakers.map(({ speaker }) => (
              <option key={speaker.speakerId ?? speaker.speakerName} value={speaker.speakerId ?? ''}>
                {speaker.speakerName}
              </option>
            ))}
          </select>
        ) : (
          <span className="rd-transcript-paragraph__speaker-name">{speakerName}</span>
        )}
        <button
          type="button"
          className="rd-transcript-paragraph__time rd-focusable"
          onClick={() => playback.seek(from)}
          title={t('paragraph.seek')}
        >
          {/* Where Alt+↑ / Alt+↓ put the focus, so its name says which paragraph of how many,
              whose, and when ("–" between the times is not read out). Named by its content, not by
              aria-label, and the times shown are said in it, so the name holds the label seen. */}
          <span className="rd-visually-hidden">
            {t('paragraph.heading', { number: index + 1, count, speaker: speakerName, start, end })}
          </span>
          <span aria-hidden="true">
            <time>{start}</time>–<time>{end}</time>
          </span>
        </button>
        {editable && !editing ? (
          <span className="rd-transcript-paragraph__actions">
            <Button size="sm" variant="ghost" onClick={() => setEditing(true)} data-testid={`paragraph.${index}.edit`}>
              {t('paragraph.edit')}
            </Button>
            {isLast ? null : (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => session.getState().edit('merge', (tr) => mergeWithNext(tr, index))}
                data-testid={`paragraph.${index}.merge`}
              >
                {t('paragraph.merge')}
              </Button>
            )}
          </span>
        ) : null}
      </header>
    );
  }, [t, speakers, speakerId, from, to, editable, editing, index, count, isLast, session, playback]);
  const label = useMemo(() => t('paragraph.label', { start: formatTime(from), end: formatTime(to) }), [t, from, to]);
  /** What a low-confidence word says after it, by percent: looked up once, not on each render of the words. */
  const lowConfidence = useMemo(() => {
    const said = new Map<number, string>();
    return (percent: number) => {
      let text = said.get(percent);
      if (text === undefined) {
        text = t('paragraph.lowConfidence', { percent });
        said.set(percent, text);
      }
      return text;
    };
  }, [t]);
  if (!item) return null;
  const start = formatTime(item.start);
  const stopEditing = () => {
    refocus.current = true;
    setEditing(false);
  };

  const commit = () => {
    const text = textBox.current?.value ?? paragraphText(item);
    session.getState().edit('edit-words', (tr) => editParagraphText(tr, index, text));
    stopEditing();
  };
  const split = () => {
    const box = textBox.current;
    if (!box) return;
    const at = wordsOfText(box.value.slice(0, box.selectionStart)).length;
    const text = box.value;
    session.getState().edit('split', (tr) => splitParagraph(editParagraphText(tr, index, text), index, at));
    stopEditing();
  };

  return (
    <article
      ref={row}
      className="rd-transcript-paragraph"
      aria-label={label}
      data-testid={`paragraph.${index}`}
      data-paragraph={index}
    >
      {head}
      {editing ? (
        <div className="rd-transcript-paragraph__editing">
          <label className="rd-visually-hidden" htmlFor={textId}>
            {t('paragraph.words', { start })}
          </label>
          <textarea
            id={textId}
            ref={textBox}
            className="rd-transcript-paragraph__text rd-focusable"
            defaultValue={paragraphText(item)}
            // biome-ignore lint/a11y/noAutofocus: the reviewer asked to edit these words just now.
            autoFocus
            rows={Math.max(2, Math.ceil(paragraphText(item).length / 80))}
            onKeyDown={(event) => {
              if (event.key === 'Escape') stopEditing();
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                commit();
              }
            }}
            data-testid={`paragraph.${index}.text`}
          />
          <span className="rd-transcript-paragraph__actions">
            <Button size="sm" variant="primary" onClick={commit} data-testid={`paragraph.${index}.done`}>
              {t('paragraph.done')}
            </Button>
            <Button size="sm" variant="ghost" onClick={split} data-testid={`paragraph.${index}.split`}>
              {t('paragraph.split')}
            </Button>
          </span>
        </div>
      ) : (
        <p
          className="rd-transcript-paragraph__words"
          {...wordActivation((w) => {
            const word = item.children[w];
            if (word) playback.seek(word.offsetInSeconds);
          })}
        >
          {item.children.map((word, w) => (
            <ParagraphWord
              // biome-ignore lint/suspicious/noArrayIndexKey: words are positional; the same text may repeat.
              key={w}
              word={word}
              id={`${index}:${w}`}
              tabStop={w === 0}
              lowConfidence={
                isLowConfidence(word, threshold) ? lowConfidence(Math.round((word.confidence ?? 0) * 100)) : undefined
              }
              matched={matched?.has(w) ?? false}
              current={currentMatch !== null && w >= currentMatch.word && w < currentMatch.word + currentMatch.words}
            />
          ))}
        </p>
      )}
    </article>
  );
});
