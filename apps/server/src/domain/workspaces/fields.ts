// Workspace fields: key rules, applying an edit (PATCH Fields/{workspaceId}) and the change level
// it carries (product spec §4 "Rules of change during use"):
// - selecting, unselecting, adding or reordering fields → Reprocess (20);
// - editing a field → Reprocess only if it becomes required, otherwise CurrentTask (10);
// - deleting a field → CurrentTask (10);
// - the highest level reached wins; nothing changed → None (0).
// Every broken rule is WorkspaceConfigError (10) with a message that names the key.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import { invalid } from '../errors.js';
import {
  FIELD_CHANGE_LEVEL,
  type FieldChangeLevel,
  type FieldDefinition,
  type FieldsState,
  type FieldsUpdate,
} from './types.js';

export const CATEGORY_KEY_PATTERN = /^[A-Za-z0-9.]+$/;
export const TABLE_HEADER_KEY_PATTERN = /^[A-Za-z0-9]+$/;

export const configError = (message: string) => invalid(message, TaskErrorCode.WorkspaceConfigError);

/** Checks one key; `column` for a child of another field (a table header key). */
export function checkKey(key: string, column: boolean): void {
  if (column) {
    if (!TABLE_HEADER_KEY_PATTERN.test(key)) {
      throw configError(`The table header key '${key}' may only contain letters and digits.`);
    }
  } else if (!CATEGORY_KEY_PATTERN.test(key)) {
    throw configError(`The field key '${key}' may only contain letters, digits and dots.`);
  }
}

/** Whole-list rules: unique keys, valid keys, parents that exist, valid patterns. */
export function validateCategories(categories: FieldDefinition[]): void {
  const keys = new Set<string>();
  for (const field of categories) {
    if (keys.has(field.categoryKey)) throw configError(`The field key '${field.categoryKey}' is used twice.`);
    keys.add(field.categoryKey);
  }
  const byKey = new Map(categories.map((c) => [c.categoryKey, c]));
  for (const field of categories) {
    const parentKey = field.parentCategoryKey ?? null;
    checkKey(field.categoryKey, parentKey !== null);
    for (const alternative of field.alternativeCategoryKeys ?? []) checkKey(alternative, parentKey !== null);
    if (parentKey !== null) {
      const parent = byKey.get(parentKey);
      if (!parent) throw configError(`The parent '${parentKey}' of the field '${field.categoryKey}' does not exist.`);
      if (parent.parentCategoryKey) {
        throw configError(`The field '${field.categoryKey}' cannot be nested under '${parentKey}', itself a child.`);
      }
    }
    if (!field.displayName.trim()) throw configError(`The field '${field.categoryKey}' needs a display name.`);
    const pattern = field.fieldConfig.pattern;
    if (pattern) {
      try {
        new RegExp(pattern);
      } catch {
        throw configError(`The pattern of the field '${field.categoryKey}' is not a valid regular expression.`);
      }
    }
  }
}

/** Keys of a list must all be fields of the workspace. */
function checkKnown(keys: string[], known: Set<string>, what: string): void {
  for (const key of keys) {
    checkKey(key, false);
    if (!known.has(key)) throw configError(`The ${what} '${key}' is not a field of this workspace.`);
  }
}

const required = (f: FieldDefinition | undefined) => f?.fieldConfig.isRequired === true;

/** Stable comparison of two definitions (key order and absent-vs-undefined do not count). */
function sameDefinition(a: FieldDefinition, b: FieldDefinition): boolean {
  const norm = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(norm);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>)
          .filter(([, x]) => x !== undefined && x !== null)
          .sort(([x], [y]) => x.localeCompare(y))
          .map(([k, x]) => [k, norm(x)]),
      );
    }
    return v;
  };
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

