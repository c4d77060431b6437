// The two-factor rows of an account (migration 0025): its sealed TOTP key and its recovery codes.
import { randomUUID } from 'node:crypto';
import type { Db } from '../database.js';

export class TwoFactorRepository {
  constructor(private readonly db: Db) {}

  find(userId: string) {
    return this.db.selectFrom('user_two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** A new key for an account whose two-factor sign-in is not on (an earlier unconfirmed key is replaced). */
  async begin(userId: string, secretSealed: string): Promise<void> {
    await this.db
      .insertInto('user_two_factor')
      .values({ user_id: userId, secret_sealed: secretSealed, enabled_on: null, last_used_step: null })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ secret_sealed: secretSealed, enabled_on: null, last_used_step: null })
          .where('user_two_factor.enabled_on', 'is', null),
      )
      .execute();
  }

  /**
   * Records `step` as used, only if it is later than the last one used: of two requests with the
   * same code, one wins. True when this call recorded it.
   */
  async useStep(userId: string, step: number, enable = false): Promise<boolean> {
    const updated = await this.db
      .updateTable('user_two_factor')
      .set({ last_used_step: step, ...(enable ? { enabled_on: new Date() } : {}) })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', String(step))]))
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** Replaces the account's recovery codes by these hashes. */
  async replaceRecoveryCodes(userId: string, hashes: readonly string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
      await trx
        .insertInto('user_recovery_codes')
        .values(hashes.map((code_hash) => ({ id: randomUUID(), user_id: userId, code_hash })))
        .execute();
    });
  }

  /** Spends a recovery code: true only for the one request that marked it used. */
  async spendRecoveryCode(userId: string, hash: string): Promise<boolean> {
    const updated = await this.db
      .updateTable('user_recovery_codes')
      .set({ used_on: new Date() })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_on', 'is', null)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('user_recovery_codes')
      .select((eb) => eb.fn.countAll<string>().as('left'))
      .where('user_id', '=', userId)
      .where('used_on', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.left);
  }

  async remove(userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
      await trx.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
    });
  }
}
