// A tenant's licences and the usage rows written when a task spends credits (product-spec §3
// "License", "Usage item"). The rules on when a task may be processed live in domain/licences.
import { randomUUID } from 'node:crypto';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../database.js';
import type { LicenceRow, LicencesTable } from '../schema.js';

export interface LicenceUsage {
  licenceId: string;
  taskId: string | null;
  taskType: string;
  documentName: string;
  totalPages: number | null;
  creditsSpent: number;
  creditsPerUnit: number;
  currentVolume: number;
  totalVolume: number;
  status: number;
}

export interface UsageFilter {
  from?: Date | undefined;
  to?: Date | undefined;
  licenceId?: string | undefined;
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

  /**
   * Stores an activated licence, unless a licence of that vendor id is stored already — in any
   * tenant (the unique index licences_activated_once decides, so two activations of one code at
   * once cannot both succeed). Undefined when it was.
   */
  activate(licence: Omit<Insertable<LicencesTable>, 'tenant_id' | 'is_trial'>) {
    return this.db
      .insertInto('licences')
      .values({ ...licence, tenant_id: this.tenantId, is_trial: false })
      .onConflict((oc) => oc.column('licence_key').where('is_trial', '=', false).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** Ends the tenant's trial licences that are still running (a bought licence replaces them). */
  async endTrials(now: Date): Promise<void> {
    await this.db
      .updateTable('licences')
      .set({ expiration_date: now })
      .where('tenant_id', '=', this.tenantId)
      .where('is_trial', '=', true)
      .where((w) => w.or([w('expiration_date', 'is', null), w('expiration_date', '>', now)]))
      .execute();
  }

  /**
   * The tenant's licences, newest activation first, after the keyset `after` (activation date and
   * id as PostgreSQL text, from `keyset` of the last row of the previous page).
   */
  historyPage(after: string[] | null, limit: number) {
    let query = this.db
      .selectFrom('licences')
      .selectAll()
      .select(sql<string[]>`array[activation_date::text, id::text]`.as('keyset'))
      .where('tenant_id', '=', this.tenantId);
    if (after) {
      query = query.where(sql<boolean>`(activation_date, id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
    }
    return query.orderBy('activation_date', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** The tenant's usage rows, newest first, filtered, after the keyset `after` (see historyPage). */
  usagePage(filter: UsageFilter, after: string[] | null, limit: number) {
    let query = this.db
      .selectFrom('license_usage')
      .selectAll()
      .select(sql<string[]>`array[process_date::text, id::text]`.as('keyset'))
      .where('tenant_id', '=', this.tenantId);
    if (filter.from) query = query.where('process_date', '>=', filter.from);
    if (filter.to) query = query.where('process_date', '<=', filter.to);
    if (filter.licenceId) query = query.where('licence_id', '=', filter.licenceId);
    if (after) {
      query = query.where(sql<boolean>`(process_date, id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
    }
    return query.orderBy('process_date', 'desc').orderBy('id', 'desc').limit(limit).execute();
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
