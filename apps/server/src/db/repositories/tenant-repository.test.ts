// The tenant-scoped base on a real (embedded) database: another tenant's rows are not found, changed
// or deleted, and a transaction binds the whole repository and rolls back together.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../database.js';
import { type Executor, TenantRepository } from './tenant-repository.js';

/** A repository over blobs holding something besides its executor, as real ones do (a storage). */
class Blobs extends TenantRepository {
  constructor(
    db: Executor,
    tenantId: string,
    readonly label: string,
  ) {
    super(db, tenantId);
  }

  find(id: string) {
    return this.rowById('blobs', id).selectAll().executeTakeFirst();
  }

  async ids(): Promise<string[]> {
    return (await this.rows('blobs').select('id').orderBy('file_name').execute()).map((row) => row.id);
  }

  async rename(id: string, fileName: string): Promise<number> {
    const result = await this.updateRows('blobs').set({ file_name: fileName }).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async remove(id: string): Promise<number> {
    const result = await this.deleteRows('blobs').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  insideTransaction(): boolean {
    return this.db.isTransaction;
  }
}

let handle: DatabaseHandle;
const acme = randomUUID();
const globex = randomUUID();
const acmeBlob = randomUUID();
const globexBlob = randomUUID();

beforeAll(async () => {
  handle = await openDatabase({});
  await handle.db
    .insertInto('tenants')
    .values([
      { id: acme, code: 'acme', name: 'Acme' },
      { id: globex, code: 'globex', name: 'Globex' },
    ])
    .execute();
  const blob = (id: string, tenantId: string, fileName: string) => ({
    id,
    tenant_id: tenantId,
    storage_key: id,
    file_name: fileName,
    content_type: 'text/plain',
    size: 1,
    sha256: '0'.repeat(64),
  });
  await handle.db
    .insertInto('blobs')
    .values([blob(acmeBlob, acme, 'a.txt'), blob(globexBlob, globex, 'g.txt')])
    .execute();
});

afterAll(() => handle.close());

describe('TenantRepository', () => {
  it('cannot be built without a tenant', () => {
    expect(() => new Blobs(handle.db, '', 'x')).toThrow('Blobs needs the tenant id');
  });

  it('reads only rows of its tenant', async () => {
    const blobs = new Blobs(handle.db, acme, 'acme');
    expect((await blobs.find(acmeBlob))?.file_name).toBe('a.txt');
    expect(await blobs.find(globexBlob)).toBeUndefined();
    expect(await blobs.ids()).toEqual([acmeBlob]);
  });

  it('changes and deletes only rows of its tenant', async () => {
    const blobs = new Blobs(handle.db, acme, 'acme');
    expect(await blobs.rename(globexBlob, 'taken.txt')).toBe(0);
    expect(await blobs.remove(globexBlob)).toBe(0);
    const other = new Blobs(handle.db, globex, 'globex');
    expect((await other.find(globexBlob))?.file_name).toBe('g.txt');
  });

  it('binds the whole repository to a transaction that commits or rolls back as one', async () => {
    const blobs = new Blobs(handle.db, acme, 'acme');
    expect(blobs.insideTransaction()).toBe(false);
    await expect(
      blobs.transaction(async (trx) => {
        expect(trx).toBeInstanceOf(Blobs);
        expect([trx.tenantId, trx.label, trx.insideTransaction()]).toEqual([acme, 'acme', true]);
        expect(await trx.rename(acmeBlob, 'renamed.txt')).toBe(1);
        throw new Error('give up');
      }),
    ).rejects.toThrow('give up');
    expect((await blobs.find(acmeBlob))?.file_name).toBe('a.txt');

    await blobs.transaction((trx) => trx.rename(acmeBlob, 'renamed.txt'));
    expect((await blobs.find(acmeBlob))?.file_name).toBe('renamed.txt');
  });

  it('joins the transaction it already runs in', async () => {
    const blobs = new Blobs(handle.db, acme, 'acme');
    await blobs.transaction(async (outer) => {
      await outer.transaction(async (inner) => {
        expect(inner).toBe(outer);
        await inner.rename(acmeBlob, 'inner.txt');
      });
      expect((await outer.find(acmeBlob))?.file_name).toBe('inner.txt');
    });
  });
});
