/**
 * The form of one template field (product-spec §3, §5): key (letters, digits and dots), name, type
 * code of §4, required flag; a DynamicTable field adds its columns (letters-and-digits keys, a type
 * and a required flag each). Checks everything before the call; the caller saves.
 */
import type { Schema } from '@reviewdesk/api-client';
import { type FormEvent, useState } from 'react';
import { Button } from '../components/Button/Button';
import { Checkbox, Input, Select } from '../components/Field/Field';
import {
  columnProblems,
  DYNAMIC_TABLE,
  FIELD_TYPE_CODES,
  type FieldTypeCode,
  keyProblem,
  type TemplateField,
  typeOf,
} from './field-rules';
import { useTemplateFieldsTranslation } from './i18n';

type Header = Schema<'TableHeader'>;

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
  const { t } = useTemplateFieldsTranslation();
  const [draft, setDraft] = useState<TemplateField>(field);
  const [touched, setTouched] = useState(false);
  const type = typeOf(draft);
  const isPart = Boolean(draft.parentCategoryKey);
  const headers = draft.table?.tableHeaders ?? [];
  // A key–value part (a field with a parent) has a letters-and-digits key, like a column.
  const keyError = keyProblem(draft.categoryKey, isPart, others);
  const nameError = draft.displayName.trim() ? null : t('nameRequired');
  const columns = columnProblems(headers);
  const tableError = type === DYNAMIC_TABLE && headers.length === 0 ? t('noColumns') : null;
  const invalid = Boolean(keyError || nameError || tableError || columns.some(Boolean));

  const setType = (next: FieldTypeCode) =>
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
  const typeOptions = (codes: readonly FieldTypeCode[]) =>
    codes.map((code) => ({ value: String(code), label: t(`types.${code}` as 'types.50') }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setTouched(true);
    if (invalid) return;
    onSave({ ...draft, categoryKey: draft.categoryKey.trim(), displayName: draft.displayName.trim() });
  };

  return (
    <form className="rd-template-fields__form" onSubmit={submit} noValidate data-testid="templates.field-form">
      <fieldset className="rd-template-fields__fieldset" disabled={saving}>
        <Input
          label={t('key')}
          hint={isPart ? t('columnKeyHint') : t('keyHint')}
          required
          value={draft.categoryKey}
          onChange={(e) => setDraft((d) => ({ ...d, categoryKey: e.target.value }))}
          error={touched && keyError ? t(`keyProblems.${keyError}`) : null}
          data-testid="templates.field.key"
        />
        <Input
          label={t('name')}
          required
          value={draft.displayName}
          onChange={(e) => setDraft((d) => ({ ...d, displayName: e.target.value }))}
          error={touched ? nameError : null}
          data-testid="templates.field.name"
        />
        <Select
          label={t('type')}
          value={String(type)}
          // A key–value part is one value: it cannot be a table.
          options={typeOptions(isPart ? FIELD_TYPE_CODES.filter((c) => c !== DYNAMIC_TABLE) : FIELD_TYPE_CODES)}
          onChange={(e) => setType(Number(e.target.value) as FieldTypeCode)}
          data-testid="templates.field.type"
        />
        <Checkbox
          label={t('required')}
          hint={t('requiredHint')}
          checked={draft.fieldConfig?.isRequired ?? false}
          onChange={(e) =>
            setDraft((d) => ({ ...d, fieldConfig: { ...d.fieldConfig, type, isRequired: e.target.checked } }))
          }
          data-testid="templates.field.required"
        />
        {type === DYNAMIC_TABLE ? (
          <fieldset className="rd-template-fields__group" data-testid="templates.field.columns">
            <legend className="rd-template-fields__legend">{t('columns')}</legend>
            {headers.map((header, index) => (
              // Columns have no id before their key is typed: their place is their identity here.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <div className="rd-template-fields__column" key={index}>
                <Input
                  label={t('columnKey', { n: index + 1 })}
                  hint={t('columnKeyHint')}
                  value={header.uniqueId}
                  onChange={(e) => setHeader(index, { uniqueId: e.target.value })}
                  error={touched && columns[index] ? t(`keyProblems.${columns[index]}`) : null}
                  data-testid={`templates.column.${index}.key`}
                />
                <Select
                  label={t('type')}
                  value={String(header.fieldType ?? 50)}
                  options={typeOptions(FIELD_TYPE_CODES.filter((c) => c !== DYNAMIC_TABLE))}
                  onChange={(e) => setHeader(index, { fieldType: Number(e.target.value) as FieldTypeCode })}
                  data-testid={`templates.column.${index}.type`}
                />
                <Checkbox
                  label={t('required')}
                  checked={header.isRequired ?? false}
                  onChange={(e) => setHeader(index, { isRequired: e.target.checked })}
                  data-testid={`templates.column.${index}.required`}
                />
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => setHeaders(headers.filter((_, i) => i !== index))}
                  aria-label={t('removeColumn', { n: index + 1 })}
                >
                  {t('delete')}
                </Button>
              </div>
            ))}
            {touched && tableError ? <p className="rd-field__error">{tableError}</p> : null}
            <Button
              type="button"
              onClick={() => setHeaders([...headers, { uniqueId: '', fieldType: 50, isRequired: false }])}
              data-testid="templates.field.addColumn"
            >
              {t('addColumn')}
            </Button>
          </fieldset>
        ) : null}
      </fieldset>
      {error ? (
        <p className="rd-field__error" role="alert" data-testid="templates.field.error">
          {error}
        </p>
      ) : null}
      <div className="rd-template-fields__actions">
        <Button type="button" onClick={onCancel} disabled={saving}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant="primary" loading={saving} data-testid="templates.field.save">
          {saving ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}
