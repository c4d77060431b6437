/**
 * The rules of a template's fields apart from any screen (product-spec §3, §4, §5): the field type
 * codes, the keys a field and a table column may have, a DynamicTable field's columns, and a new
 * field's starting definition. The workspace fields tab, the template lists and the template
 * builder of the document viewer check the same way the server does.
 */
import type { Schema } from '@reviewdesk/api-client';

export type TemplateField = Schema<'TemplateBuilderField'>;
export type FieldTypeCode = Schema<'FieldTypeCode'>;
type Header = Schema<'TableHeader'>;

/** Field type codes of product-spec §4, in the order a person picks them. */
export const FIELD_TYPE_CODES: readonly FieldTypeCode[] = [
  50, 51, 52, 100, 101, 150, 151, 152, 153, 200, 250, 300, 350, 400,
];

/** DynamicTable (§4): a table whose rows are labelled freely. */
export const DYNAMIC_TABLE = 400;

/** A field key: letters, digits and dots. */
export const FIELD_KEY = /^[A-Za-z0-9.]+$/;
/** A table column key: letters and digits only. */
export const TABLE_HEADER_KEY = /^[A-Za-z0-9]+$/;

export type KeyProblem = 'empty' | 'characters' | 'tableCharacters' | 'duplicate';

/** What is wrong with a key among the other fields' keys, or null when it is fine. */
export function keyProblem(
  key: string,
  isColumn: boolean,
  others: readonly { categoryKey: string }[],
): KeyProblem | null {
  if (!key) return 'empty';
  if (isColumn ? !TABLE_HEADER_KEY.test(key) : !FIELD_KEY.test(key)) return isColumn ? 'tableCharacters' : 'characters';
  if (others.some((f) => f.categoryKey === key)) return 'duplicate';
  return null;
}

/** The problems of a table's columns: each key's, in order, or null when it is fine. */
export function columnProblems(headers: readonly Header[]): Array<'empty' | 'tableCharacters' | 'duplicate' | null> {
  return headers.map((h, i) => {
    if (!h.uniqueId) return 'empty';
    if (!TABLE_HEADER_KEY.test(h.uniqueId)) return 'tableCharacters';
    return headers.findIndex((o) => o.uniqueId === h.uniqueId) < i ? 'duplicate' : null;
  });
}

/** The type code of a field (its template type, else its configured type, else Text 50). */
export const typeOf = (field: TemplateField): FieldTypeCode =>
  (field.templateFieldType ?? field.fieldConfig?.type ?? 50) as FieldTypeCode;

/** A new field's definition, with colours of the labelling palette; a key–value part names its parent. */
export function newTemplateField(parentCategoryKey: string | null = null): TemplateField {
  return {
    categoryKey: '',
    displayName: '',
    parentCategoryKey,
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
