// Secrets of the server itself (signing keys, cookie keys, the list-token key), kept in the
// database so every replica signs and verifies alike and a restart keeps them.
import type { Db } from '../database.js';

export class ServerSecretsRepository {
  constructor(private readonly db: Db) {}

  async get<T>(name: string): Promise<T | undefined> {
    const row = await this.db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
    return row ? (row.value as T) : undefined;
  }

  /**
   * The stored secret, or `create()`'s value stored first. When two replicas create one at once,
   * the first insert wins and both read back the stored value.
   */
  async getOrCreate<T>(name: string, create: () => T | Promise<T>): Promise<T> {
    const existing = await this.get<T>(name);
    if (existing !== undefined) return existing;
    const value = await create();
    await this.db
      .insertInto('server_secrets')
      .values({ name, value: JSON.stringify(value) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const stored = await this.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return stored.value as T;
  }
}
