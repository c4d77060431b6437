/**
 * `@reviewdesk/api-client`: the typed client of the Reviewdesk API, generated from its OpenAPI
 * contract (openapi/reviewdesk.yaml), with React Query options for every call.
 *
 * Start with {@link createApiClient}; see README.md for a walk-through.
 * @packageDocumentation
 */

export type { ApiClient, ApiClientOptions } from './client.js';
export { createApiClient } from './client.js';
export * from './constants.js';
export type { EnumCode, EnumMember, EnumMemberName, EnumTextKey, EnumValues } from './enums.js';
export { enumCodeOf, enumMembers, enumNameOf, enumTextKey, enumTextKeys } from './enums.js';
export type { ApiCallError } from './errors.js';
export {
  ApiError,
  ArgumentError,
  isApiError,
  missingArgumentMessage,
  nullArgumentMessage,
  SERVER_SIDE_ERROR_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
} from './errors.js';
export type { FileDownload } from './files.js';
export { DEFAULT_FILE_NAME, parseContentDisposition } from './files.js';
export { apiEnums, apiOperations, apiRoutes } from './generated/operations.js';
export type { components, operations, paths } from './generated/schema.js';
export type { EnumMeta, EnumName, HttpMethod, OperationId, OperationMeta } from './metadata.js';
export { findOperation } from './metadata.js';
export type { AccessTokenProvider } from './middleware.js';
export { createAuthMiddleware, createStatusMiddleware, isApiRequest } from './middleware.js';
export type {
  ApiMutationOptions,
  ApiQueries,
  ApiQueryData,
  ApiQueryExtraOptions,
  ApiQueryKey,
  ApiQueryOptions,
} from './query.js';
export type {
  ApiCallMethod,
  ApiData,
  ApiInit,
  ApiOperation,
  ApiPaths,
  ApiPathsWith,
  ApiResult,
  InitParam,
  OperationMetaAt,
  OperationMethod,
  OperationPath,
  RequiredKeysOf,
  Schema,
} from './types.js';
