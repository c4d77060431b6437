/**
 * The contract's paths as this client exposes them. Two things differ from the raw
 * openapi-typescript output (`paths`), both derived from the generated metadata:
 * path parameters with a contract default (the API version) are optional, and file calls answer a
 * {@link FileDownload} instead of the binary body. Everything else is the generated type, untouched.
 */
import type { MaybeOptionalInit } from 'openapi-fetch';
import type { FileDownload } from './files.js';
import type { apiOperations, apiRoutes } from './generated/operations.js';
import type { components, paths } from './generated/schema.js';
import type { HttpMethod, OperationId } from './metadata.js';

/**
 * A named schema of the contract, e.g. `Schema<'TaskListItem'>`.
 * @example
 * ```ts
 * function statusOf(task: Schema<'TaskListItem'>) { return enumNameOf('TaskStatus', task.status); }
 * ```
 */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type RequiredKeysOfHelper<T> = { [K in keyof T]: Pick<T, K> extends Required<Pick<T, K>> ? K : never }[keyof T];

/** Keys of `T` that must be given (the shape openapi-fetch uses, so inference behaves alike). */
export type RequiredKeysOf<T> = RequiredKeysOfHelper<T> extends undefined ? never : RequiredKeysOfHelper<T>;

type Routes = typeof apiRoutes;
type Operations = typeof apiOperations;

/** The generated metadata of the operation at contract path `P`, method `M`. */
export type OperationMetaAt<P, M> = P extends keyof Routes
  ? M extends keyof Routes[P]
    ? Routes[P][M] extends keyof Operations
      ? Operations[Routes[P][M]]
      : never
    : never
  : never;

type WithDefaults<PathParams, Defaulted extends PropertyKey> = Simplify<
  Omit<PathParams, Defaulted> & Partial<Pick<PathParams, Extract<keyof PathParams, Defaulted>>>
>;

// When every path parameter has a default, `path` itself becomes optional, and with it `params`.
type AdaptParameters<Params, Defaulted extends PropertyKey> = Params extends { path: infer PathParams }
  ? RequiredKeysOf<WithDefaults<PathParams, Defaulted>> extends never
    ? Simplify<Omit<Params, 'path'> & { path?: WithDefaults<PathParams, Defaulted> }>
    : Simplify<Omit<Params, 'path'> & { path: WithDefaults<PathParams, Defaulted> }>
  : Params;

type AdaptOperation<Operation, Meta> = Meta extends { defaults: infer Defaults }
  ? Simplify<
      Omit<Operation, 'parameters'> & {
        parameters: Operation extends { parameters: infer Params } ? AdaptParameters<Params, keyof Defaults> : never;
      }
    >
  : Operation;

/** Every path of the contract with its operations as this client takes them: the API version is optional. */
export type ApiPaths = {
  [P in keyof paths]: {
    [K in keyof paths[P]]: K extends HttpMethod
      ? paths[P][K] extends { responses: unknown }
        ? AdaptOperation<paths[P][K], OperationMetaAt<P, K>>
        : paths[P][K]
      : paths[P][K];
  };
};

/** Contract paths that have an operation for method `M`. */
export type ApiPathsWith<M extends HttpMethod> = {
  [P in keyof ApiPaths]: ApiPaths[P] extends { [K in M]: unknown } ? P : never;
}[keyof ApiPaths];

/** The second argument of a call: `params` (path, query), `body` and fetch options. */
export type ApiInit<P extends keyof ApiPaths, M extends HttpMethod> = MaybeOptionalInit<ApiPaths[P], M>;

/** The second argument as a rest parameter: optional when nothing in it is required. */
export type InitParam<Init> =
  RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

/** The operation object of path `P`, method `M`. */
export type ApiOperation<P extends keyof ApiPaths, M extends HttpMethod> = M extends keyof ApiPaths[P]
  ? Extract<ApiPaths[P][M], Record<string, unknown>>
  : never;

// The success statuses openapi-fetch treats as data; 204 and bodiless answers give undefined.
type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206 | '2XX';

type SuccessBody<Operation> = Operation extends { responses: infer Responses }
  ? {
      [Status in keyof Responses & SuccessStatus]: Responses[Status] extends { content: infer Content }
        ? Content[keyof Content]
        : undefined;
    }[keyof Responses & SuccessStatus]
  : never;

// What openapi-fetch's `parseAs` makes of a body instead of parsed JSON.
type ParsedAs<Body, Init> = Init extends { parseAs: infer As }
  ? As extends 'text'
    ? string
    : As extends 'blob'
      ? Blob
      : As extends 'arrayBuffer'
        ? ArrayBuffer
        : As extends 'stream'
          ? ReadableStream<Uint8Array> | null
          : Body
  : Body;

/**
 * What a successful call of path `P`, method `M` resolves to: the parsed JSON body, a
 * {@link FileDownload} for file calls, or undefined for 204 answers.
 */
export type ApiData<P extends keyof ApiPaths, M extends HttpMethod, Init = ApiInit<P, M>> =
  OperationMetaAt<P, M> extends { file: true } ? FileDownload : ParsedAs<SuccessBody<ApiOperation<P, M>>, Init>;

/** A successful call: its data and the raw response (headers, status). */
export interface ApiResult<TData> {
  /** The parsed body, or a {@link FileDownload} for file calls. */
  data: TData;
  /** The fetch response; its body has already been read. */
  response: Response;
}

/** Contract path of operation `Id`. */
export type OperationPath<Id extends OperationId> = Extract<Operations[Id]['path'], keyof ApiPaths>;

/** HTTP method of operation `Id`. */
export type OperationMethod<Id extends OperationId> = Operations[Id]['method'];

/** A call method of the client for one HTTP method (`client.GET`, `client.POST`, …). */
export type ApiCallMethod<M extends HttpMethod> = <P extends ApiPathsWith<M>, Init extends ApiInit<P, M>>(
  path: P,
  ...init: InitParam<Init>
) => Promise<ApiResult<ApiData<P, M, Init>>>;
