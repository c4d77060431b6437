// Binds every operation of the contract to a Fastify route. The order of checks on each call:
// token (401) → handler present (501) → ability (403) → request validation (400) → handler, so a
// caller without the permission never sees how a valid request would look.
// With `onResponseViolation`, every answer is also checked against the contract (tests use this).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Contract, isPublic, type OperationSpec, toRoutePath } from '../contract/contract.js';
import type { ContractValidators } from '../contract/validators.js';
import { forbidden, unauthenticated } from '../domain/errors.js';
import { hasAnyAbility, loadSession, type Session } from '../domain/session.js';
import { loadClientSession } from '../domain/tasks/callers.js';
import { errorBody, HttpError, sendError, toHttpError } from './errors.js';
import { type BoundHandler, type HandlerMap, handlerFor, type Services } from './handler.js';

/** The caller behind a verified access token. */
export type TokenSubject =
  | { kind: 'user'; userId: string /** The sign-in (provider grant) the token belongs to. */; grantId?: string }
  | { kind: 'client'; clientId: string; tenantId: string };

export interface BinderOptions {
  contract: Contract;
  validators: ContractValidators;
  handlers: HandlerMap;
  services: Services;
  verifyBearer(token: string): Promise<TokenSubject | null>;
  onResponseViolation?: ((violation: ResponseViolation) => void) | undefined;
}

export interface ResponseViolation {
  operationId: string;
  method: string;
  url: string;
  status: number;
  problem: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    operationId?: string;
  }
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
  return match?.[1]?.trim() || null;
}

export function bindContract(app: FastifyInstance, options: BinderOptions): void {
  const { contract, validators, handlers, services } = options;
  for (const op of contract.operations) {
    app.route({
      method: op.method.toUpperCase() as 'GET',
      url: toRoutePath(op.path),
      config: { operationId: op.operationId },
      handler: (request, reply) => answer(op, request, reply),
    });
  }

  async function answer(op: OperationSpec, request: FastifyRequest, reply: FastifyReply) {
    const handler = handlerFor(handlers, op.operationId);
    try {
      const publicCall = isPublic(op) || handler?.ability === 'public';
      // 401: who is calling, before anything about the call is revealed.
      const subject = publicCall ? null : await subjectOf(request);
      // 501: a call the server does not implement says so to anyone signed in.
      if (!handler) {
        return reply.code(501).send(errorBody(501, 'NotImplemented', `Not implemented: ${op.operationId}`));
      }
      // 403: a caller without the permission learns nothing about what a valid request looks like.
      const session = subject ? await sessionOf(subject, handler) : null;
      if (handler.ability !== 'public') {
        if (!session) throw unauthenticated();
        if (Array.isArray(handler.ability) && !hasAnyAbility(session, handler.ability)) {
          throw forbidden(`You need the permission ${handler.ability.join(' or ')}.`);
        }
      }
      // 400: the request against the contract; the validator also coerces query and path in place.
      const query = { ...(request.query as Record<string, unknown>) };
      const params = { ...(request.params as Record<string, unknown>) };
      const problem = validators.forOperation(op).request({
        path: params,
        query,
        headers: request.headers as Record<string, unknown>,
        body: request.body,
        hasBody: request.body !== undefined && request.body !== null && request.body !== '',
      });
      if (problem) throw new HttpError(400, 'ValidationError', problem.message);
      const readForm = (parts: Record<string, string>) => {
        const read = validators.forOperation(op).form(parts);
        if ('problem' in read) throw new HttpError(400, 'ValidationError', read.problem.message);
        return read.value;
      };
      const result = await handler.handle({
        params,
        query,
        body: request.body,
        session,
        services,
        request,
        reply,
        readForm,
      });
      return sendResult(reply, result);
    } catch (error) {
      const answer = toHttpError(error);
      if (answer) return sendError(reply, answer);
      request.log.error({ err: error, operationId: op.operationId }, 'handler failed');
      return reply.code(500).send(errorBody(500, 'ServerError', 'An unexpected server error occurred.'));
    }
  }

  async function subjectOf(request: FastifyRequest): Promise<TokenSubject> {
    const token = bearerOf(request);
    const subject = token ? await options.verifyBearer(token) : null;
    if (!subject) throw unauthenticated();
    return subject;
  }

  async function sessionOf(subject: TokenSubject, handler: BoundHandler): Promise<Session> {
    if (subject.kind === 'user') return loadSession(services.db, subject.userId, subject.grantId);
    // API clients (client credentials) only reach the calls that accept them (Import, Process, Status …).
    if (!handler.acceptsClients) throw forbidden('This call needs a signed-in user.');
    return loadClientSession(services.db, subject.clientId, subject.tenantId);
  }

  if (options.onResponseViolation) {
    const report = options.onResponseViolation;
    app.addHook('onSend', async (request, reply, payload) => {
      const operationId = request.routeOptions.config.operationId;
      const op = operationId ? contract.byId.get(operationId) : undefined;
      if (!op) return payload;
      const body =
        typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
      const problem = validators.checkResponse(
        op,
        reply.statusCode,
        String(reply.getHeader('content-type') ?? ''),
        body,
      );
      if (problem) {
        report({
          operationId: op.operationId,
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          problem,
        });
      }
      return payload;
    });
  }
}

function sendResult(reply: FastifyReply, result: unknown) {
  if (reply.sent) return reply;
  if (result === undefined) return reply.code(204).send();
  // Serialised by hand: Fastify sends a bare string as text/plain, but every answer here is JSON.
  return reply.type('application/json').send(JSON.stringify(result));
}
