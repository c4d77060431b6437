/**
 * Shapes of the metadata that `scripts/generate.mjs` derives from the contract
 * (`src/generated/operations.ts`), and lookups over it. The client reads this at run time for what
 * types alone cannot do: checking arguments before a request, knowing which calls answer a file.
 */
import { type apiEnums, apiOperations, apiRoutes } from './generated/operations.js';

/** HTTP methods an operation of the contract can use (lower case, as in OpenAPI). */
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** What the client needs to know about one operation of the contract, beyond its types. */
export interface OperationMeta {
  /** `<Controller>_<Action>`, e.g. `SdTask_GetById`. */
  readonly operationId: string;
  readonly method: HttpMethod;
  /** The contract path, e.g. `/api/v{version}/SdTask/{id}`. */
  readonly path: string;
  /** The operation's first tag: its controller (`SdTask`, `User`, …). */
  readonly tag: string;
  /** Every path parameter; all are required. */
  readonly pathParams: readonly string[];
  /** Query parameters the call cannot do without. */
  readonly requiredQuery: readonly string[];
  /** Parameters that may not be null: path parameters, `x-nullable: false`, and required query parameters whose schema does not admit null. */
  readonly nonNullable: readonly string[];
  /** Query parameters whose schema admits null; a null is sent empty (`name=`) rather than left out. */
  readonly nullableQuery: readonly string[];
  /** Path parameters with a default in the contract (the API version), filled in when the caller leaves them out. */
  readonly defaults: Readonly<Record<string, string>>;
  /** Media type of the request body (`application/json`, `multipart/form-data`), null without a body. */
  readonly body: string | null;
  /** Whether the call answers a file (`x-file-response: true` or a binary success response). */
  readonly file: boolean;
}

/** One enumeration of the contract: its member names and codes, both ways. */
export interface EnumMeta {
  /** Member name → code, in the contract's order. */
  readonly values: Readonly<Record<string, number | string>>;
  /** Code → member name. */
  readonly names: Readonly<Record<string, string>>;
  /** Codes of a second reading the specification also gives (`x-alternative-reading`), member name → code. */
  readonly alternatives?: Readonly<Record<string, number | string>>;
}

/** The operationId of every operation in the contract. */
export type OperationId = keyof typeof apiOperations;

/** The name of every enumeration in the contract (`TaskStatus`, `ExportType`, …). */
export type EnumName = keyof typeof apiEnums;

const routes: Readonly<Record<string, Readonly<Partial<Record<HttpMethod, string>>>>> = apiRoutes;
const operationsById: Readonly<Record<string, OperationMeta>> = apiOperations;

/**
 * The metadata of the operation behind a contract path and method, or undefined when the contract
 * has no such operation (a call made through a path the contract does not know).
 */
export function findOperation(path: string, method: string): OperationMeta | undefined {
  const id = routes[path]?.[method.toLowerCase() as HttpMethod];
  return id === undefined ? undefined : operationsById[id];
}
