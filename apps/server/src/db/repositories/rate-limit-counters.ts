// Hit counters of the rate limits, shared by every API process. One atomic upsert per hit: the
// window restarts when it has ended; past `max`, with backoff, the window is pushed out
// (window × 2^(hits − max − 1), capped at `maxBackoffMs`).
import { sql } from 'kysely';
import type { Db } from '../database.js';

export interface CounterState {
  hits: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

export class RateLimitCountersRepository {
  constructor(private readonly db: Db) {}

  /** Counts one hit of `key` and returns the count and the wait left. `maxBackoffMs` null: no backoff. */
  async hit(
    key: string,
    timeWindow: number,
    max: number,
    maxBackoffMs: number | null,
  ): Promise<CounterState | undefined> {
    const window = sql`(${timeWindow}::double precision * interval '1 millisecond')`;
    const backoff =
      maxBackoffMs === null
        ? null
        : sql`(least(${timeWindow}::double precision * power(2, rate_limit_counters.hits - ${max}), ${maxBackoffMs}) * interval '1 millisecond')`;
    const exceeded = sql`rate_limit_counters.hits + 1 > ${max}`;
    const { rows } = await sql<CounterState>`
      insert into rate_limit_counters as rate_limit_counters (key, hits, window_ends_at)
      values (${key}, 1, now() + ${window})
      on conflict (key) do update set
        hits = case when rate_limit_counters.window_ends_at <= now() then 1 else rate_limit_counters.hits + 1 end,
        window_ends_at = case
          when rate_limit_counters.window_ends_at <= now() then now() + ${window}
          ${backoff ? sql`when ${exceeded} then now() + ${backoff}` : sql``}
          else rate_limit_counters.window_ends_at
        end
      returning hits, (extract(epoch from window_ends_at - now()) * 1000)::double precision as ttl`.execute(this.db);
    return rows[0];
  }

  /** The count of `key` while its window lasts. */
  async read(key: string): Promise<CounterState | undefined> {
    const { rows } = await sql<CounterState>`
      select hits, (extract(epoch from window_ends_at - now()) * 1000)::double precision as ttl
      from rate_limit_counters where key = ${key} and window_ends_at > now()`.execute(this.db);
    return rows[0];
  }

  /** Removes counters whose window has ended. */
  async prune(now = new Date()): Promise<void> {
    await this.db.deleteFrom('rate_limit_counters').where('window_ends_at', '<=', now).execute();
  }
}
