/**
 * The form of one template field (product-spec §3, §5): key (letters, digits and dots), name, type
 * code of §4, required flag; a DynamicTable field adds its columns (letters-and-digits keys, a type
 * and a required flag each). Checks everything before the call; the caller saves.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, Checkbox, Input, Select } from '@reviewdesk/ui';
import { type FormEvent, useState } from 'react';
import { useAdminPanelsTranslation } from '../i18n/resources';
import { FIELD_TYPE_CODES, keyProblem, TABLE_HEADER_KEY } from '../workspace/fields/fieldsModel';

export type TemplateField = Schema<'TemplateBuilderField'>;
type Header = Schema<'TableHeader'>;
type TypeCode = Schema<'FieldTypeCode'>;

/** DynamicTable (§4): a table whose rows are labelled freely. */
export const DYNAMIC_TABLE = 400;

/** A new field's definition, with colours of the labelling palette. */
export function newTemplateField(): TemplateField {
  return {
    categoryKey: '',
    displayName: '',
    parentCategoryKey: null,
    description: null,
    fillColor: '#00838f33',
    strokeColor: '#00838f',
    groupType: null,
    fieldConfig: { type: 50, isRequired: false, pattern: null },
    hideInColSelect: false,
    editLocked: false,
    templateFieldType: 50,
    table: null,
  };
}

/** The problems of a table's columns: each key's, in order, or null when it is fine. */
export function columnProblems(headers: readonly Header[]): Array<'empty' | 'tableCharacters' | 'duplicate' | null> {
  return headers.map((h, i) => {
    if (!h.uniqueId) return 'empty';
    if (!TABLE_HEADER_KEY.test(h.uniqueId)) return 'tableCharacters';
    return headers.findIndex((o) => o.uniqueId === h.uniqueId) < i ? 'duplicate' : null;
  });
}

export interface TemplateFieldFormProps {
  field: TemplateField;
  /** The template's other fields (a key is unique among them). */
  others: readonly TemplateField[];
  saving: boolean;
  /** The server's refusal, in the person's language. */
  error: string | null;
  onSave: (field: TemplateField) => void;
  onCancel: () => void;
}

