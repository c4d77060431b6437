/**
 * Labelling a template (the template builder): a value drawn or typed for one of the template's
 * fields names that field (`templateBuilderField`), so training finds it whatever its key becomes;
 * a DynamicTable field's value starts as an empty table with the field's columns, whose rows the
 * person adds one by one. A field of the template carries its `uniqueId` in the configuration the
 * builder gives the viewer; a workspace field has none and gets nothing.
 */
import type { Schema } from '@reviewdesk/api-client';
import type { Entity, Table, WorkspaceConfiguration } from './types.js';

const DYNAMIC_TABLE = 400;

interface TemplateDefinition {
  categoryKey: string;
  uniqueId?: string | null;
  templateFieldType?: number;
  table?: { tableHeaders: Table['tableHeaders'] } | null;
}

/** What a new value of `category` carries besides its key values: its template field and, for a table, the table. */
export function templateLabelOf(
  config: WorkspaceConfiguration | undefined,
  category: string,
): Pick<Entity, 'templateBuilderField' | 'table'> {
  const field = config?.categories.find((c) => c.categoryKey === category) as TemplateDefinition | undefined;
  if (!field?.uniqueId) return {};
  const type = (field.templateFieldType ?? 50) as Schema<'FieldTypeCode'>;
  const label = { templateBuilderField: { fieldUniqueId: field.uniqueId, type, keyValues: [] } };
  if (field.templateFieldType !== DYNAMIC_TABLE) return label;
  const headers = field.table?.tableHeaders ?? [];
  return {
    ...label,
    table: { rowCount: 0, columnCount: headers.length, tableHeaders: headers.map((h) => ({ ...h })), tableRows: {} },
  };
}
