/**
 * One value of a field in the side panel: inline editing with the field's rules checked as the
 * user types, confidence, flags, and the review actions (checked, not on the document, draw the
 * box, take the text from the OCR layer, predefined texts). Memoised on the entity object, which
 * the session replaces only when that entity changes, so typing re-renders just this row.
 */
import { Menu } from '@reviewdesk/ui';
import { memo, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useViewerTranslation } from '../../i18n/useViewerTranslation.js';
import { eInvoiceDisagreement, isFromEInvoice } from '../../session/einvoice-values.js';
import type { FieldEntry, PanelField } from '../../session/fields.js';
import { valueProblem } from '../../session/fields.js';
import {
  type ActionContext,
  editValue,
  removeValue,
  selectEntry,
  startDrawing,
  toggleNotDetected,
  toggleSolved,
} from '../actions.js';
import { CaptureButtons } from './CaptureButtons.js';
import { ChipBar, enterChips } from './ChipBar.js';

export interface FieldRowProps {
  field: PanelField;
  entry: FieldEntry;
  ctx: ActionContext;
  selected: boolean;
  readOnly: boolean;
  showConfidence: boolean;
  allowOcrText: boolean;
  /** The workspace lets reviewers add values: a field with values can take one more. */
  allowAdding: boolean;
  predefinedTexts: ReadonlyArray<{ id: string; text: string }>;
}

