/**
 * The side panel: the workspace's fields in fieldOrder, values grouped by entity group when the
 * workspace allows groups, tables in their editor, QR codes with their decoded values, and the
 * guided pass (previous / next value needing attention) at the top.
 */
import { Fragment } from 'react';
import { DocAiPanel } from '../../docai/DocAiPanel.js';
import { useViewerTranslation } from '../../i18n/useViewerTranslation.js';
import { entityIdOf } from '../../session/document-edits.js';
import { DOCUMENT_TABLES_KEY, groupEntries, type PanelField } from '../../session/fields.js';
import { type ActionContext, stepAttention } from '../actions.js';
import { useSession, useUi } from '../context.js';
import { FieldRow } from './FieldRow.js';
import { MissingField } from './MissingField.js';
import { TableEditor } from './TableEditor.js';

export interface FieldPanelProps {
  fields: PanelField[];
  attention: string[];
  ctx: ActionContext;
}

const EMPTY_TEXTS: ReadonlyArray<{ id: string; text: string }> = [];

export function FieldPanel({ fields, attention, ctx }: FieldPanelProps) {
  const { t } = useViewerTranslation();
  const config = useSession((s) => s.init?.workspaceConfig);
  const readOnly = useSession((s) => s.mode !== 'review');
  const selectedId = useUi((s) => s.selectedId);
  const selected = selectedId ? entityIdOf(selectedId) : null;
  if (!config) return null;
  const showConfidence = Boolean(config.showConfidenceInViewer);
  const allowOcrText = Boolean(config.allowSelectingTextWithOcr);
  const allowAdding = config.allowAddingEntities !== false;
  const predefinedTexts = config.predefinedTexts ?? EMPTY_TEXTS;
  const count = attention.length;

  return (
    <section className="rd-viewer-panel" aria-label={t('panel.label')}>
      <div className="rd-viewer-panel__guide">
        <p className="rd-viewer-panel__count" aria-live="polite" data-testid="panel.attention">
          {count === 0
            ? t('panel.allChecked')
            : t(count === 1 ? 'panel.attention_one' : 'panel.attention_other', { count })}
        </p>
        <button
          type="button"
          className="rd-viewer-chip rd-focusable"
          disabled={count === 0}
          onClick={() => stepAttention(ctx, attention, -1)}
          aria-keyshortcuts="Alt+P"
          data-testid="panel.previous"
        >
          ‹ {t('panel.previous')}
        </button>
        <button
          type="button"
          className="rd-viewer-chip rd-focusable"
          disabled={count === 0}
          onClick={() => stepAttention(ctx, attention, 1)}
          aria-keyshortcuts="Alt+N"
          data-testid="panel.next"
        >
          {t('panel.next')} ›
        </button>
      </div>
      <div className="rd-viewer-panel__fields">
        {fields.map((field) => {
          const headingId = `rd-field-${field.key}`;
          return (
            <section
              key={field.key}
              className="rd-viewer-panel__field"
              aria-labelledby={headingId}
              data-kind={field.kind}
            >
              <h3 id={headingId} className="rd-viewer-panel__field-name">
                <span
                  className="rd-viewer-swatch"
                  aria-hidden="true"
                  style={{ background: field.colours.fill, borderColor: field.colours.stroke }}
                />
                {field.label}
                {field.required ? (
                  <span className="rd-viewer-required" title={t('field.required')}>
                    <span aria-hidden="true">*</span>
                    <span className="rd-visually-hidden">{t('field.required')}</span>
                  </span>
                ) : null}
                {!field.definition && field.key !== DOCUMENT_TABLES_KEY ? (
                  <span className="rd-viewer-panel__unknown">{t('panel.unknownField')}</span>
                ) : null}
              </h3>
              <ul className="rd-viewer-panel__values">
                {field.entries.length === 0 && field.kind === 'value' ? (
                  <MissingField
                    field={field}
                    ctx={ctx}
                    readOnly={readOnly}
                    selected={selected === `field:${field.key}`}
                    allowAdding={allowAdding}
                    allowOcrText={allowOcrText}
                  />
                ) : null}
                {(config.allowGroups ? groupEntries(field.entries) : [{ group: null, entries: field.entries }]).map(
                  ({ group, entries }) => (
                    <Fragment key={group ?? ''}>
                      {group ? <li className="rd-viewer-panel__group">{t('panel.group', { name: group })}</li> : null}
                      {entries.map((entry) => {
                        if (field.kind === 'table' || entry.entity.table) {
                          return (
                            <TableEditor
                              key={entry.id}
                              field={field}
                              entry={entry}
                              ctx={ctx}
                              readOnly={readOnly}
                              selected={selected === entry.id}
                            />
                          );
                        }
                        if (entry.entity.qrCode) {
                          const qr = entry.entity.qrCode;
                          return (
                            <li
                              key={entry.id}
                              className="rd-viewer-field"
                              data-entry-id={entry.id}
                              data-testid={`qr.${field.key}`}
                            >
                              <p className="rd-viewer-qr__content" data-row-focus tabIndex={-1}>
                                <span className="rd-visually-hidden">{t('qr.label')}: </span>
                                {qr.content}
                              </p>
                              {qr.isValid === false ? (
                                <p className="rd-viewer-field__message">{t('qr.invalid')}</p>
                              ) : null}
                              {qr.keyValues?.length ? (
                                <dl className="rd-viewer-qr__values">
                                  {qr.keyValues.map((kv, index) => (
                                    // biome-ignore lint/suspicious/noArrayIndexKey: decoded values keep their order
                                    <div key={index}>
                                      <dt>{kv.category}</dt>
                                      <dd>{kv.content}</dd>
                                    </div>
                                  ))}
                                </dl>
                              ) : null}
                            </li>
                          );
                        }
                        return (
                          <FieldRow
                            key={entry.id}
                            field={field}
                            entry={entry}
                            ctx={ctx}
                            selected={selected === entry.id}
                            readOnly={readOnly}
                            showConfidence={showConfidence}
                            allowOcrText={allowOcrText}
                            allowAdding={allowAdding}
                            predefinedTexts={predefinedTexts}
                          />
                        );
                      })}
                    </Fragment>
                  ),
                )}
              </ul>
            </section>
          );
        })}
      </div>
      <DocAiPanel ctx={ctx} />
    </section>
  );
}
