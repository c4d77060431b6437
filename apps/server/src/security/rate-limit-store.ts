// A @fastify/rate-limit store on the rate_limit_counters table, so every API process shares the
// counts. One atomic upsert per hit (db/repositories/rate-limit-counters.ts): the window restarts
// when it has ended; past `max`, with exponential backoff, the window is pushed out — the same rule
// as the plugin's LocalStore, but `read` reports the real remaining wait.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/database.js';
import { RateLimitCountersRepository } from '../db/repositories/rate-limit-counters.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The plugin hands its merged options to the store and to child(); only this one matters here. */
type StoreOptions = { exponentialBackoff?: boolean | undefined } | object;

/** The longest a backoff grows to. */
export const MAX_BACKOFF_MS = 60 * 60_000;

export function createPostgresStore(db: Db): FastifyRateLimitStoreCtor {
  const counters = new RateLimitCountersRepository(db);
  class PostgresStore implements FastifyRateLimitStore {
    private readonly exponentialBackoff: boolean;

    constructor(options: StoreOptions) {
      this.exponentialBackoff = 'exponentialBackoff' in options && options.exponentialBackoff === true;
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      counters.hit(key, timeWindow, max, this.exponentialBackoff ? MAX_BACKOFF_MS : null).then((row) => {
        callback(null, {
          current: Number(row?.hits ?? 1),
          ttl: Math.max(0, Math.ceil(Number(row?.ttl ?? timeWindow))),
        });
      }, callback);
    }

    read(key: string, callback: Callback): void {
      counters.read(key).then((row) => {
        callback(null, row ? { current: Number(row.hits), ttl: Math.ceil(Number(row.ttl)) } : { current: 0, ttl: 0 });
      }, callback);
    }

    child(options: StoreOptions): FastifyRateLimitStore {
      return new PostgresStore(options);
    }
  }
  return PostgresStore;
}

/** Removes counters whose window has ended, so sprayed keys do not pile up. */
export async function pruneRateLimitCounters(db: Db): Promise<void> {
  await new RateLimitCountersRepository(db).prune();
}
