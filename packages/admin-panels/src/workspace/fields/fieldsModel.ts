/**
 * The rules of the fields tab, apart from the screen (product-spec §4, §5, §9): the keys a field
 * may have, the change level of an edit (the highest reached wins), new fields' random colour, and
 * the PATCH body the server expects.
 */
import type { Schema } from '@reviewdesk/api-client';

// The keys and type codes are the same for a workspace's fields and a template's: one rule for both.
export {
  FIELD_KEY,
  FIELD_TYPE_CODES,
  type FieldTypeCode,
  type KeyProblem,
  keyProblem,
  TABLE_HEADER_KEY,
} from '@reviewdesk/ui/template-fields';

export type FieldDefinition = Schema<'FieldDefinition'>;
export type FieldChangeLevel = Schema<'FieldChangeLevel'>;
/** Table group (its children are the table's columns). */
export const TABLE_GROUP = 100;

/** What the tab edits: every field, and the selected keys in display order. */
export interface FieldsDraft {
  fields: FieldDefinition[];
  selected: string[];
}

export function draftOf(saved: Schema<'WorkspaceFields'>): FieldsDraft {
  // The display order first, then any selected key the order does not name yet.
  const selected = [
    ...saved.fieldOrder.filter((k) => saved.fieldsToDetect.includes(k)),
    ...saved.fieldsToDetect.filter((k) => !saved.fieldOrder.includes(k)),
  ];
  return { fields: saved.categories.map((f) => structuredClone(f)), selected };
}

/** Whether an ECMAScript pattern compiles (the server refuses one that does not). */
export function patternIsValid(pattern: string | null | undefined): boolean {
  if (!pattern) return true;
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The change level of going from `saved` to `draft` (product-spec §4: the highest reached wins). */
export function changeLevel(saved: Schema<'WorkspaceFields'>, draft: FieldsDraft): FieldChangeLevel {
  const before = draftOf(saved);
  const savedByKey = new Map(saved.categories.map((f) => [f.categoryKey, f]));
  const draftKeys = new Set(draft.fields.map((f) => f.categoryKey));
  let level: FieldChangeLevel = 0;
  const reach = (l: FieldChangeLevel) => {
    if (l > level) level = l;
  };
  // Selecting, unselecting, adding or reordering requires reprocessing.
  if (!same(before.selected, draft.selected)) reach(20);
  for (const field of draft.fields) {
    const old = savedByKey.get(field.categoryKey);
    if (!old) reach(20);
    else if (!same(old, field)) reach(!old.fieldConfig.isRequired && field.fieldConfig.isRequired ? 20 : 10);
  }
  // Deleting applies to the current task only.
  if (saved.categories.some((f) => !draftKeys.has(f.categoryKey))) reach(10);
  return level;
}

/** The PATCH Fields body that turns `saved` into `draft`. */
export function updateOf(saved: Schema<'WorkspaceFields'>, draft: FieldsDraft): Schema<'WorkspaceFieldsUpdate'> {
  const savedByKey = new Map(saved.categories.map((f) => [f.categoryKey, f]));
  const draftKeys = new Set(draft.fields.map((f) => f.categoryKey));
  return {
    addedFields: draft.fields.filter((f) => !savedByKey.has(f.categoryKey)),
    editedFields: draft.fields.filter((f) => {
      const old = savedByKey.get(f.categoryKey);
      return old !== undefined && !same(old, f);
    }),
    deletedFields: saved.categories.filter((f) => !draftKeys.has(f.categoryKey)).map((f) => f.categoryKey),
    fieldOrder: [...draft.selected],
    baseFields: [...draft.selected],
  };
}

/** `#rrggbbaa` of a random colour at opacity 0.32 (fill) and the same colour opaque (stroke), product-spec §9. */
export function randomFieldColours(random: () => number = Math.random): { fillColor: string; strokeColor: string } {
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  const rgb = [0, 0, 0].map(() => hex(Math.floor(random() * 256))).join('');
  return { fillColor: `#${rgb}${hex(Math.round(0.32 * 255))}`, strokeColor: `#${rgb}` };
}

/** A new field with the given key and name, unselected details at their defaults. */
export function newField(key: string, displayName: string, parentCategoryKey: string | null = null): FieldDefinition {
  return {
    categoryKey: key,
    displayName,
    parentCategoryKey,
    description: null,
    ...randomFieldColours(),
    groupType: null,
    fieldConfig: { type: 50, isRequired: false, pattern: null },
    hideInColSelect: false,
    editLocked: false,
  };
}
