// The filters, free text and sort of the lists (TaskListFilter, ArchiveListFilter), checked
// against a whitelist BEFORE any SQL is built. A field name from the request only ever selects an
// entry of a whitelist; the SQL column comes from that entry, and values travel as parameters. A
// field, operator or value the list does not know is refused (400), never passed on.
//
// Semantics (the contract leaves them open):
// - `operator`: eq, neq, contains, startsWith, in, gt, gte, lt, lte, between. Which operators a
//   field accepts depends on its kind (text, integer, status, uuid, date, boolean).
// - `value`: a scalar; a list for `in` (1–500 items) and for `between` (exactly [from, to], both
//   included). Integers and booleans may be sent as strings ("60", "true"); a status may be sent
//   by name ("ToReview"). `eq`/`neq` with null test for a missing value (IS NULL / IS NOT NULL).
// - `operationType`: how an item joins the items BEFORE it: `and` (default) or `or`. AND binds
//   tighter than OR, as in SQL: `a, or b, c` reads `a OR (b AND c)`.
// - free text (`filter`): case-insensitive substring of the list's text columns (for tasks:
//   displayName, externalId, description), or the task number when the text is a number.
// - `sort`: whitelisted fields, each ascending unless `descending`; the list's default sort
//   otherwise; the id is always the last key so pages never overlap or skip.

import type {
  Condition,
  FieldKind,
  FieldSpec,
  FieldWhitelist,
  FilterValue,
  Operator,
  ParsedFilter,
  SortKey,
} from '../../db/repositories/list-filter.js';

export type {
  Condition,
  FieldKind,
  FieldSpec,
  FieldWhitelist,
  FilterValue,
  Operator,
  ParsedFilter,
  SortKey,
} from '../../db/repositories/list-filter.js';
export { likeEscape } from '../../db/repositories/list-filter.js';

export interface FilterItemInput {
  field?: unknown;
  operator?: unknown;
  operationType?: unknown;
  value?: unknown;
  label?: unknown;
}

export interface SortItemInput {
  field?: unknown;
  descending?: unknown;
}

export interface ListFilterInput {
  filter?: unknown;
  filters?: unknown;
  sort?: unknown;
}

/** Refusal of a filter, sort or paging argument; the handler answers 400 with this text. */
export class ListFilterError extends Error {}

export const LIMITS = {
  filterText: 256,
  filters: 50,
  sortKeys: 5,
  inValues: 500,
  stringValue: 1000,
  pageSize: 1000,
} as const;

const OPERATORS_BY_KIND: Record<FieldKind, readonly Operator[]> = {
  text: ['eq', 'neq', 'contains', 'startsWith', 'in'],
  integer: ['eq', 'neq', 'in', 'gt', 'gte', 'lt', 'lte', 'between'],
  status: ['eq', 'neq', 'in', 'gt', 'gte', 'lt', 'lte', 'between'],
  uuid: ['eq', 'neq', 'in'],
  date: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'between'],
  boolean: ['eq', 'neq'],
};

