// Accounts are global (one person may belong to several tenants); what a user may see inside a
// tenant always goes through a TenantScope.
import { sql } from 'kysely';
import type { Db } from '../database.js';
import type { NewUser, UserRow, UserUpdate } from '../schema.js';

export class UsersRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(email)`, '=', email.trim().toLowerCase())
      .executeTakeFirst();
  }

  async insert(user: NewUser): Promise<void> {
    await this.db.insertInto('users').values(user).execute();
  }

  async update(id: string, changes: UserUpdate): Promise<void> {
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
  }

  /** Names of accounts by id (ids without an account are missing). */
  async namesByIds(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((u) => [u.id, u.name]));
  }

  async setToursSeen(id: string, tours: Record<string, boolean>): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ tours_seen: JSON.stringify(tours) })
      .where('id', '=', id)
      .execute();
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }
}
