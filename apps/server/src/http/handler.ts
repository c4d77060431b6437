// What a handler is: the ability it needs and a thin function from the validated request to the
// answer. Rules live in src/domain; handlers only translate between HTTP and the domain.
// Handlers are bound by operationId, and their path, query and body are typed from the contract's
// operation (src/contract/generated): the binder validates (and coerces) a request against the
// same contract before any handler sees it, so nothing here casts or converts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Permission } from '../contract/generated/enums.js';
import type { operations } from '../contract/generated/schema.js';
import type { Services } from '../domain/services.js';
import type { Session } from '../domain/session.js';

export type { Services };

/** Every operationId of the contract. */
export type OperationId = keyof operations;

type Parameters_<K extends OperationId> = operations[K]['parameters'];
type Located<K extends OperationId, L extends 'path' | 'query'> = L extends keyof Parameters_<K>
  ? [NonNullable<Parameters_<K>[L]>] extends [never]
    ? Record<never, never>
    : NonNullable<Parameters_<K>[L]>
  : Record<never, never>;
type JsonBody<K extends OperationId> =
  NonNullable<operations[K]['requestBody']> extends {
    content: { 'application/json': infer B };
  }
    ? B
    : unknown;

type FormBody<K extends OperationId> =
  NonNullable<operations[K]['requestBody']> extends {
    content: { 'multipart/form-data': infer F };
  }
    ? Omit<F, 'file'>
    : never;

/** The text parts of an operation's multipart form, decoded and validated (the file part is streamed apart). */
export type FormOf<K extends OperationId> = FormBody<K>;

/** The path parameters of an operation, as the contract declares them. */
export type PathOf<K extends OperationId> = Located<K, 'path'>;
/** The query arguments of an operation, as the contract declares them (coerced by the validator). */
export type QueryOf<K extends OperationId> = Located<K, 'query'>;
/** The JSON body of an operation (`unknown` for multipart or bodiless calls). */
export type BodyOf<K extends OperationId> = JsonBody<K>;

export interface HandlerInput<K extends OperationId = OperationId, TSession = Session> {
  params: PathOf<K>;
  query: QueryOf<K>;
  body: BodyOf<K>;
  session: TSession;
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * For a multipart operation: its text parts decoded and validated against the contract's form
   * schema; a bad part is the same 400 ValidationError as a bad JSON body.
   */
  readForm(parts: Record<string, string>): FormOf<K>;
}

/** What every handler has, whatever its operation: the services and the caller. */
export type CallContext = Pick<HandlerInput, 'session' | 'services'>;

/**
 * `ability`:
 * - `'public'`: no token (security: [] in the contract);
 * - `'signedIn'`: any active member of a tenant;
 * - one or more permissions of the contract: the caller needs at least one of them (not blacklisted).
 */
export type Requirement = 'public' | 'signedIn' | readonly Permission[];

export interface PublicHandler<K extends OperationId = OperationId> {
  ability: 'public';
  acceptsClients?: boolean;
  handle(input: HandlerInput<K, null>): Promise<unknown>;
}
export interface GuardedHandler<K extends OperationId = OperationId> {
  ability: Exclude<Requirement, 'public'>;
  /** Also reachable with a client-credentials token of a tenant API secret. */
  acceptsClients?: boolean;
  handle(input: HandlerInput<K>): Promise<unknown>;
}
export type OperationHandler<K extends OperationId = OperationId> = PublicHandler<K> | GuardedHandler<K>;

/** A call anyone may make, without a token. */
export const publicCall = <K extends OperationId>(
  handle: (input: HandlerInput<K, null>) => Promise<unknown>,
): PublicHandler<K> => ({ ability: 'public', handle });

/** A call any active member of a tenant may make. */
export const signedIn = <K extends OperationId>(
  handle: (input: HandlerInput<K>) => Promise<unknown>,
): GuardedHandler<K> => ({ ability: 'signedIn', handle });

/** A call that needs at least one of the permissions. */
export const requires = <K extends OperationId>(
  abilities: readonly Permission[],
  handle: (input: HandlerInput<K>) => Promise<unknown>,
): GuardedHandler<K> => ({ ability: abilities, handle });

/** Also reachable with a client-credentials token of a tenant API secret (Import, Process, Status …). */
export const withApiClients = <K extends OperationId>(handler: GuardedHandler<K>): GuardedHandler<K> => ({
  ...handler,
  acceptsClients: true,
});

/** Handlers by operationId; each one is typed by its operation. A handler answers 200 with its
 * return value as JSON, or 204 when it returns undefined. */
export type HandlerMap = { [K in OperationId]?: OperationHandler<K> };

/** Types a group of handlers by operationId (an unknown operationId does not compile). */
export const defineHandlers = (handlers: HandlerMap): HandlerMap => handlers;

/**
 * Joins groups of handlers into one map. An operationId bound twice is a mistake that a spread
 * would hide (the later one silently wins), so it stops the server from starting.
 */
export function combineHandlers(...groups: HandlerMap[]): HandlerMap {
  const all: Record<string, OperationHandler> = {};
  for (const group of groups) {
    for (const [operationId, handler] of Object.entries(group)) {
      if (operationId in all) throw new Error(`The operation ${operationId} has two handlers.`);
      all[operationId] = handler as OperationHandler;
    }
  }
  return all as HandlerMap;
}

/** What the binder hands a handler: the request after validation against the operation. */
export interface BoundInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  session: Session | null;
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
  readForm(parts: Record<string, string>): unknown;
}

/** A handler as the binder sees it: any operation, called with input it has validated. */
export interface BoundHandler {
  ability: Requirement;
  acceptsClients?: boolean;
  handle(input: BoundInput): Promise<unknown>;
}

/**
 * The handler bound to an operationId. The one place where the per-operation types meet the
 * request: the binder validates path, query and body against that very operation first.
 */
export function handlerFor(handlers: HandlerMap, operationId: string): BoundHandler | undefined {
  return (handlers as Record<string, BoundHandler | undefined>)[operationId];
}