const ALL_OPERATORS: readonly Operator[] = [
  'eq',
  'neq',
  'contains',
  'startsWith',
  'in',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// ISO 8601 date or date-time (what the contract's date-time strings look like).
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/;

/** Resolves a status name or code; given by the caller so this module stays free of task rules. */
export type StatusResolver = (value: string | number) => number | undefined;

export interface ParseOptions {
  fields: FieldWhitelist;
  defaultSort: ReadonlyArray<{ field: string; descending: boolean }>;
  /** Tie-breaker appended to every sort: a unique, non-null column. */
  idColumn: string;
  status?: StatusResolver;
}

function lookup(fields: FieldWhitelist, name: string): [string, FieldSpec] | undefined {
  const lower = name.toLowerCase();
  return Object.entries(fields).find(([key]) => key.toLowerCase() === lower);
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function scalar(field: string, spec: FieldSpec, raw: unknown, status?: StatusResolver): FilterValue {
  const bad = (what: string) => new ListFilterError(`The value ${describe(raw)} of filter '${field}' ${what}.`);
  if (raw === null || raw === undefined) throw bad('is missing');
  switch (spec.kind) {
    case 'text': {
      if (typeof raw !== 'string' && typeof raw !== 'number') throw bad('must be text');
      const text = String(raw);
      if (text.length > LIMITS.stringValue) throw bad(`is longer than ${LIMITS.stringValue} characters`);
      return text;
    }
    case 'integer': {
      const n = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw bad('must be a whole number');
      return n;
    }
    case 'status': {
      const code = typeof raw === 'string' || typeof raw === 'number' ? status?.(raw) : undefined;
      if (code === undefined) throw bad('is not a task status');
      return code;
    }
    case 'uuid':
      if (typeof raw !== 'string' || !UUID.test(raw)) throw bad('must be an id (uuid)');
      return raw.toLowerCase();
    case 'date': {
      if (typeof raw !== 'string' || !ISO_DATE.test(raw.trim())) throw bad('must be an ISO 8601 date');
      const date = new Date(raw.trim());
      if (Number.isNaN(date.getTime())) throw bad('must be an ISO 8601 date');
      return date;
    }
    case 'boolean':
      if (raw === true || raw === 'true') return true;
      if (raw === false || raw === 'false') return false;
      throw bad('must be true or false');
  }
}

function parseCondition(item: FilterItemInput, index: number, options: ParseOptions): Condition {
  if (typeof item !== 'object' || item === null) throw new ListFilterError(`Filter ${index + 1} is not an object.`);
  const name = typeof item.field === 'string' ? item.field.trim() : '';
  const found = name ? lookup(options.fields, name) : undefined;
  if (!found || found[1].filterable === false) {
    throw new ListFilterError(`The field ${describe(item.field)} cannot be filtered on.`);
  }
  const [field, spec] = found;
  const target = { field, column: spec.column, kind: spec.kind, ...(spec.assignee ? { assignee: true } : {}) };
  const operator = ALL_OPERATORS.find(
    (o) => typeof item.operator === 'string' && o.toLowerCase() === item.operator.toLowerCase(),
  );
  if (!operator) throw new ListFilterError(`Unknown filter operator ${describe(item.operator)}.`);
  if (!OPERATORS_BY_KIND[spec.kind].includes(operator)) {
    throw new ListFilterError(`The operator '${operator}' does not apply to the field '${field}'.`);
  }
  const raw = item.value;
  if (operator === 'in') {
    const list = Array.isArray(raw) ? raw : [raw];
    if (list.length === 0 || list.length > LIMITS.inValues) {
      throw new ListFilterError(`Filter '${field}' with 'in' needs 1 to ${LIMITS.inValues} values.`);
    }
    return {
      ...target,
      operator,
      values: list.map((v) => scalar(field, spec, v, options.status)),
    };
  }
  if (operator === 'between') {
    if (!Array.isArray(raw) || raw.length !== 2) {
      throw new ListFilterError(`Filter '${field}' with 'between' needs a list of two values [from, to].`);
    }
    return {
      ...target,
      operator,
      values: raw.map((v) => scalar(field, spec, v, options.status)),
    };
  }
  if (Array.isArray(raw))
    throw new ListFilterError(`Filter '${field}' with '${operator}' takes one value, not a list.`);
  if (raw === null || raw === undefined) {
    if ((operator === 'eq' || operator === 'neq') && spec.nullable) {
      return { ...target, operator, values: [null] };
    }
    throw new ListFilterError(`Filter '${field}' needs a value.`);
  }
  return { ...target, operator, values: [scalar(field, spec, raw, options.status)] };
}

function joinOf(item: FilterItemInput, index: number): 'and' | 'or' {
  const raw = item.operationType;
  if (raw === undefined || raw === null || raw === '') return 'and';
  if (typeof raw === 'string' && (raw.toLowerCase() === 'and' || raw.toLowerCase() === 'or')) {
    return raw.toLowerCase() as 'and' | 'or';
  }
  throw new ListFilterError(`Filter ${index + 1} has an unknown operationType ${describe(raw)} (and, or).`);
}

function parseSort(raw: unknown, options: ParseOptions): SortKey[] {
  const keys: SortKey[] = [];
  const items = raw === undefined || raw === null ? [] : raw;
  if (!Array.isArray(items)) throw new ListFilterError('sort must be a list.');
  if (items.length > LIMITS.sortKeys) throw new ListFilterError(`At most ${LIMITS.sortKeys} sort keys are allowed.`);
  const requested = items.length > 0 ? items : options.defaultSort;
  for (const item of requested as SortItemInput[]) {
    const name = typeof item?.field === 'string' ? item.field.trim() : '';
    const found = name ? lookup(options.fields, name) : undefined;
    if (!found || found[1].sortable === false)
      throw new ListFilterError(`The field ${describe(item?.field)} cannot be sorted on.`);
    if (item.descending !== undefined && typeof item.descending !== 'boolean') {
      throw new ListFilterError(`descending of sort '${found[0]}' must be true or false.`);
    }
    const [field, spec] = found;
    if (keys.some((k) => k.column === spec.column)) continue;
    keys.push({
      field,
      column: spec.column,
      kind: spec.kind,
      descending: item.descending === true,
      nullable: spec.nullable === true,
    });
  }
  if (!keys.some((k) => k.column === options.idColumn)) {
    // Same direction as the last key keeps an index scan possible; any fixed direction is stable.
    const last = keys[keys.length - 1];
    keys.push({
      field: 'id',
      column: options.idColumn,
      kind: 'uuid',
      descending: last?.descending ?? false,
      nullable: false,
    });
  }
  return keys;
}

/** Checks and normalises the filter part of a list request. Throws ListFilterError. */
export function parseListFilter(input: ListFilterInput, options: ParseOptions): ParsedFilter {
  let text: string | null = null;
  if (input.filter !== undefined && input.filter !== null) {
    if (typeof input.filter !== 'string') throw new ListFilterError('filter must be text.');
    if (input.filter.length > LIMITS.filterText) {
      throw new ListFilterError(`filter is longer than ${LIMITS.filterText} characters.`);
    }
    text = input.filter.trim() || null;
  }
  const rawItems = input.filters === undefined || input.filters === null ? [] : input.filters;
  if (!Array.isArray(rawItems)) throw new ListFilterError('filters must be a list.');
  if (rawItems.length > LIMITS.filters) throw new ListFilterError(`At most ${LIMITS.filters} filters are allowed.`);
  const groups: Condition[][] = [];
  (rawItems as FilterItemInput[]).forEach((item, index) => {
    const condition = parseCondition(item, index, options);
    const join = joinOf(item, index);
    const current = groups[groups.length - 1];
    if (!current || join === 'or') groups.push([condition]);
    else current.push(condition);
  });
  return { text, groups, sort: parseSort(input.sort, options) };
}

export interface Paging {
  pageNumber: number;
  pageSize: number;
  offset: number;
}

/** pageNumber ≥ 1, 1 ≤ pageSize ≤ 1000 (the contract sets the minimums; the maximum is ours). */
export function parsePaging(input: { pageNumber?: unknown; pageSize?: unknown }): Paging {
  const { pageNumber, pageSize } = input;
  if (typeof pageNumber !== 'number' || !Number.isSafeInteger(pageNumber) || pageNumber < 1) {
    throw new ListFilterError('pageNumber must be a whole number from 1.');
  }
  if (typeof pageSize !== 'number' || !Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > LIMITS.pageSize) {
    throw new ListFilterError(`pageSize must be a whole number from 1 to ${LIMITS.pageSize}.`);
  }
  return { pageNumber, pageSize, offset: (pageNumber - 1) * pageSize };
}

export interface PageMeta {
  pageNumber: number;
  totalPages: number;
  totalCount: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
}

export function pageMeta(paging: Paging, totalCount: number): PageMeta {
  const totalPages = Math.ceil(totalCount / paging.pageSize);
  return {
    pageNumber: paging.pageNumber,
    totalPages,
    totalCount,
    hasPreviousPage: paging.pageNumber > 1,
    hasNextPage: paging.pageNumber < totalPages,
  };
}

/**
 * The fields of the task lists. Columns are qualified with `t.` (tasks) and `b.` (the task's
 * batch, left-joined). Fields that need columns of a later migration are added by
 * `withTaskColumns` when the database has them.
 */
export const TASK_LIST_FIELDS: FieldWhitelist = {
  id: { column: 't.id', kind: 'uuid' },
  sequentialByWorkspaceId: { column: 't.sequential_by_workspace_id', kind: 'integer' },
  taskNumber: { column: 't.sequential_by_workspace_id', kind: 'integer' },
  batchId: { column: 't.batch_id', kind: 'uuid', nullable: true },
  batchDisplayName: { column: 'b.display_name', kind: 'text', nullable: true },
  displayName: { column: 't.display_name', kind: 'text' },
  description: { column: 't.description', kind: 'text', nullable: true },
  externalId: { column: 't.external_id', kind: 'text', nullable: true },
  status: { column: 't.status', kind: 'status' },
  totalPages: { column: 't.total_pages', kind: 'integer' },
  restartCount: { column: 't.restart_count', kind: 'integer' },
  createdOn: { column: 't.created_on', kind: 'date' },
  modifiedOn: { column: 't.modified_on', kind: 'date' },
  createdBy: { column: 't.created_by', kind: 'uuid', nullable: true },
  // The task's assignees (a subquery keyed on the task): eq null = unassigned, in = any of the users.
  assignedUserId: { column: 't.id', kind: 'uuid', nullable: true, sortable: false, assignee: true },
};

/** Optional task fields: API name → [column, kind]; used only when the column exists. */
export const OPTIONAL_TASK_FIELDS: Readonly<Record<string, FieldSpec>> = {
  lastIntegratedOn: { column: 't.last_integrated_on', kind: 'date', nullable: true },
  lastIntegratedBy: { column: 't.last_integrated_by', kind: 'uuid', nullable: true },
  lastIntegrationStatus: { column: 't.last_integration_status', kind: 'integer', nullable: true },
  lastCheckedOutBy: { column: 't.last_checked_out_by', kind: 'uuid', nullable: true },
  labellingStatus: { column: 't.labelling_status', kind: 'integer', nullable: true },
  expiresOn: { column: 't.expires_on', kind: 'date', nullable: true },
  languageCode: { column: 't.language_code', kind: 'text', nullable: true },
  indexStatus: { column: 't.index_status', kind: 'integer', nullable: true },
  lastStuckStatus: { column: 't.last_stuck_status', kind: 'status', nullable: true },
  assignmentOrderType: { column: 't.assignment_order_type', kind: 'integer', nullable: true },
};

/** The task whitelist plus the optional fields whose column is among `columns` (bare names). */
export function withTaskColumns(columns: ReadonlySet<string>): FieldWhitelist {
  const extra = Object.fromEntries(
    Object.entries(OPTIONAL_TASK_FIELDS).filter(([, spec]) => columns.has(spec.column.slice(2))),
  );
  return { ...TASK_LIST_FIELDS, ...extra };
}

export const TASK_TEXT_COLUMNS = ['t.display_name', 't.external_id', 't.description'] as const;
export const TASK_DEFAULT_SORT = [{ field: 'sequentialByWorkspaceId', descending: true }] as const;

/** The fields of the batch list (alias `b`; totals are computed columns of the list query). */
export const BATCH_LIST_FIELDS: FieldWhitelist = {
  batchId: { column: 'b.id', kind: 'uuid' },
  id: { column: 'b.id', kind: 'uuid' },
  displayName: { column: 'b.display_name', kind: 'text' },
  description: { column: 'b.description', kind: 'text', nullable: true },
  isOpen: { column: 'b.is_open', kind: 'boolean' },
  status: { column: 'b.status', kind: 'integer' },
  batchType: { column: 'b.batch_type', kind: 'integer' },
  createdOn: { column: 'b.created_on', kind: 'date' },
  totalTasks: { column: 'total_tasks', kind: 'integer', filterable: false },
  totalTasksInHistory: { column: 'total_tasks_in_history', kind: 'integer', filterable: false },
};
export const BATCH_TEXT_COLUMNS = ['b.display_name', 'b.description'] as const;
export const BATCH_DEFAULT_SORT = [{ field: 'createdOn', descending: true }] as const;
