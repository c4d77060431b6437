// The external identity-provider logins linked to an account (global, like the account itself).
import type { Db } from '../database.js';

export class ExternalLoginsRepository {
  constructor(private readonly db: Db) {}

  list(userId: string) {
    return this.db
      .selectFrom('user_external_logins')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('login_provider')
      .orderBy('created_on')
      .execute();
  }

  async add(userId: string, login: { provider: string; key: string; displayName: string | null }): Promise<void> {
    await this.db
      .insertInto('user_external_logins')
      .values({
        user_id: userId,
        login_provider: login.provider,
        provider_key: login.key,
        provider_display_name: login.displayName,
      })
      .execute();
  }

  /** Unlinks one login of the user; false when the user has no such login. */
  async remove(userId: string, provider: string, key: string): Promise<boolean> {
    const removed = await this.db
      .deleteFrom('user_external_logins')
      .where('user_id', '=', userId)
      .where('login_provider', '=', provider)
      .where('provider_key', '=', key)
      .executeTakeFirst();
    return Number(removed.numDeletedRows) > 0;
  }
}
