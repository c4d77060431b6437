// Tenant API secrets (OAuth clients of the client-credentials grant). Lookups by client id are
// global (the client id names the tenant); listing and renewing go through the tenant's id.
import type { Db } from '../database.js';

export class ApiSecretsRepository {
  constructor(private readonly db: Db) {}

  /** The whole credential, by client id. */
  find(clientId: string) {
    return this.db.selectFrom('api_secrets').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  }

  /** The secret's tenant and stored (hashed) secret, by client id. */
  byClientId(clientId: string) {
    return this.db
      .selectFrom('api_secrets')
      .select(['tenant_id', 'client_secret'])
      .where('client_id', '=', clientId)
      .executeTakeFirst();
  }

  /** The secret's tenant, expiry and the tenant's code and name, by client id. */
  withTenant(clientId: string) {
    return this.db
      .selectFrom('api_secrets')
      .innerJoin('tenants', 'tenants.id', 'api_secrets.tenant_id')
      .select(['api_secrets.tenant_id', 'api_secrets.expiration', 'tenants.code', 'tenants.name'])
      .where('api_secrets.client_id', '=', clientId)
      .executeTakeFirst();
  }

  /** The tenant's credentials, newest first. */
  listForTenant(tenantId: string) {
    return this.db
      .selectFrom('api_secrets')
      .select(['client_id', 'expiration'])
      .where('tenant_id', '=', tenantId)
      .orderBy('created_on', 'desc')
      .orderBy('client_id')
      .execute();
  }

  async insert(tenantId: string, clientId: string, hashedSecret: string, expiration: Date): Promise<void> {
    await this.db
      .insertInto('api_secrets')
      .values({ client_id: clientId, tenant_id: tenantId, client_secret: hashedSecret, expiration })
      .execute();
  }

  async replaceSecret(tenantId: string, clientId: string, hashedSecret: string, expiration: Date): Promise<void> {
    await this.db
      .updateTable('api_secrets')
      .set({ client_secret: hashedSecret, expiration })
      .where('tenant_id', '=', tenantId)
      .where('client_id', '=', clientId)
      .execute();
  }
}