function FieldRowView({
  field,
  entry,
  ctx,
  selected,
  readOnly,
  showConfidence,
  allowOcrText,
  allowAdding,
  predefinedTexts,
}: FieldRowProps) {
  const { t } = useViewerTranslation();
  const inputId = useId();
  const messageId = useId();
  const [draft, setDraft] = useState(entry.text);
  // The value changed elsewhere (OCR text, a restored journal, a conflict resolution): show it.
  useEffect(() => setDraft(entry.text), [entry.text]);
  const input = useRef<HTMLInputElement>(null);
  // Added by typing into the empty field: keep typing here, before the next key arrives.
  useLayoutEffect(() => {
    const ui = ctx.ui.getState();
    if (ui.pendingFocus !== entry.entity.temporaryId || !input.current) return;
    ui.set({ pendingFocus: null });
    const end = input.current.value.length;
    input.current.focus({ preventScroll: true });
    input.current.setSelectionRange(end, end);
  }, [ctx, entry.entity.temporaryId]);

  const liveProblem = entry.entity.notDetected ? null : valueProblem(draft, field.definition, field.required);
  const problem = liveProblem ?? (draft === entry.text ? entry.problem : null);
  const { entity } = entry;
  const percent = entry.confidence === null ? null : Math.round(entry.confidence * 100);
  const messages: string[] = [];
  if (problem === 'required') messages.push(t('field.requiredEmpty'));
  if (problem === 'pattern') messages.push(t('field.pattern'));
  if (!entity.markedAsSolved && entry.level === 'entry') messages.push(t('field.veryLowConfidence'));
  else if (!entity.markedAsSolved && entry.level === 'check') messages.push(t('field.lowConfidence'));
  const fromEInvoice = isFromEInvoice(entity);
  const disagreement = eInvoiceDisagreement(entity);
  if (disagreement) messages.push(t('field.eInvoiceDiffers', { xml: disagreement.xml }));

  const target = {
    kind: 'existing' as const,
    entityId: entity.temporaryId,
    pageNumber: entity.pageNumber,
    category: field.key,
  };
  return (
    <li
      className="rd-viewer-field"
      data-entry-id={entity.temporaryId}
      data-selected={selected || undefined}
      data-attention={entry.needsAttention || undefined}
      data-testid={`field.${field.key}`}
      data-source={fromEInvoice ? 'einvoice' : undefined}
      data-disagreement={disagreement ? true : undefined}
    >
      <div className="rd-viewer-field__line">
        <input
          ref={input}
          id={inputId}
          className="rd-viewer-field__input rd-focusable"
          value={draft}
          readOnly={readOnly}
          disabled={entity.notDetected}
          aria-label={t('field.value', { field: field.label })}
          aria-invalid={problem ? true : undefined}
          aria-describedby={messages.length ? messageId : undefined}
          aria-required={field.required || undefined}
          placeholder={entity.notDetected ? t('field.notDetected') : t('field.empty')}
          onFocus={() => selectEntry(ctx, entity.temporaryId)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && !event.altKey && enterChips(event.currentTarget)) event.preventDefault();
          }}
          onChange={(event) => {
            setDraft(event.target.value);
            editValue(ctx, entity.temporaryId, event.target.value);
          }}
        />
        {showConfidence && percent !== null ? (
          <span
            className="rd-viewer-field__confidence"
            data-level={entry.level}
            title={t('field.confidence', { percent })}
          >
            {percent}%
          </span>
        ) : null}
        {fromEInvoice ? (
          <span className="rd-viewer-badge" title={t('field.fromEInvoiceHint')}>
            {t('field.fromEInvoice')}
          </span>
        ) : null}
        {entity.markedAsSolved ? (
          <span className="rd-viewer-badge rd-viewer-badge--ok">{t('field.solved')}</span>
        ) : null}
      </div>
      {messages.length ? (
        <p id={messageId} className="rd-viewer-field__message" data-problem={problem ?? 'confidence'}>
          {messages.join(' ')}
        </p>
      ) : null}
      {!readOnly ? (
        <ChipBar label={t('field.actions', { field: field.label })}>
          <button
            type="button"
            className="rd-viewer-chip rd-focusable"
            aria-pressed={Boolean(entity.markedAsSolved)}
            onClick={() => toggleSolved(ctx, entity.temporaryId)}
          >
            {entity.markedAsSolved ? t('field.unmarkSolved') : t('field.markSolved')}
          </button>
          <button
            type="button"
            className="rd-viewer-chip rd-focusable"
            aria-pressed={Boolean(entity.notDetected)}
            onClick={() => toggleNotDetected(ctx, entity.temporaryId)}
          >
            {entity.notDetected ? t('field.unmarkNotDetected') : t('field.markNotDetected')}
          </button>
          <CaptureButtons ctx={ctx} target={target} allowOcrText={allowOcrText} />
          {allowAdding ? (
            // One more value of this field (a second name to anonymise, another line of an
            // address): drawn on the page like a missing field's first one.
            <button
              type="button"
              className="rd-viewer-chip rd-focusable"
              onClick={() => startDrawing(ctx, { kind: 'new', category: field.key }, 'draw')}
              data-testid={`field.${field.key}.add`}
            >
              {t('field.addValue')}
            </button>
          ) : null}
          {entity.addedOn ? (
            <button
              type="button"
              className="rd-viewer-chip rd-focusable"
              onClick={() => removeValue(ctx, entity.temporaryId)}
              data-testid={`field.${field.key}.remove`}
            >
              {t('field.remove')}
            </button>
          ) : null}
          {predefinedTexts.length ? (
            <Menu
              label={t('field.predefined')}
              className="rd-viewer-chip"
              items={predefinedTexts.map((text) => ({
                id: text.id,
                label: text.text,
                onSelect: () => {
                  setDraft(text.text);
                  editValue(ctx, entity.temporaryId, text.text);
                },
              }))}
            />
          ) : null}
          <span className="rd-viewer-field__page">{t('field.page', { page: entity.pageNumber })}</span>
        </ChipBar>
      ) : null}
    </li>
  );
}

export const FieldRow = memo(
  FieldRowView,
  (a, b) =>
    a.entry.entity === b.entry.entity &&
    a.entry.problem === b.entry.problem &&
    a.entry.level === b.entry.level &&
    a.selected === b.selected &&
    a.readOnly === b.readOnly &&
    a.field.label === b.field.label &&
    a.field.required === b.field.required &&
    a.showConfidence === b.showConfidence &&
    a.allowOcrText === b.allowOcrText &&
    a.allowAdding === b.allowAdding &&
    a.predefinedTexts === b.predefinedTexts &&
    a.ctx === b.ctx,
);