/** True when the keys both lists share come in a different relative order. */
export function orderChanged(before: string[], after: string[]): boolean {
  const inAfter = new Set(after);
  const inBefore = new Set(before);
  const a = before.filter((k) => inAfter.has(k));
  const b = after.filter((k) => inBefore.has(k));
  return a.some((k, i) => b[i] !== k);
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

export interface FieldsEditResult {
  fields: FieldsState;
  changeLevel: FieldChangeLevel;
}

/**
 * Applies an edit to the workspace's fields and works out its change level. `builtIn` are the
 * keys of the recognizer's own fields, which cannot be deleted.
 */
export function applyFieldsUpdate(
  before: FieldsState,
  update: FieldsUpdate,
  builtIn: ReadonlySet<string> = new Set(),
): FieldsEditResult {
  let level: FieldChangeLevel = FIELD_CHANGE_LEVEL.None;
  const raise = (to: FieldChangeLevel) => {
    if (to > level) level = to;
  };
  const byKey = new Map(before.categories.map((c) => [c.categoryKey, c]));

  // Deleting: custom, unlocked fields only; a table takes its columns along.
  const deleted = new Set<string>();
  for (const key of update.deletedFields ?? []) {
    checkKey(key, false);
    const field = byKey.get(key);
    if (!field) throw configError(`The field '${key}' cannot be deleted: it does not exist.`);
    if (field.editLocked || builtIn.has(key))
      throw configError(`The field '${key}' is built in and cannot be deleted.`);
    deleted.add(key);
    for (const child of before.categories) if (child.parentCategoryKey === key) deleted.add(child.categoryKey);
    raise(FIELD_CHANGE_LEVEL.CurrentTask);
  }

  // Editing: matched by key; locked fields stay as they are.
  const edited = new Map<string, FieldDefinition>();
  for (const field of update.editedFields) {
    const old = byKey.get(field.categoryKey);
    if (!old || deleted.has(field.categoryKey)) {
      throw configError(`The field '${field.categoryKey}' cannot be edited: it does not exist.`);
    }
    if (edited.has(field.categoryKey)) throw configError(`The field '${field.categoryKey}' is edited twice.`);
    if (sameDefinition(old, field)) continue;
    if (old.editLocked) throw configError(`The field '${field.categoryKey}' is locked and cannot be edited.`);
    edited.set(field.categoryKey, field);
    raise(!required(old) && required(field) ? FIELD_CHANGE_LEVEL.Reprocess : FIELD_CHANGE_LEVEL.CurrentTask);
  }

  // Adding: new keys only.
  for (const field of update.addedFields) {
    if (byKey.has(field.categoryKey) && !deleted.has(field.categoryKey)) {
      throw configError(`The field key '${field.categoryKey}' already exists.`);
    }
    raise(FIELD_CHANGE_LEVEL.Reprocess);
  }

  const categories = [
    ...before.categories.filter((c) => !deleted.has(c.categoryKey)).map((c) => edited.get(c.categoryKey) ?? c),
    ...update.addedFields.map((f) => ({ ...f, editLocked: false })),
  ];
  validateCategories(categories);
  const known = new Set(categories.map((c) => c.categoryKey));

  // Selection and order; keys deleted in the same edit are dropped rather than refused (the client
  // may send the lists it had before the deletion).
  const selection = update.baseFields.filter((k) => !deleted.has(k));
  const order = update.fieldOrder.filter((k) => !deleted.has(k));
  checkKnown(selection, known, 'selected field');
  checkKnown(order, known, 'ordered field');
  const selectionBefore = before.fieldsToDetect.filter((k) => !deleted.has(k));
  const orderBefore = before.fieldOrder.filter((k) => !deleted.has(k));
  if (!sameSet(selectionBefore, selection)) raise(FIELD_CHANGE_LEVEL.Reprocess);
  if (orderChanged(orderBefore, order)) raise(FIELD_CHANGE_LEVEL.Reprocess);
  // A field selected for the first time enters the order too: that is selecting (already Reprocess).

  return {
    fields: {
      categories,
      fieldsToDetect: selection,
      fieldOrder: order,
      requiredFields: categories.filter((c) => c.fieldConfig.isRequired).map((c) => c.categoryKey),
    },
    changeLevel: level,
  };
}

/** The built-in keys among the workspace's fields (the rest are custom fields). */
export function baseFieldKeys(categories: FieldDefinition[], builtIn: ReadonlySet<string>): string[] {
  return categories.filter((c) => builtIn.has(c.categoryKey) || c.editLocked).map((c) => c.categoryKey);
}
