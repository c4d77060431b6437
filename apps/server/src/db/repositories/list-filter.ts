// The shape of a checked list filter, as the list queries (task-queries.ts) turn it into SQL. The
// rules that build one from a request — whitelists, operators, values — are in
// domain/tasks/filters.ts; only what the queries read lives here, below the domain.

export type FieldKind = 'text' | 'integer' | 'status' | 'uuid' | 'date' | 'boolean';
export type Operator = 'eq' | 'neq' | 'contains' | 'startsWith' | 'in' | 'gt' | 'gte' | 'lt' | 'lte' | 'between';
export type FilterValue = string | number | boolean | Date | null;

export interface FieldSpec {
  /** Column (qualified with the list's table alias). Never built from request text. */
  column: string;
  kind: FieldKind;
  /** The column may hold NULL: sorts put NULLs last, eq/neq null are allowed. */
  nullable?: boolean;
  filterable?: boolean;
  sortable?: boolean;
  /** Not a column: matches tasks with an assignee (task_assignment_users) equal to the value. */
  assignee?: boolean;
}

/** API field name → column. Names are matched case-insensitively. */
export type FieldWhitelist = Readonly<Record<string, FieldSpec>>;

export interface Condition {
  field: string;
  column: string;
  kind: FieldKind;
  operator: Operator;
  /** One value for comparisons, several for `in`, two for `between`; [null] for IS (NOT) NULL. */
  values: FilterValue[];
  /** The field is a task's assignees (see FieldSpec.assignee). */
  assignee?: boolean;
}

export interface SortKey {
  field: string;
  column: string;
  kind: FieldKind;
  descending: boolean;
  nullable: boolean;
}

export interface ParsedFilter {
  text: string | null;
  /** OR of AND groups (disjunctive normal form); empty = no filter. */
  groups: Condition[][];
  sort: SortKey[];
}

/** Escapes LIKE wildcards so user text is matched literally (backslash is PostgreSQL's escape). */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
