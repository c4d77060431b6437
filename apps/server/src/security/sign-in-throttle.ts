// Slows password guessing without locking anyone out (OWASP ASVS V2.2.1): failed sign-ins are
// counted per client (IP) and per account name, in PostgreSQL through @fastify/rate-limit, and past
// the allowance each further failure doubles the wait. The account count is keyed by the address
// typed, whether or not an account has it, so the answer never tells which addresses exist; and the
// owner's own device (device-cookie.ts) skips the account count, so a stranger's guesses cannot
// keep the owner out.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { createPostgresStore, pruneRateLimitCounters } from './rate-limit-store.js';

/** Failures allowed per account name in a window before the backoff starts. */
export const ACCOUNT_FAILURES = 5;
/** Failures allowed per client in a window (a shared office address signs in many people). */
export const CLIENT_FAILURES = 20;
/** The counting window; once an allowance is spent, each further failure waits this long, then twice as long, … (capped at an hour). */
export const FAILURE_WINDOW_MS = 15 * 60_000;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface SignInThrottle {
  /** Whether this attempt may check a password at all (counts nothing). */
  check(request: FastifyRequest, email: string, ownDevice: boolean): Promise<ThrottleVerdict>;
  recordFailure(request: FastifyRequest, email: string): Promise<void>;
  recordSuccess(): Promise<void>;
}

export const accountKey = (email: string) => `sign-in:account:${email.trim().toLowerCase()}`;
export const clientKey = (request: FastifyRequest) => `sign-in:client:${request.ip}`;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type Status = Awaited<ReturnType<Limiter>>;

export async function createSignInThrottle(app: FastifyInstance, db: Db): Promise<SignInThrottle> {
  // Limits only where asked (createRateLimit below); the store's backoff doubles each wait.
  await app.register(rateLimit, { global: false, exponentialBackoff: true, store: createPostgresStore(db) });
  // Keys come from the email passed along on the request (see `withEmail`), not from the body parser's shape.
  const emailOf = (request: FastifyRequest) => (request as FastifyRequest & { signInEmail?: string }).signInEmail ?? '';
  const perClient = app.createRateLimit({
    keyGenerator: clientKey,
    max: CLIENT_FAILURES,
    timeWindow: FAILURE_WINDOW_MS,
  });
  const perAccount = app.createRateLimit({
    keyGenerator: (request) => accountKey(emailOf(request)),
    max: ACCOUNT_FAILURES,
    timeWindow: FAILURE_WINDOW_MS,
  });
  const withEmail = (request: FastifyRequest, email: string) =>
    Object.assign(request, { signInEmail: email }) as FastifyRequest;
  const blocked = (status: Status) => !status.isAllowed && status.isExceeded && status.ttl > 0;
  const wait = (status: Status) => (status.isAllowed ? 0 : Math.max(1, Math.ceil(status.ttl / 1000)));

  return {
    async check(request, email, ownDevice) {
      // The owner's own browser is let through both counts: a stranger behind the same address
      // (an office, a carrier's NAT) must not keep them out either. The cookie only counts for its account.
      if (ownDevice) return { allowed: true };
      const client = await perClient(request, { increment: false });
      if (blocked(client)) return { allowed: false, retryAfterSeconds: wait(client) };
      const account = await perAccount(withEmail(request, email), { increment: false });
      if (blocked(account)) return { allowed: false, retryAfterSeconds: wait(account) };
      return { allowed: true };
    },
    async recordFailure(request, email) {
      await perClient(request);
      await perAccount(withEmail(request, email));
    },
    async recordSuccess() {
      await pruneRateLimitCounters(db);
    },
  };
}
