import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { DEMO_TENANTS, DEMO_USERS, DEMO_WORKSPACES } from '../src/domain/demo-data.js';
import { seedDemo } from '../src/domain/demo-seed.js';

describe('demo data', () => {
  it('is created once, workspace members included: seeding again adds nothing', async () => {
    const { db, close } = await openDatabase({});
    try {
      await seedDemo(db);
      await seedDemo(db);
      const count = async (
        table: 'tenants' | 'users' | 'workspaces' | 'batches' | 'tenant_memberships' | 'workspace_members',
      ) =>
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
      // Every member of a tenant joins every workspace of it.
      const perTenant = (list: ReadonlyArray<{ tenant: string }>, tenant: string) =>
        list.filter((x) => x.tenant === tenant).length;
      expect(await count('workspace_members')).toBe(
        DEMO_TENANTS.reduce((sum, { code }) => sum + perTenant(DEMO_USERS, code) * perTenant(DEMO_WORKSPACES, code), 0),
      );
      const types = new Set(DEMO_WORKSPACES.map((w) => w.taskType));
      for (const type of ['Invoice', 'Receipt', 'Transcript', 'Custom', 'DocumentAnonymization'])
        expect(types.has(type as never)).toBe(true);
      // A template to teach: a labelling-and-training workspace of the template kind.
      const training = await db
        .selectFrom('workspaces')
        .select(['workspace_type', 'template_type'])
        .where('task_type', '=', 'CustomTrainTemplate')
        .executeTakeFirstOrThrow();
      expect(training).toEqual({ workspace_type: 20, template_type: 30 });
      // Each workspace says what it is for, in a sentence for people (not its task type's code).
      const described = await db.selectFrom('workspaces').select(['task_type', 'description']).execute();
      for (const { task_type, description } of described) {
        expect(description).toMatch(/^[A-Z].{20,}\.$/);
        expect(description).not.toMatch(new RegExp(`\\b${task_type}\\b`));
        expect(description).not.toMatch(/demo workspace/i);
      }
    } finally {
      await close();
    }
  });
});
