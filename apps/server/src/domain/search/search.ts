// Index/Search: the tasks whose text matches, ranked, with their best passages highlighted and
// placed (page, or start time in the recording). Only the caller's tenant, only workspaces the
// caller reaches (one named workspace, else all of them), never deleted tasks.
import { TaskListView } from '../../contract/generated/enums.js';
import type { Db } from '../../db/database.js';
import {
  HIGHLIGHT_END,
  HIGHLIGHT_START,
  type MatchRow,
  type TextSearchFilter,
  TextSearchScope,
} from '../../db/repositories/text-search.js';
import { invalid, notFound } from '../errors.js';
import type { Session } from '../session.js';
import { apiClientOf } from '../tasks/callers.js';
import { HISTORY_STATUSES, MAIN_TABLE_STATUSES } from '../tasks/status-groups.js';
import { accessibleWorkspaces, openWorkspace, workspaceScope } from '../workspaces/access.js';
import { SEARCH_CONFIGURATIONS } from './languages.js';

/** Passages returned per task. */
export const MATCHES_PER_TASK = 5;
const MAX_QUERY_LENGTH = 500;

export interface SearchQuery {
  Search: string;
  WorkspaceId?: string | null;
  TaskType?: string | null;
  CreatedFrom?: string | null;
  CreatedTo?: string | null;
  BatchId?: string | null;
  TaskSource?: number | null;
  PageNumber: number;
  PageSize: number;
}

export interface HighlightedText {
  text: string;
  highlights: Array<{ offset: number; length: number }>;
}

/** A ts_headline result → the plain passage and where its matched words are. */
export function highlighted(headline: string): HighlightedText {
  let text = '';
  const highlights: HighlightedText['highlights'] = [];
  let start: number | null = null;
  for (const char of headline) {
    if (char === HIGHLIGHT_START) start = text.length;
    else if (char === HIGHLIGHT_END) {
      if (start !== null && text.length > start) highlights.push({ offset: start, length: text.length - start });
      start = null;
    } else text += char;
  }
  return { text, highlights };
}

function toMatch(row: MatchRow) {
  const { text, highlights } = highlighted(row.headline);
  const first = highlights[0];
  return {
    source: row.source as 'page' | 'fields' | 'transcript',
    pageNumber: row.page_number,
    startTimeSeconds: row.start_time_seconds,
    text,
    highlights,
    exactText: first ? text.slice(first.offset, first.offset + first.length) : null,
    speakerName: row.speaker_name,
  };
}

const date = (value: string | null | undefined, name: string) => {
  if (!value) return null;
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw invalid(`${name} is not a date.`);
  return parsed;
};

function statusesOf(source: number | null | undefined): readonly number[] {
  if (source === TaskListView.MainTable) return MAIN_TABLE_STATUSES;
  if (source === TaskListView.History) return HISTORY_STATUSES;
  return [...MAIN_TABLE_STATUSES, ...HISTORY_STATUSES];
}

/**
 * The workspaces the search covers: the named one (404 when the caller does not reach it, like
 * every workspace call) or every one the caller reaches. API clients act for their whole tenant.
 */
async function searchedWorkspaces(db: Db, session: Session, workspaceId: string | null | undefined) {
  const wholeTenant = apiClientOf(session) !== null;
  if (workspaceId) {
    if (!wholeTenant) return [(await openWorkspace(db, session, workspaceId)).row.id];
    const row = await workspaceScope(db, session).find(workspaceId);
    if (!row || row.soft_deleted) throw notFound('No such workspace.');
    return [row.id];
  }
  const rows = wholeTenant ? await workspaceScope(db, session).list() : await accessibleWorkspaces(db, session);
  return rows.filter((row) => !row.soft_deleted).map((row) => row.id);
}

export async function searchTasks(db: Db, session: Session, query: SearchQuery) {
  const text = query.Search.trim();
  if (!text) throw invalid('Search needs at least one word.');
  if (text.length > MAX_QUERY_LENGTH) throw invalid(`Search is limited to ${MAX_QUERY_LENGTH} characters.`);
  const createdFrom = date(query.CreatedFrom, 'CreatedFrom');
  const createdTo = date(query.CreatedTo, 'CreatedTo');
  const filter: TextSearchFilter = {
    text,
    workspaceIds: await searchedWorkspaces(db, session, query.WorkspaceId),
    configurations: SEARCH_CONFIGURATIONS,
    batchId: query.BatchId ?? null,
    taskType: query.TaskType?.trim() || null,
    createdFrom,
    createdTo,
    statuses: statusesOf(query.TaskSource),
  };
  const scope = new TextSearchScope(db, session.membership.tenant_id);
  const { PageNumber: pageNumber, PageSize: pageSize } = query;
  const ranked = await scope.rankTasks(filter, pageSize, (pageNumber - 1) * pageSize);
  const totalCount = ranked[0]?.total ?? (pageNumber > 1 ? await scope.countTasks(filter) : 0);
  const ids = ranked.map((row) => row.task_id);
  const [tasks, matches] = await Promise.all([scope.tasks(ids), scope.bestMatches(ids, filter, MATCHES_PER_TASK)]);
  const taskById = new Map(tasks.map((task) => [task.id, task]));
  const history = new Set(HISTORY_STATUSES);
  const items = ranked.flatMap((row) => {
    const task = taskById.get(row.task_id);
    if (!task) return [];
    return [
      {
        taskId: task.id,
        workspaceId: task.workspace_id,
        batchId: task.batch_id,
        batchDisplayName: task.batch_display_name,
        displayName: task.display_name,
        sequentialByWorkspaceId: task.sequential_by_workspace_id,
        status: task.status,
        fromHistory: history.has(task.status),
        taskType: task.task_type,
        createdOn: new Date(task.created_on).toISOString(),
        rank: row.rank,
        matchCount: row.match_count,
        matches: matches.filter((match) => match.task_id === task.id).map(toMatch),
      },
    ];
  });
  const totalPages = Math.ceil(totalCount / pageSize);
  return {
    items,
    pageNumber,
    totalPages,
    totalCount,
    hasPreviousPage: pageNumber > 1,
    hasNextPage: pageNumber < totalPages,
  };
}
