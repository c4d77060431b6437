// The one base of every tenant-scoped repository. A repository cannot be built without the caller's
// tenant id, and the helpers below start every query from `tenant_id = <that tenant>`, so a row of
// another tenant is simply not found. The same repository runs on the connection or on a
// transaction (Kysely's Transaction is a Kysely), so a unit of work is one `transaction()` call and
// never a cast.
import {
  type DeleteQueryBuilder,
  type DeleteResult,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
  type UpdateQueryBuilder,
  type UpdateResult,
} from 'kysely';
import type { Database } from '../schema.js';

/** Where queries run: the connection, or the transaction a unit of work holds. */
export type Executor = Kysely<Database>;

type TablesWith<Column extends string> = {
  [Table in keyof Database]: Column extends keyof Database[Table] ? Table : never;
}[keyof Database];

// biome-ignore lint/complexity/noBannedTypes: Kysely's own type of a query that selects nothing yet.
type NoSelection = {};

/** Tables whose rows belong to one tenant. */
export type TenantTable = TablesWith<'tenant_id'>;
/** Tenant tables whose rows have their own id. */
export type TenantRowTable = TenantTable & TablesWith<'id'>;
/** Tenant tables whose rows belong to one task. */
export type TaskChildTable = TenantTable & TablesWith<'task_id'>;

/**
 * Runs `work` in one transaction of `db`, or in the transaction `db` already is (a unit of work
 * that calls another one joins it instead of failing).
 */
export function inTransaction<T>(db: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}

/** `<table>.tenant_id = <tenant>`; `table` may be an alias (`t` of `tasks as t`). */
export function tenantIs(table: string, tenantId: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${table}.tenant_id`)} = ${tenantId}`;
}

export abstract class TenantRepository {
  constructor(
    protected readonly db: Executor,
    readonly tenantId: string,
  ) {
    if (!tenantId) throw new Error(`${new.target.name} needs the tenant id`);
  }

  /**
   * Runs `work` in one transaction with this repository bound to it (the same tenant and whatever
   * else the repository holds); inside a transaction already, in that one.
   */
  transaction<T>(work: (repo: this) => Promise<T>): Promise<T> {
    return inTransaction(this.db, (trx) => work(trx === this.db ? this : this.boundTo(trx)));
  }

  /**
   * A copy of this repository on `db`. Copying the fields keeps what subclasses hold besides the
   * executor (a file storage, say) without each of them re-writing the binding.
   */
  private boundTo(db: Executor): this {
    const bound: this = Object.create(Object.getPrototypeOf(this));
    return Object.assign(bound, this, { db });
  }

  // The helpers are typed per table for their callers; inside, the table is any tenant table (a
  // generic table name would leave Kysely's builder types unresolved).

  /** The tenant's rows of `table`. */
  protected rows<Table extends TenantTable>(table: Table): SelectQueryBuilder<Database, Table, NoSelection>;
  protected rows(table: TenantTable) {
    return this.db.selectFrom(table).where(tenantIs(table, this.tenantId));
  }

  /** The tenant's row of `table` with this id. */
  protected rowById<Table extends TenantRowTable>(
    table: Table,
    id: string,
  ): SelectQueryBuilder<Database, Table, NoSelection>;
  protected rowById(table: TenantRowTable, id: string) {
    return this.rows(table).where(sql<SqlBool>`${sql.ref(`${table}.id`)} = ${id}`);
  }

  /** The tenant's rows of `table` that belong to a task. */
  protected rowsOfTask<Table extends TaskChildTable>(
    table: Table,
    taskId: string,
  ): SelectQueryBuilder<Database, Table, NoSelection>;
  protected rowsOfTask(table: TaskChildTable, taskId: string) {
    return this.rows(table).where(sql<SqlBool>`${sql.ref(`${table}.task_id`)} = ${taskId}`);
  }

  /** An update of the tenant's rows of `table`. */
  protected updateRows<Table extends TenantTable>(
    table: Table,
  ): UpdateQueryBuilder<Database, Table, Table, UpdateResult>;
  protected updateRows(table: TenantTable) {
    return this.db.updateTable(table).where(tenantIs(table, this.tenantId));
  }

  /** A delete of the tenant's rows of `table`. */
  protected deleteRows<Table extends TenantTable>(table: Table): DeleteQueryBuilder<Database, Table, DeleteResult>;
  protected deleteRows(table: TenantTable) {
    return this.db.deleteFrom(table).where(tenantIs(table, this.tenantId));
  }
}
