/**
 * A field with no value on the document (e.g. a required field the recognizer did not find):
 * typing adds a value, or the reviewer draws its box / takes its text from the OCR layer.
 * The value is added with the first character typed, so it is unsaved, journaled and autosaved
 * like any other edit; its row then takes over the focus and the caret.
 */
import { useId, useState } from 'react';
import { useViewerTranslation } from '../../i18n/useViewerTranslation.js';
import type { PanelField } from '../../session/fields.js';
import { type ActionContext, addTypedValue, selectEntry } from '../actions.js';
import { CaptureButtons } from './CaptureButtons.js';
import { ChipBar, enterChips } from './ChipBar.js';

export interface MissingFieldProps {
  field: PanelField;
  ctx: ActionContext;
  readOnly: boolean;
  selected: boolean;
  allowAdding: boolean;
  allowOcrText: boolean;
}

export function MissingField({ field, ctx, readOnly, selected, allowAdding, allowOcrText }: MissingFieldProps) {
  const { t } = useViewerTranslation();
  const messageId = useId();
  const [draft, setDraft] = useState('');
  const target = { kind: 'new' as const, category: field.key };
  const missing = field.missing;
  return (
    <li
      className="rd-viewer-field"
      data-entry-id={`field:${field.key}`}
      data-selected={selected || undefined}
      data-attention={missing || undefined}
      data-testid={`field.${field.key}`}
    >
      <div className="rd-viewer-field__line">
        <input
          className="rd-viewer-field__input rd-focusable"
          value={draft}
          readOnly={readOnly || !allowAdding}
          aria-label={t('field.value', { field: field.label })}
          aria-required={field.required || undefined}
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? messageId : undefined}
          placeholder={t('field.empty')}
          onFocus={() => selectEntry(ctx, `field:${field.key}`, { scroll: false })}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && !event.altKey && enterChips(event.currentTarget)) event.preventDefault();
          }}
          onChange={(event) => {
            const typed = event.target.value;
            if (!typed.trim() || readOnly || !allowAdding) {
              setDraft(typed);
              return;
            }
            const id = addTypedValue(ctx, field.key, typed);
            if (id) ctx.ui.getState().set({ pendingFocus: id });
            else setDraft(typed);
          }}
        />
      </div>
      {missing ? (
        <p id={messageId} className="rd-viewer-field__message" data-problem="required">
          {t('field.requiredEmpty')}
        </p>
      ) : null}
      {!readOnly && allowAdding ? (
        <ChipBar label={t('field.actions', { field: field.label })}>
          <CaptureButtons ctx={ctx} target={target} allowOcrText={allowOcrText} />
        </ChipBar>
      ) : null}
    </li>
  );
}
