// A @fastify/rate-limit store on the rate_limit_counters table, so every API process shares the
// counts. One atomic upsert per hit: the window restarts when it has ended; past `max`, with
// exponential backoff, the window is pushed out (window × 2^(hits − max − 1), capped) — the same
// rule as the plugin's LocalStore, but `read` reports the real remaining wait.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The plugin hands its merged options to the store and to child(); only this one matters here. */
type StoreOptions = { exponentialBackoff?: boolean | undefined } | object;

/** The longest a backoff grows to. */
export const MAX_BACKOFF_MS = 60 * 60_000;

export function createPostgresStore(db: Db): FastifyRateLimitStoreCtor {
  class PostgresStore implements FastifyRateLimitStore {
    private readonly exponentialBackoff: boolean;

    constructor(options: StoreOptions) {
      this.exponentialBackoff = 'exponentialBackoff' in options && options.exponentialBackoff === true;
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const window = sql`(${timeWindow}::double precision * interval '1 millisecond')`;
      const backoff = this.exponentialBackoff
        ? sql`(least(${timeWindow}::double precision * power(2, rate_limit_counters.hits - ${max}), ${MAX_BACKOFF_MS}) * interval '1 millisecond')`
        : null;
      const exceeded = sql`rate_limit_counters.hits + 1 > ${max}`;
      sql<{ hits: number; ttl: number }>`
        insert into rate_limit_counters as rate_limit_counters (key, hits, window_ends_at)
        values (${key}, 1, now() + ${window})
        on conflict (key) do update set
          hits = case when rate_limit_counters.window_ends_at <= now() then 1 else rate_limit_counters.hits + 1 end,
          window_ends_at = case
            when rate_limit_counters.window_ends_at <= now() then now() + ${window}
            ${backoff ? sql`when ${exceeded} then now() + ${backoff}` : sql``}
            else rate_limit_counters.window_ends_at
          end
        returning hits, (extract(epoch from window_ends_at - now()) * 1000)::double precision as ttl`
        .execute(db)
        .then(({ rows }) => {
          const row = rows[0];
          callback(null, {
            current: Number(row?.hits ?? 1),
            ttl: Math.max(0, Math.ceil(Number(row?.ttl ?? timeWindow))),
          });
        }, callback);
    }

    read(key: string, callback: Callback): void {
      sql<{ hits: number; ttl: number }>`
        select hits, (extract(epoch from window_ends_at - now()) * 1000)::double precision as ttl
        from rate_limit_counters where key = ${key} and window_ends_at > now()`
        .execute(db)
        .then(({ rows }) => {
          const row = rows[0];
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
  await db.deleteFrom('rate_limit_counters').where('window_ends_at', '<=', new Date()).execute();
}
