// oidc-provider's storage interface over the oidc_payloads table, so sessions, grants, codes and
// refresh tokens are shared by every replica. Tenant API secrets are read as OAuth clients here.
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/database.js';
import { ApiSecretsRepository } from '../db/repositories/api-secrets.js';
import { type OidcPayloadColumn, OidcPayloadsRepository } from '../db/repositories/oidc-payloads.js';

/** Client metadata of a tenant API secret (client credentials only). */
async function findApiClient(db: Db, clientId: string): Promise<AdapterPayload | undefined> {
  const row = await new ApiSecretsRepository(db).find(clientId);
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
    private readonly payloads: OidcPayloadsRepository;

    constructor(readonly model: string) {
      this.payloads = new OidcPayloadsRepository(db, model);
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      await this.payloads.upsert({
        id,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      });
    }

    private async findWhere(column: OidcPayloadColumn, value: string): Promise<AdapterPayload | undefined> {
      const row = await this.payloads.findBy(column, value);
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
      await this.payloads.consume(id);
    }

    async destroy(id: string): Promise<void> {
      await this.payloads.remove(id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await this.payloads.removeGrant(grantId);
    }
  };
}
