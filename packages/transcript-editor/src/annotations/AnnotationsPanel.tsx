/**
 * The annotations beside the transcript: every annotation in the order it is heard, with its time
 * range and content. Activating one plays the recording from its start; the annotation being
 * played is marked from the playback ticks, outside React (the editor renders nothing on a tick).
 * In a review, annotations are added over the paragraph being played or from the playback position,
 * edited (content and times, checked against the media) and removed, each change one undoable edit.
 */
import { Button, clockTime } from '@reviewdesk/ui';
import { useEffect, useRef, useState } from 'react';
import { useEditor, useSession } from '../editor/context.js';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { paragraphAt } from '../session/timeline.js';
import type { Annotation } from '../session/types.js';
import { type AnnotationDraft, AnnotationForm } from './AnnotationForm.js';
import {
  addAnnotation,
  annotationsAt,
  annotationsInOrder,
  proposedRange,
  removeAnnotation,
  updateAnnotation,
} from './annotation-edits.js';

const NO_ANNOTATIONS: readonly Annotation[] = [];

/** Marks the annotations being played on their list items, on every tick, without rendering. */
function usePlayingMark(list: React.RefObject<HTMLElement | null>, annotations: readonly Annotation[]) {
  const { playback } = useEditor();
  useEffect(() => {
    let shown = '';
    const mark = (seconds: number) => {
      const playing = annotationsAt(annotations, seconds);
      const key = [...playing].join('\n');
      if (key === shown) return;
      shown = key;
      for (const item of list.current?.querySelectorAll<HTMLElement>('[data-annotation]') ?? []) {
        const on = playing.has(item.dataset.annotation ?? '');
        item.toggleAttribute('data-playing', on);
        item.querySelector('[data-annotation-seek]')?.toggleAttribute('aria-current', on);
      }
    };
    mark(playback.time());
    return playback.onTick(mark);
  }, [list, annotations, playback]);
}

export function AnnotationsPanel() {
  const { t } = useEditorTranslation();
  const { session, playback } = useEditor();
  const annotations = useSession((s) => s.transcript?.annotations ?? NO_ANNOTATIONS);
  const review = useSession((s) => s.mode === 'review' && !s.conflict);
  const [draft, setDraft] = useState<AnnotationDraft | null>(null);
  const list = useRef<HTMLOListElement | null>(null);
  const panel = useRef<HTMLElement | null>(null);
  usePlayingMark(list, annotations);
  const ordered = annotationsInOrder(annotations);
  const duration = () => playback.store.getState().duration;

  /** Gives the focus back to the list item (or the add button) once the form has gone. */
  const focusAfter = (uniqueId: string | null) =>
    requestAnimationFrame(() => {
      const item = uniqueId
        ? panel.current?.querySelector<HTMLElement>(
            `[data-annotation="${CSS.escape(uniqueId)}"] [data-annotation-seek]`,
          )
        : null;
      (item ?? panel.current?.querySelector<HTMLElement>('[data-testid="annotations.add-paragraph"]'))?.focus();
    });

  const begin = (over: 'paragraph' | 'position') => {
    const at = playback.time();
    const transcript = session.getState().transcript;
    const index = over === 'paragraph' && transcript ? paragraphAt(transcript, at) : -1;
    const range = proposedRange(index >= 0 ? transcript?.transcripts[index] : null, at, duration());
    setDraft({ uniqueId: null, content: '', ...range });
  };
  const save = (done: AnnotationDraft) => {
    const now = new Date();
    const { edit } = session.getState();
    if (done.uniqueId === null) {
      const uniqueId = crypto.randomUUID();
      edit('annotation:add', (transcript) => addAnnotation(transcript, { ...done, uniqueId }, now));
      focusAfter(uniqueId);
    } else {
      const id = done.uniqueId;
      edit('annotation:edit', (transcript) => updateAnnotation(transcript, id, done, now));
      focusAfter(id);
    }
    setDraft(null);
  };
  const remove = (annotation: Annotation) => {
    session.getState().edit('annotation:remove', (transcript) => removeAnnotation(transcript, annotation.uniqueId));
    focusAfter(null);
  };

  return (
    <aside
      ref={panel}
      className="rd-transcript-annotations"
      aria-label={t('editor.annotations')}
      data-testid="annotations"
    >
      <h2 className="rd-transcript-annotations__title">{t('editor.annotations')}</h2>
      {review ? (
        <div className="rd-transcript-annotations__add">
          <Button size="sm" variant="ghost" onClick={() => begin('paragraph')} data-testid="annotations.add-paragraph">
            {t('annotations.addParagraph')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => begin('position')} data-testid="annotations.add-position">
            {t('annotations.addPosition')}
          </Button>
        </div>
      ) : null}
      {draft?.uniqueId === null ? (
        <AnnotationForm
          draft={draft}
          duration={duration()}
          onSave={save}
          onCancel={() => {
            setDraft(null);
            focusAfter(null);
          }}
        />
      ) : null}
      {ordered.length === 0 ? (
        <p className="rd-transcript-annotations__empty" data-testid="annotations.empty">
          {t('annotations.none')}
        </p>
      ) : (
        <ol ref={list} className="rd-transcript-annotations__list" data-testid="annotations.list">
          {ordered.map((annotation) => (
            <li key={annotation.uniqueId} className="rd-transcript-annotation" data-annotation={annotation.uniqueId}>
              {draft && draft.uniqueId === annotation.uniqueId ? (
                <AnnotationForm
                  draft={draft}
                  duration={duration()}
                  onSave={save}
                  onCancel={() => {
                    setDraft(null);
                    focusAfter(annotation.uniqueId);
                  }}
                />
              ) : (
                <>
                  <button
                    type="button"
                    className="rd-transcript-annotation__seek"
                    data-annotation-seek=""
                    onClick={() => playback.seek(annotation.start)}
                    // The visible time and text are the name; what activating it does, the description.
                    title={t('annotations.play', {
                      start: clockTime(annotation.start),
                      end: clockTime(annotation.end),
                      content: annotation.content,
                    })}
                    data-testid={`annotation.${annotation.uniqueId}.seek`}
                  >
                    <span className="rd-transcript-annotation__time">
                      {clockTime(annotation.start)}–{clockTime(annotation.end)}
                    </span>{' '}
                    <span className="rd-transcript-annotation__content">{annotation.content}</span>
                  </button>
                  {review ? (
                    <span className="rd-transcript-annotation__actions">
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setDraft({ ...annotation })}
                        aria-label={t('annotations.editNamed', { content: annotation.content })}
                        data-testid={`annotation.${annotation.uniqueId}.edit`}
                      >
                        {t('annotations.edit')}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => remove(annotation)}
                        aria-label={t('annotations.removeNamed', { content: annotation.content })}
                        data-testid={`annotation.${annotation.uniqueId}.remove`}
                      >
                        {t('annotations.remove')}
                      </Button>
                    </span>
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}
