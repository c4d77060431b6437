// A tenant's connections to file-sharing sites, and the workspaces whose storage names one.
import { sql } from 'kysely';
import type { StorageConnectionRow } from '../schema.js';
import { TenantRepository } from './tenant-repository.js';

export interface StorageConnectionValues {
  kind: string;
  displayName: string;
  name: string;
  clientId: string;
  secretCiphertext: string;
  hostname: string;
  defaultSite: string | null;
  driveId: string | null;
}

export class StorageConnectionsRepository extends TenantRepository {
  list(): Promise<StorageConnectionRow[]> {
    return this.rows('storage_connections').selectAll().orderBy('display_name').execute();
  }

  byId(id: string): Promise<StorageConnectionRow | undefined> {
    return this.rowById('storage_connections', id).selectAll().executeTakeFirst();
  }

  byName(name: string): Promise<StorageConnectionRow | undefined> {
    return this.rows('storage_connections')
      .selectAll()
      .where(sql`lower(name)`, '=', name.toLowerCase())
      .executeTakeFirst();
  }

  async insert(id: string, values: StorageConnectionValues): Promise<void> {
    await this.db
      .insertInto('storage_connections')
      .values({
        id,
        tenant_id: this.tenantId,
        kind: values.kind,
        display_name: values.displayName,
        name: values.name,
        client_id: values.clientId,
        secret_ciphertext: values.secretCiphertext,
        hostname: values.hostname,
        default_site: values.defaultSite,
        drive_id: values.driveId,
        modified_on: new Date(),
      })
      .execute();
  }

  async update(id: string, values: StorageConnectionValues): Promise<void> {
    await this.updateRows('storage_connections')
      .set({
        kind: values.kind,
        display_name: values.displayName,
        name: values.name,
        client_id: values.clientId,
        secret_ciphertext: values.secretCiphertext,
        hostname: values.hostname,
        default_site: values.defaultSite,
        drive_id: values.driveId,
        modified_on: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  async remove(id: string): Promise<boolean> {
    const result = await this.deleteRows('storage_connections').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Live workspaces whose storageConfig names the connection `name`. */
  workspacesUsing(name: string): Promise<Array<{ id: string; display_name: string }>> {
    return this.rows('workspaces')
      .select(['id', 'display_name'])
      .where('soft_deleted', '=', false)
      .where(sql`lower(configuration -> 'storageConfig' ->> 'serviceName')`, '=', name.toLowerCase())
      .orderBy('display_name')
      .execute();
  }
}
