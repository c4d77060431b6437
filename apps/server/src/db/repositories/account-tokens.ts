// Single-use codes of account e-mail links (reset password, confirm or change e-mail, delete the
// account). Only a hash of each code is stored; a code counts while unused and unexpired.
import type { Db } from '../database.js';

export interface NewAccountToken {
  tokenHash: string;
  userId: string;
  purpose: string;
  data: Record<string, unknown>;
  expiresAt: Date;
}

export class AccountTokensRepository {
  constructor(private readonly db: Db) {}

  async insert(token: NewAccountToken): Promise<void> {
    await this.db
      .insertInto('account_tokens')
      .values({
        token_hash: token.tokenHash,
        user_id: token.userId,
        purpose: token.purpose,
        data: JSON.stringify(token.data),
        expires_at: token.expiresAt,
        used_at: null,
      })
      .execute();
  }

  /**
   * Marks a valid code as used and returns its row; undefined when unknown, used, expired or (with
   * `userId`) another user's — a code offered for the wrong account stays usable by its own.
   */
  redeem(tokenHash: string, purpose: string, userId?: string, now = new Date()) {
    let query = this.db
      .updateTable('account_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now);
    if (userId) query = query.where('user_id', '=', userId);
    return query.returningAll().executeTakeFirst();
  }

  /** A valid code's row, leaving it unused. */
  peek(tokenHash: string, purpose: string, now = new Date()) {
    return this.db
      .selectFrom('account_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Uses up every open code of the user for `purpose`. */
  async useAll(userId: string, purpose: string, now = new Date()): Promise<void> {
    await this.db
      .updateTable('account_tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
  }
}
