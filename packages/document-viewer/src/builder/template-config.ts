/**
 * The viewer's configuration in the template builder: the template's fields (TemplateBuilder
 * GetFields) in place of the workspace's, so the panel lists them, new values name them
 * (session/template-labels.ts) and finishing checks their required flags. A key–value part is
 * labelled on its own, listed after its field as "Field › Part".
 */
import type { Schema } from '@reviewdesk/api-client';
import type { WorkspaceConfiguration } from '../session/types.js';

export type TemplateField = Schema<'TemplateBuilderField'>;

/** The configuration with the template's fields, every one of them shown and detected. */
export function withTemplateFields(
  config: WorkspaceConfiguration,
  fields: readonly TemplateField[],
  partName: (parent: string, part: string) => string,
): WorkspaceConfiguration {
  const byKey = new Map(fields.map((f) => [f.categoryKey, f] as const));
  const categories = fields.map((field) => {
    const parent = field.parentCategoryKey ? byKey.get(field.parentCategoryKey) : undefined;
    return parent
      ? { ...field, parentCategoryKey: null, displayName: partName(parent.displayName, field.displayName) }
      : field;
  });
  const ordered = fields
    .filter((f) => !f.parentCategoryKey)
    .flatMap((top) => [top, ...fields.filter((f) => f.parentCategoryKey === top.categoryKey)])
    .map((f) => f.categoryKey);
  return {
    ...config,
    categories,
    fieldOrder: ordered,
    fieldsToDetect: ordered,
    requiredFields: fields.filter((f) => f.fieldConfig?.isRequired).map((f) => f.categoryKey),
    allowAddingEntities: true,
  };
}
