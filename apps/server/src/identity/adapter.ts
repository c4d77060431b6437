// oidc-provider's storage interface over the oidc_payloads table, so sessions, grants, codes and
// refresh tokens are shared by every replica. Tenant API secrets are read as OAuth clients here.
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/database.js';

/** Client metadata of a tenant API secret (client credentials only). */
async function findApiClient(db: Db, clientId: string): Promise<AdapterPayload | undefined> {
  const row = await db.selectFrom('api_secrets').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  if (!row) return undefined;
  if (row.expiration && new Date(row.expiration).getTime() < Date.now()) return undefined;
  return {
    client_id: row.client_id,
    client_secret: row.client_secret,
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
    token_endpoint_auth_method: 'client_secret_basic',
    scope: 'api',
  } as AdapterPayload;
}

export function createAdapterFactory(db: Db): new (model: string) => Adapter {
  return class DatabaseAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresAt,
        consumed_at: null,
      };
      await db
        .insertInto('oidc_payloads')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['model', 'id']).doUpdateSet({
            payload: row.payload,
            grant_id: row.grant_id,
            user_code: row.user_code,
            uid: row.uid,
            expires_at: row.expires_at,
          }),
        )
        .execute();
    }

    private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidc_payloads')
        .select(['payload', 'expires_at', 'consumed_at'])
        .where('model', '=', this.model)
        .where(column, '=', value)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.expires_at && new Date(row.expires_at).getTime() <= Date.now()) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumed_at
        ? { ...payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) }
        : payload;
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') return findApiClient(db, id);
      return this.findWhere('id', id);
    }

    findByUserCode(userCode: string) {
      return this.findWhere('user_code', userCode);
    }

    findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable('oidc_payloads')
        .set({ consumed_at: new Date() })
        .where('model', '=', this.model)
        .where('id', '=', id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('model', '=', this.model).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
    }
  };
}