export function TemplateFieldForm({ field, others, saving, error, onSave, onCancel }: TemplateFieldFormProps) {
  const { t } = useAdminPanelsTranslation();
  const [draft, setDraft] = useState<TemplateField>(field);
  const [touched, setTouched] = useState(false);
  const type = (draft.templateFieldType ?? draft.fieldConfig?.type ?? 50) as TypeCode;
  const headers = draft.table?.tableHeaders ?? [];
  const keyError = keyProblem(draft.categoryKey, false, others);
  const nameError = draft.displayName.trim() ? null : t('workspace.fields.nameRequired');
  const columns = columnProblems(headers);
  const tableError = type === DYNAMIC_TABLE && headers.length === 0 ? t('templates.fields.noColumns') : null;
  const invalid = Boolean(keyError || nameError || tableError || columns.some(Boolean));

  const setType = (next: TypeCode) =>
    setDraft((d) => ({
      ...d,
      templateFieldType: next,
      groupType: next === DYNAMIC_TABLE ? 100 : null,
      fieldConfig: { ...d.fieldConfig, type: next, isRequired: d.fieldConfig?.isRequired ?? false },
      table: next === DYNAMIC_TABLE ? (d.table ?? { tableHeaders: [] }) : null,
    }));
  const setHeaders = (next: Header[]) => setDraft((d) => ({ ...d, table: { tableHeaders: next } }));
  const setHeader = (index: number, change: Partial<Header>) =>
    setHeaders(headers.map((h, i) => (i === index ? { ...h, ...change } : h)));
  const typeOptions = (codes: readonly TypeCode[]) =>
    codes.map((code) => ({ value: String(code), label: t(`workspace.fields.types.${code}`) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setTouched(true);
    if (invalid) return;
    onSave({ ...draft, categoryKey: draft.categoryKey.trim(), displayName: draft.displayName.trim() });
  };

  return (
    <form
      className="rd-admin__form rd-templates__field-form"
      onSubmit={submit}
      noValidate
      data-testid="templates.field-form"
    >
      <fieldset className="rd-admin__fieldset" disabled={saving}>
        <Input
          label={t('workspace.fields.key')}
          hint={t('workspace.fields.keyHint')}
          required
          value={draft.categoryKey}
          onChange={(e) => setDraft((d) => ({ ...d, categoryKey: e.target.value }))}
          error={touched && keyError ? t(`workspace.fields.keyProblems.${keyError}`) : null}
          data-testid="templates.field.key"
        />
        <Input
          label={t('workspace.fields.name')}
          required
          value={draft.displayName}
          onChange={(e) => setDraft((d) => ({ ...d, displayName: e.target.value }))}
          error={touched ? nameError : null}
          data-testid="templates.field.name"
        />
        <Select
          label={t('workspace.fields.type')}
          value={String(type)}
          options={typeOptions(FIELD_TYPE_CODES)}
          onChange={(e) => setType(Number(e.target.value) as TypeCode)}
          data-testid="templates.field.type"
        />
        <Checkbox
          label={t('workspace.fields.required')}
          hint={t('templates.fields.requiredHint')}
          checked={draft.fieldConfig?.isRequired ?? false}
          onChange={(e) =>
            setDraft((d) => ({ ...d, fieldConfig: { ...d.fieldConfig, type, isRequired: e.target.checked } }))
          }
          data-testid="templates.field.required"
        />
        {type === DYNAMIC_TABLE ? (
          <fieldset className="rd-admin__group" data-testid="templates.field.columns">
            <legend className="rd-admin__legend">{t('templates.fields.columns')}</legend>
            {headers.map((header, index) => (
              // Columns have no id before their key is typed: their place is their identity here.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <div className="rd-templates__column" key={index}>
                <Input
                  label={t('templates.fields.columnKey', { n: index + 1 })}
                  hint={t('workspace.fields.columnKeyHint')}
                  value={header.uniqueId}
                  onChange={(e) => setHeader(index, { uniqueId: e.target.value })}
                  error={touched && columns[index] ? t(`workspace.fields.keyProblems.${columns[index]}`) : null}
                  data-testid={`templates.column.${index}.key`}
                />
                <Select
                  label={t('workspace.fields.type')}
                  value={String(header.fieldType ?? 50)}
                  options={typeOptions(FIELD_TYPE_CODES.filter((c) => c !== DYNAMIC_TABLE))}
                  onChange={(e) => setHeader(index, { fieldType: Number(e.target.value) as TypeCode })}
                  data-testid={`templates.column.${index}.type`}
                />
                <Checkbox
                  label={t('workspace.fields.required')}
                  checked={header.isRequired ?? false}
                  onChange={(e) => setHeader(index, { isRequired: e.target.checked })}
                  data-testid={`templates.column.${index}.required`}
                />
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => setHeaders(headers.filter((_, i) => i !== index))}
                  aria-label={t('templates.fields.removeColumn', { n: index + 1 })}
                >
                  {t('workspace.fields.delete')}
                </Button>
              </div>
            ))}
            {touched && tableError ? <p className="rd-field__error">{tableError}</p> : null}
            <Button
              type="button"
              onClick={() => setHeaders([...headers, { uniqueId: '', fieldType: 50, isRequired: false }])}
              data-testid="templates.field.addColumn"
            >
              {t('workspace.fields.addColumn')}
            </Button>
          </fieldset>
        ) : null}
      </fieldset>
      {error ? (
        <p className="rd-field__error" role="alert" data-testid="templates.field.error">
          {error}
        </p>
      ) : null}
      <div className="rd-admin__actions">
        <Button type="button" onClick={onCancel} disabled={saving}>
          {t('workspace.fields.cancel')}
        </Button>
        <Button type="submit" variant="primary" loading={saving} data-testid="templates.field.save">
          {saving ? t('common.saving') : t('common.save')}
        </Button>
      </div>
    </form>
  );
}
