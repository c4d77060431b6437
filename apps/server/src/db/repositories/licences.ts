// A tenant's licences and the usage rows written when a task spends credits (product-spec §3
// "License", "Usage item"). The rules on when a task may be processed live in domain/licences.
import { randomUUID } from 'node:crypto';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../database.js';
import type { LicenceRow, LicencesTable } from '../schema.js';

export interface LicenceUsage {
  licenceId: string;
  taskId: string;
  taskType: string;
  documentName: string;
  totalPages: number | null;
  creditsSpent: number;
  creditsPerUnit: number;
  currentVolume: number;
  totalVolume: number;
  status: number;
}

export class LicencesRepository {
  constructor(
    private readonly db: Db,
    readonly tenantId: string,
  ) {
    if (!tenantId) throw new Error('Licences need the tenant id');
  }

  /** Every licence of the tenant, soonest to expire first. */
  list(): Promise<LicenceRow[]> {
    return this.db
      .selectFrom('licences')
      .selectAll()
      .where('tenant_id', '=', this.tenantId)
      .orderBy('expiration_date', 'asc')
      .orderBy('activation_date', 'asc')
      .execute();
  }

  /**
   * Takes `credits` off the first licence that is active now and has enough left, in one
   * conditional UPDATE so two spenders of the last credits cannot both succeed. Undefined when no
   * licence had enough.
   */
  spend(credits: number) {
    return this.db
      .updateTable('licences')
      .set({ current_volume: sql`current_volume - ${credits}` })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('licences')
          .select('id')
          .where('tenant_id', '=', this.tenantId)
          .where('current_volume', '>=', credits)
          .where('activation_date', '<=', sql<Date>`now()`)
          .where((w) => w.or([w('expiration_date', 'is', null), w('expiration_date', '>', sql<Date>`now()`)]))
          .orderBy('expiration_date', 'asc')
          .limit(1),
      )
      .where('tenant_id', '=', this.tenantId)
      .where('current_volume', '>=', credits)
      .returning(['id', 'current_volume', 'volume'])
      .executeTakeFirst();
  }

  async recordUsage(usage: LicenceUsage): Promise<void> {
    await this.db
      .insertInto('license_usage')
      .values({
        id: randomUUID(),
        tenant_id: this.tenantId,
        licence_id: usage.licenceId,
        task_id: usage.taskId,
        task_type: usage.taskType,
        document_name: usage.documentName,
        total_pages: usage.totalPages,
        credits_spent: usage.creditsSpent,
        credits_cost: usage.creditsPerUnit,
        credits_mapping_id: null,
        current_volume: usage.currentVolume,
        total_volume: usage.totalVolume,
        status: usage.status,
      })
      .execute();
  }

  /** Adds the licence unless one with its id exists (seeding is idempotent). */
  async insertIfMissing(licence: Omit<Insertable<LicencesTable>, 'tenant_id'>): Promise<void> {
    await this.db
      .insertInto('licences')
      .values({ ...licence, tenant_id: this.tenantId })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}
