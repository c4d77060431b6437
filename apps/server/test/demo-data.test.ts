import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { DEMO_TENANTS, DEMO_USERS, DEMO_WORKSPACES, seedDemoData } from '../src/domain/demo-data.js';

describe('demo data', () => {
  it('is created once: seeding again adds nothing', async () => {
    const { db, close } = await openDatabase({});
    try {
      await seedDemoData(db);
      await seedDemoData(db);
      const count = async (table: 'tenants' | 'users' | 'workspaces' | 'batches' | 'tenant_memberships') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count('tenants')).toBe(DEMO_TENANTS.length);
      expect(await count('users')).toBe(DEMO_USERS.length);
      expect(await count('tenant_memberships')).toBe(DEMO_USERS.length);
      expect(await count('workspaces')).toBe(DEMO_WORKSPACES.length);
      expect(await count('batches')).toBeGreaterThan(0);
      const types = new Set(DEMO_WORKSPACES.map((w) => w.taskType));
      for (const type of ['Invoice', 'Receipt', 'Transcript', 'Custom', 'DocumentAnonymization'])
        expect(types.has(type as never)).toBe(true);
    } finally {
      await close();
    }
  });
});
