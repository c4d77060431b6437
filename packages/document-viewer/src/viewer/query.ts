/**
 * The viewer's query parameters (product spec §2): taskId, externalId, workspaceId, taskName,
 * tenantId, batchName, batchId, workspaceName, nextIn, timestamp. Hosts that route to the viewer
 * by URL read and write them with these two functions, so links stay compatible.
 */

/** The viewer's query parameters; every one optional, unknown ones ignored. */
export interface ViewerQuery {
  taskId?: string;
  externalId?: string;
  workspaceId?: string;
  taskName?: string;
  tenantId?: string;
  batchName?: string;
  batchId?: string;
  workspaceName?: string;
  /** Where "next task" was asked from (a batch or the workspace list). */
  nextIn?: string;
  /** Forces a fresh open of the same task (a link clicked again). */
  timestamp?: string;
}

export const VIEWER_QUERY_KEYS = [
  'taskId',
  'externalId',
  'workspaceId',
  'taskName',
  'tenantId',
  'batchName',
  'batchId',
  'workspaceName',
  'nextIn',
  'timestamp',
] as const satisfies ReadonlyArray<keyof ViewerQuery>;

/** Reads the viewer's parameters from a query string or URLSearchParams (empty values are absent). */
export function parseViewerQuery(search: string | URLSearchParams): ViewerQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const query: ViewerQuery = {};
  for (const key of VIEWER_QUERY_KEYS) {
    const value = params.get(key)?.trim();
    if (value) query[key] = value;
  }
  return query;
}

/** Writes the viewer's parameters as a query string (without `?`), in the spec's order. */
export function formatViewerQuery(query: ViewerQuery): string {
  const params = new URLSearchParams();
  for (const key of VIEWER_QUERY_KEYS) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}
