// What the OpenID Connect provider stores (sessions, grants, codes, tokens …), one row per model
// and id, shared by every replica. Ending grants for account rules is SignInGrantsRepository's.
import type { Db } from '../database.js';

export type OidcPayloadColumn = 'id' | 'uid' | 'user_code';

export interface OidcPayloadRow {
  id: string;
  payload: Record<string, unknown>;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  expiresAt: Date | null;
}

export class OidcPayloadsRepository {
  constructor(
    private readonly db: Db,
    readonly model: string,
  ) {}

  async upsert(row: OidcPayloadRow): Promise<void> {
    const values = {
      model: this.model,
      id: row.id,
      payload: JSON.stringify(row.payload),
      grant_id: row.grantId,
      user_code: row.userCode,
      uid: row.uid,
      expires_at: row.expiresAt,
      consumed_at: null,
    };
    await this.db
      .insertInto('oidc_payloads')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['model', 'id']).doUpdateSet({
          payload: values.payload,
          grant_id: values.grant_id,
          user_code: values.user_code,
          uid: values.uid,
          expires_at: values.expires_at,
        }),
      )
      .execute();
  }

  findBy(column: OidcPayloadColumn, value: string) {
    return this.db
      .selectFrom('oidc_payloads')
      .select(['payload', 'expires_at', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .executeTakeFirst();
  }

  async consume(id: string, now = new Date()): Promise<void> {
    await this.db
      .updateTable('oidc_payloads')
      .set({ consumed_at: now })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('model', '=', this.model).where('id', '=', id).execute();
  }

  /** Every payload of a grant, whatever its model. */
  async removeGrant(grantId: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
  }
}
