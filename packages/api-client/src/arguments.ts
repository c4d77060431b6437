/**
 * Argument preparation before a request leaves: contract defaults filled in (the API version),
 * required path and query arguments checked (api-spec §5), nulls of nullable query arguments sent
 * empty. All of it is driven by the generated operation metadata, never by per-call code.
 */
import { ArgumentError } from './errors.js';
import type { OperationMeta } from './metadata.js';

interface ParamsLike {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  [location: string]: unknown;
}

/** The loose shape of a call's second argument, as the run-time code sees it. */
export interface InitLike {
  params?: ParamsLike;
  [option: string]: unknown;
}

/**
 * A copy of `init` with the operation's path defaults (the API version) filled in where the
 * caller left them out. Never throws and never changes the caller's object, so it can build query
 * keys for calls that are not yet enabled.
 */
export function withDefaults(operation: OperationMeta | undefined, init: InitLike | undefined): InitLike | undefined {
  const defaults = Object.entries(operation?.defaults ?? {});
  if (defaults.length === 0) return init;
  const path: Record<string, unknown> = { ...init?.params?.path };
  for (const [name, value] of defaults) {
    if (path[name] === undefined) path[name] = value;
  }
  return { ...init, params: { ...init?.params, path } };
}

/**
 * The init a call is really sent with: defaults filled in, and nulls of query arguments the
 * contract lets be empty turned into `''` (openapi-fetch would otherwise leave them out).
 *
 * @throws {@link ArgumentError} before any request when a required path or query argument is
 * missing (`The parameter 'X' must be defined.`) or null where the contract forbids it
 * (`The parameter 'X' cannot be null.`).
 */
export function prepareRequest(operation: OperationMeta | undefined, init: InitLike | undefined): InitLike | undefined {
  const prepared = withDefaults(operation, init);
  if (!operation) return prepared;
  const path = prepared?.params?.path;
  const query = prepared?.params?.query;
  for (const name of operation.pathParams) check(name, path?.[name], operation);
  for (const name of operation.requiredQuery) check(name, query?.[name], operation);
  if (!query) return prepared;
  for (const name of operation.nonNullable) {
    if (query[name] === null) throw new ArgumentError(name, 'null');
  }
  const emptied = operation.nullableQuery.filter((name) => query[name] === null);
  if (emptied.length === 0) return prepared;
  const sent = { ...query };
  for (const name of emptied) sent[name] = '';
  return { ...prepared, params: { ...prepared?.params, query: sent } };
}

function check(name: string, value: unknown, operation: OperationMeta): void {
  if (value === undefined) throw new ArgumentError(name, 'missing');
  if (value === null && operation.nonNullable.includes(name)) throw new ArgumentError(name, 'null');
}
