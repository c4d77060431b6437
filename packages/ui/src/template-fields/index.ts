/**
 * `@reviewdesk/ui/template-fields`: a template's fields (product-spec §3) — their rules (keys, type
 * codes, DynamicTable columns), the field form, the list with add, key–value parts, edit and delete,
 * and the calls that save them. The template lists (admin panels) and the template builder
 * (document viewer) show the same list; kept off ui's main entry with its own strings.
 */
export {
  columnProblems,
  DYNAMIC_TABLE,
  FIELD_KEY,
  FIELD_TYPE_CODES,
  type FieldTypeCode,
  type KeyProblem,
  keyProblem,
  newTemplateField,
  TABLE_HEADER_KEY,
  type TemplateField,
  typeOf,
} from './field-rules';
export {
  TEMPLATE_FIELDS_NAMESPACE,
  type TemplateFieldsKey,
  type TemplateFieldsResource,
  templateFieldsResources,
  useTemplateFieldsTranslation,
} from './i18n';
export { TemplateFieldForm, type TemplateFieldFormProps } from './TemplateFieldForm';
export { inListOrder, TemplateFields, type TemplateFieldsProps } from './TemplateFields';
export { templateFieldsQuery } from './template-fields-query';
export { type TemplateFieldMutationEvents, useTemplateFieldMutations } from './useTemplateFieldMutations';
