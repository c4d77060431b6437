// The provider's grants and browser sessions (oidc_payloads rows written by identity/adapter.ts),
// read and ended by account rules: an access token is honoured only while its grant exists, so
// deleting a grant ends API access at once (sign-out, revocation, password or e-mail change).
import { sql } from 'kysely';
import type { Db } from '../database.js';

export class SignInGrantsRepository {
  constructor(private readonly db: Db) {}

  /** Whether the grant behind an access token still stands (not revoked, signed out or expired). */
  async isActive(grantId: string, now = new Date()): Promise<boolean> {
    const row = await this.db
      .selectFrom('oidc_payloads')
      .select('id')
      .where('model', '=', 'Grant')
      .where('id', '=', grantId)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Ends one grant with its refresh tokens and codes (sign-out). */
  async end(grantId: string): Promise<void> {
    await this.db
      .deleteFrom('oidc_payloads')
      .where((eb) => eb.or([eb('grant_id', '=', grantId), eb.and([eb('model', '=', 'Grant'), eb('id', '=', grantId)])]))
      .execute();
  }

  /**
   * Ends every grant of the user (with their refresh tokens and codes) and every browser session
   * that holds one, except `keepGrantId`: the session the change was made from.
   */
  async endForUser(userId: string, keepGrantId?: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const grants = await trx
        .selectFrom('oidc_payloads')
        .select('id')
        .where('model', '=', 'Grant')
        .where(sql<string>`payload->>'accountId'`, '=', userId)
        .execute();
      const ended = grants.map((g) => g.id).filter((id) => id !== keepGrantId);
      if (ended.length > 0) {
        await trx
          .deleteFrom('oidc_payloads')
          .where((eb) =>
            eb.or([eb('grant_id', 'in', ended), eb.and([eb('model', '=', 'Grant'), eb('id', 'in', ended)])]),
          )
          .execute();
      }
      let sessions = trx
        .deleteFrom('oidc_payloads')
        .where('model', '=', 'Session')
        .where(sql<string>`payload->>'accountId'`, '=', userId);
      // The session whose authorizations name the kept grant stays signed in.
      if (keepGrantId) sessions = sessions.where(sql<boolean>`position(${keepGrantId} in payload::text) = 0`);
      await sessions.execute();
    });
  }
}
