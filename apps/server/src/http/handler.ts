// What a handler is: the ability it needs and a thin function from the validated request to the
// answer. Rules live in src/domain; handlers only translate between HTTP and the domain.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { Session } from '../domain/session.js';
import type { Mailer } from '../mail/mailer.js';

export interface Services {
  db: Db;
  config: ServerConfig;
  mailer: Mailer;
}

export interface HandlerInput<TSession = Session> {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  session: TSession;
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * `ability`:
 * - `'public'`: no token (security: [] in the contract);
 * - `'signedIn'`: any active member of a tenant;
 * - one or more `Resource.Action`: the caller needs at least one of them (not blacklisted).
 */
export type Requirement = 'public' | 'signedIn' | readonly string[];

export type OperationHandler =
  | { ability: 'public'; handle(input: HandlerInput<null>): Promise<unknown> }
  | { ability: Exclude<Requirement, 'public'>; handle(input: HandlerInput): Promise<unknown> };

/** A call anyone may make, without a token. */
export const publicCall = (handle: (input: HandlerInput<null>) => Promise<unknown>): OperationHandler => ({
  ability: 'public',
  handle,
});

/** A call any active member of a tenant may make. */
export const signedIn = (handle: (input: HandlerInput) => Promise<unknown>): OperationHandler => ({
  ability: 'signedIn',
  handle,
});

/** A call that needs at least one of the abilities (`Resource.Action`). */
export const requires = (
  abilities: readonly string[],
  handle: (input: HandlerInput) => Promise<unknown>,
): OperationHandler => ({ ability: abilities, handle });

/** A handler answers 200 with its return value as JSON, or 204 when it returns undefined. */
export type HandlerMap = Record<string, OperationHandler>;
