// From the engines' findings to the workspace's fields: the engines name invoice and receipt fields
// with their own keys (documents/README.md), a workspace names its fields as its administrator
// chose (categories with categoryKey and alternativeCategoryKeys, the selection fieldsToDetect, the
// order fieldOrder). Only fields the workspace detects are kept, under its own key.
import type { FieldDefinition } from '../../domain/workspaces/types.js';
import type { Entity } from '../documents/index.js';

export interface FieldMapping {
  /** Engine category → the workspace's field. */
  fieldOf(category: string): FieldDefinition | undefined;
  /** Position of a workspace key in fieldOrder (unknown keys last). */
  orderOf(key: string): number;
}

export function fieldMapping(config: {
  categories: FieldDefinition[];
  fieldsToDetect: string[];
  fieldOrder: string[];
}): FieldMapping {
  const detect = new Set(config.fieldsToDetect);
  const byName = new Map<string, FieldDefinition>();
  for (const field of config.categories) {
    if (field.parentCategoryKey || !detect.has(field.categoryKey)) continue;
    // The field's own key wins over another field's alternative key.
    for (const alternative of field.alternativeCategoryKeys ?? []) {
      if (!byName.has(alternative)) byName.set(alternative, field);
    }
  }
  for (const field of config.categories) {
    if (!field.parentCategoryKey && detect.has(field.categoryKey)) byName.set(field.categoryKey, field);
  }
  const order = new Map(config.fieldOrder.map((key, index) => [key, index]));
  return {
    fieldOf: (category) => byName.get(category),
    orderOf: (key) => order.get(key) ?? Number.MAX_SAFE_INTEGER,
  };
}

/** The engine's field entities under the workspace's keys, in the workspace's field order. */
export function mapFieldEntities(entities: readonly Entity[], mapping: FieldMapping): Entity[] {
  const mapped: Entity[] = [];
  for (const entity of entities) {
    const field = mapping.fieldOf(entity.category);
    if (!field) continue;
    const key = field.categoryKey;
    mapped.push({
      ...entity,
      category: key,
      keyValues: entity.keyValues.map((keyValue) => ({ ...keyValue, category: key, categoryNormalized: key })),
    });
  }
  return mapped.sort((a, b) => mapping.orderOf(a.category) - mapping.orderOf(b.category));
}

export const entityConfidence = (entity: Entity): number | null =>
  entity.confidence ?? entity.keyValues.find((keyValue) => typeof keyValue.confidence === 'number')?.confidence ?? null;

export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 1000) / 1000;
}
