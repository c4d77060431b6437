/** The demo accounts the server seeds (apps/server/README.md, "Demo data"): one per role, in Acme Documents. */
import { roleNames } from '@reviewdesk/auth';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Reviewdesk-demo-1';

export type DemoRole = (typeof roleNames)[number];

export interface DemoAccount {
  role: DemoRole;
  email: string;
}

/** `developer@demo.reviewdesk.test`, … — every role the product knows, in its order. */
export const demoAccounts: readonly DemoAccount[] = roleNames.map((role) => ({
  role,
  email: `${role.toLowerCase()}@demo.reviewdesk.test`,
}));

export function demoAccount(role: DemoRole): DemoAccount {
  const account = demoAccounts.find((a) => a.role === role);
  if (!account) throw new Error(`No demo account for ${role}.`);
  return account;
}
