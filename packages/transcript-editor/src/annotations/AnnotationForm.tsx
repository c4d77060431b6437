/**
 * The form of one annotation, new or edited: its content and its start and end in seconds,
 * checked (content given, start before end, inside the media) before it can be saved. Enter saves,
 * Escape leaves it as it was; the content has the focus when it opens.
 */
import { Button, Input } from '@reviewdesk/ui';
import { useEffect, useRef, useState } from 'react';
import { SECONDS_INPUT } from '../editor/seconds-input.js';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { rangeProblem } from './annotation-edits.js';

/** An annotation being written: `uniqueId` null until it is added. */
export interface AnnotationDraft {
  uniqueId: string | null;
  content: string;
  start: number;
  end: number;
}

export interface AnnotationFormProps {
  draft: AnnotationDraft;
  /** Length of the media in seconds (0: not known yet). */
  duration: number;
  onSave(draft: AnnotationDraft): void;
  onCancel(): void;
}

/** A time in seconds, to a tenth by the arrows. */
export function AnnotationForm({ draft, duration, onSave, onCancel }: AnnotationFormProps) {
  const { t } = useEditorTranslation();
  const [content, setContent] = useState(draft.content);
  const [start, setStart] = useState(String(draft.start));
  const [end, setEnd] = useState(String(draft.end));
  const first = useRef<HTMLInputElement | null>(null);
  useEffect(() => first.current?.focus(), []);

  const from = start.trim() === '' ? Number.NaN : Number(start);
  const to = end.trim() === '' ? Number.NaN : Number(end);
  const problem = rangeProblem(from, to, duration);
  const contentError = content.trim() ? null : t('annotations.contentMissing');
  const rangeError = problem ? t(`annotations.range.${problem}`) : null;
  const [tried, setTried] = useState(false);
  const prefix = `annotation.${draft.uniqueId ?? 'new'}`;

  return (
    <form
      className="rd-transcript-annotation-form"
      aria-label={draft.uniqueId ? t('annotations.editTitle') : t('annotations.newTitle')}
      data-testid={`${prefix}.form`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (contentError || rangeError) return;
        onSave({ uniqueId: draft.uniqueId, content: content.trim(), start: from, end: to });
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Escape closes the form only, not an overlay around the editor.
        event.preventDefault();
        event.stopPropagation();
        onCancel();
      }}
    >
      <Input
        ref={first}
        label={t('annotations.content')}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        error={tried ? contentError : null}
        data-testid={`${prefix}.content`}
      />
      <div className="rd-transcript-annotation-form__times">
        <Input
          {...SECONDS_INPUT}
          label={t('annotations.start')}
          value={start}
          onChange={(e) => setStart(e.target.value)}
          data-testid={`${prefix}.start`}
        />
        <Input
          {...SECONDS_INPUT}
          label={t('annotations.end')}
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          error={rangeError}
          data-testid={`${prefix}.end`}
        />
      </div>
      <div className="rd-transcript-annotation-form__actions">
        <Button size="sm" variant="ghost" onClick={onCancel} data-testid={`${prefix}.cancel`}>
          {t('annotations.cancel')}
        </Button>
        <Button size="sm" variant="primary" type="submit" data-testid={`${prefix}.save`}>
          {draft.uniqueId ? t('annotations.save') : t('annotations.add')}
        </Button>
      </div>
    </form>
  );
}
