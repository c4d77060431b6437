// What must hold before a review can finish (product-spec §5): every required field of the
// workspace has a value, and every value of a field with a pattern matches it. Pure: it reads the
// workspace's fields and the pages' document results (DocumentResult of the contract).
//
// A field counts as filled when some page has an entity of that category (its key, or one of the
// field's alternativeCategoryKeys) with a key value whose content is not blank, or when the reviewer
// marked such an entity as solved (`markedAsSolved`: "checked", e.g. "this document has no due
// date"). `notDetected` alone does not fill a field: it is the recognizer saying it found nothing.
// A value the reviewer marked as solved is also exempt from its field's pattern.
import type { FieldDefinition } from '../workspaces/types.js';

interface KeyValueLike {
  content?: string | null;
}
interface EntityLike {
  category?: string;
  keyValues?: KeyValueLike[];
  markedAsSolved?: boolean;
  notDetected?: boolean;
  pageNumber?: number;
}
export interface PageDocument {
  page_number: number;
  document: { entities?: EntityLike[] } | Record<string, unknown>;
}

export interface FieldProblem {
  categoryKey: string;
  displayName: string;
  /** Pages of the offending values (pattern problems). */
  pages: number[];
}

export interface ValidationOutcome {
  emptyRequired: FieldProblem[];
  notMatching: FieldProblem[];
  /** Fields whose pattern is not a valid expression (a configuration problem, not the reviewer's). */
  invalidPatterns: FieldProblem[];
}

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';

function entitiesOf(pages: PageDocument[]): Array<EntityLike & { page: number }> {
  return pages.flatMap((p) => {
    const entities = (p.document as { entities?: unknown }).entities;
    return Array.isArray(entities) ? (entities as EntityLike[]).map((e) => ({ ...e, page: p.page_number })) : [];
  });
}

/** The keys an entity of this field may carry. */
const keysOf = (field: FieldDefinition) => new Set([field.categoryKey, ...(field.alternativeCategoryKeys ?? [])]);

export function validateFields(
  categories: FieldDefinition[],
  requiredKeys: string[],
  pages: PageDocument[],
): ValidationOutcome {
  const entities = entitiesOf(pages);
  const required = new Set([
    ...requiredKeys,
    ...categories.filter((c) => c.fieldConfig?.isRequired).map((c) => c.categoryKey),
  ]);
  const outcome: ValidationOutcome = { emptyRequired: [], notMatching: [], invalidPatterns: [] };
  for (const field of categories) {
    const keys = keysOf(field);
    const mine = entities.filter((e) => e.category !== undefined && keys.has(e.category));
    const problem = (pageList: number[] = []) => ({
      categoryKey: field.categoryKey,
      displayName: field.displayName,
      pages: [...new Set(pageList)].sort((a, b) => a - b),
    });
    if (required.has(field.categoryKey)) {
      const filled = mine.some(
        (e) => e.markedAsSolved === true || (e.keyValues ?? []).some((kv) => !blank(kv.content)),
      );
      if (!filled) outcome.emptyRequired.push(problem());
    }
    const pattern = field.fieldConfig?.pattern;
    if (!pattern) continue;
    let expression: RegExp;
    try {
      expression = new RegExp(pattern);
    } catch {
      outcome.invalidPatterns.push(problem());
      continue;
    }
    const offending = mine.filter(
      (e) =>
        e.markedAsSolved !== true &&
        (e.keyValues ?? []).some((kv) => !blank(kv.content) && !expression.test(kv.content as string)),
    );
    if (offending.length > 0) outcome.notMatching.push(problem(offending.map((e) => e.page)));
  }
  // A required key with no field definition cannot be filled by anything; report it under its key.
  for (const key of required) {
    if (!categories.some((c) => c.categoryKey === key)) {
      outcome.emptyRequired.push({ categoryKey: key, displayName: key, pages: [] });
    }
  }
  return outcome;
}

const label = (p: FieldProblem) =>
  p.displayName === p.categoryKey ? p.categoryKey : `${p.displayName} (${p.categoryKey})`;

export function emptyRequiredMessage(problems: FieldProblem[]): string {
  return `Required fields are empty: ${problems.map(label).join(', ')}.`;
}

export function notMatchingMessage(problems: FieldProblem[]): string {
  return `Fields do not match their pattern: ${problems
    .map((p) => `${label(p)} on page${p.pages.length === 1 ? '' : 's'} ${p.pages.join(', ')}`)
    .join('; ')}.`;
}
