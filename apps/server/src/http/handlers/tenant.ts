import { changeTenant, tenantSession, userTenants } from '../../domain/users/profile.js';
import { defineHandlers, signedIn } from '../handler.js';

export const tenantHandlers = defineHandlers({
  Tenant_GetCurrentSession: signedIn(async ({ session }) => tenantSession(session)),
  Tenant_UserTenants: signedIn(async ({ session, services }) => userTenants(services.db, session.user.id)),
  // Only tenants the caller belongs to are found; another tenant's id answers 404.
  Tenant_ChangeTenant: signedIn(async ({ query, session, services }) => ({
    succeeded: true,
    errors: [],
    result: await changeTenant(services.db, session, query.tenantId),
  })),
});
