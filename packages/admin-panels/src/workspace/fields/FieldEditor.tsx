/**
 * The dialog that adds or edits one field: key (new fields only: letters, digits and dot; a table
 * column's letters and digits), name, description, type code, required, the pattern a value must
 * match, and the fill and stroke colours of its boxes.
 */
import { Button, Checkbox, Dialog, Input, Select } from '@reviewdesk/ui';
import { useTemplateFieldsTranslation } from '@reviewdesk/ui/template-fields';
import { type FormEvent, useState } from 'react';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { FIELD_TYPE_CODES, type FieldDefinition, type FieldTypeCode, keyProblem, patternIsValid } from './fieldsModel';

export interface FieldEditorProps {
  field: FieldDefinition;
  /** A new field: its key can still be chosen. */
  isNew: boolean;
  /** Every other field, for the duplicate-key check. */
  others: readonly FieldDefinition[];
  onDone: (field: FieldDefinition) => void;
  onCancel: () => void;
}

/** `#rrggbb` of a `#rrggbb[aa]` colour, for the colour input (which has no alpha). */
const rgbOf = (colour: string | undefined, fallback: string) => (colour ?? fallback).slice(0, 7);
/** The alpha part of a `#rrggbbaa` colour ('' when opaque). */
const alphaOf = (colour: string | undefined) => (colour && colour.length === 9 ? colour.slice(7) : '');

export function FieldEditor({ field, isNew, others, onDone, onCancel }: FieldEditorProps) {
  const { t } = useAdminPanelsTranslation();
  // Field type names are the template fields' own (one set of names for both screens).
  const { t: fieldT } = useTemplateFieldsTranslation();
  const [draft, setDraft] = useState(field);
  const [touched, setTouched] = useState(false);
  const isColumn = Boolean(draft.parentCategoryKey);
  const problem = isNew ? keyProblem(draft.categoryKey, isColumn, others) : null;
  const nameMissing = !draft.displayName.trim();
  const badPattern = !patternIsValid(draft.fieldConfig.pattern);
  const config = (change: Partial<FieldDefinition['fieldConfig']>) =>
    setDraft((d) => ({ ...d, fieldConfig: { ...d.fieldConfig, ...change } }));

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (problem || nameMissing || badPattern) return;
    onDone({
      ...draft,
      displayName: draft.displayName.trim(),
      fieldConfig: { ...draft.fieldConfig, pattern: draft.fieldConfig.pattern || null },
    });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onCancel())}
      title={
        isNew
          ? t(isColumn ? 'workspace.fields.addColumnTitle' : 'workspace.fields.addTitle')
          : t('workspace.fields.editTitle', { name: field.displayName })
      }
      footer={
        <>
          <Button onClick={onCancel}>{t('workspace.fields.cancel')}</Button>
          <Button variant="primary" onClick={() => submit()} data-testid="workspace.field.done">
            {t('workspace.fields.done')}
          </Button>
        </>
      }
    >
      <form className="rd-admin__form" onSubmit={submit} noValidate data-testid="workspace.field.editor">
        <Input
          label={t('workspace.fields.key')}
          required
          readOnly={!isNew}
          value={draft.categoryKey}
          hint={isNew ? t(isColumn ? 'workspace.fields.columnKeyHint' : 'workspace.fields.keyHint') : null}
          onChange={(e) => setDraft((d) => ({ ...d, categoryKey: e.target.value }))}
          error={touched && problem ? t(`workspace.fields.keyProblems.${problem}`) : null}
          data-testid="workspace.field.key"
        />
        <Input
          label={t('workspace.fields.name')}
          required
          value={draft.displayName}
          onChange={(e) => setDraft((d) => ({ ...d, displayName: e.target.value }))}
          error={touched && nameMissing ? t('workspace.fields.nameRequired') : null}
          data-testid="workspace.field.name"
        />
        <Input
          label={t('workspace.fields.description')}
          value={draft.description ?? ''}
          onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value || null }))}
        />
        <Select
          label={t('workspace.fields.type')}
          value={String(draft.fieldConfig.type)}
          options={FIELD_TYPE_CODES.map((code) => ({
            value: String(code),
            label: fieldT(`types.${code}`),
          }))}
          onChange={(e) => config({ type: Number(e.target.value) as FieldTypeCode })}
          data-testid="workspace.field.type"
        />
        <Checkbox
          label={t('workspace.fields.required')}
          hint={t('workspace.fields.requiredHint')}
          checked={draft.fieldConfig.isRequired}
          onChange={(e) => config({ isRequired: e.target.checked })}
          data-testid="workspace.field.required"
        />
        <Input
          label={t('workspace.fields.pattern')}
          hint={t('workspace.fields.patternHint')}
          value={draft.fieldConfig.pattern ?? ''}
          spellCheck={false}
          onChange={(e) => config({ pattern: e.target.value })}
          error={touched && badPattern ? t('workspace.fields.patternInvalid') : null}
          data-testid="workspace.field.pattern"
        />
        <div className="rd-admin__row">
          <Input
            type="color"
            label={t('workspace.fields.fill')}
            value={rgbOf(draft.fillColor, '#0011ff')}
            // The picker has no alpha: keep the field's own opacity.
            onChange={(e) => setDraft((d) => ({ ...d, fillColor: `${e.target.value}${alphaOf(d.fillColor)}` }))}
            data-testid="workspace.field.fill"
          />
          <Input
            type="color"
            label={t('workspace.fields.stroke')}
            value={rgbOf(draft.strokeColor, '#0011ff')}
            onChange={(e) => setDraft((d) => ({ ...d, strokeColor: e.target.value }))}
            data-testid="workspace.field.stroke"
          />
        </div>
        <Checkbox
          label={t('workspace.fields.hideInColSelect')}
          checked={draft.hideInColSelect ?? false}
          onChange={(e) => setDraft((d) => ({ ...d, hideInColSelect: e.target.checked }))}
        />
      </form>
    </Dialog>
  );
}
