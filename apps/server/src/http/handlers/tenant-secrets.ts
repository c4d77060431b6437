// Tenant API secrets (client-credentials clients). Rules in src/domain/api-secrets.ts.
import { createApiSecret, listApiSecrets, parseExpiration, renewApiSecret } from '../../domain/api-secrets.js';
import { defineHandlers, requires } from '../handler.js';

export const tenantSecretsHandlers = defineHandlers({
  Tenant_Secrets: requires(['Tenant.ViewSecrets'], ({ session, services }) =>
    listApiSecrets(services.db, session.scope),
  ),
  Tenant_SecretsCreate: requires(['Tenant.CreateSecrets'], async ({ query, session, services }) => ({
    succeeded: true,
    errors: [],
    result: await createApiSecret(services.db, session.scope, parseExpiration(query.expiration)),
  })),
  Tenant_SecretsUpdate: requires(['Tenant.CreateSecrets'], async ({ query, session, services }) => {
    const renewed = await renewApiSecret(services.db, session.scope, parseExpiration(query.expiration));
    if (!renewed) {
      return { succeeded: false, errors: [{ code: 0, message: 'This tenant has no API secret to renew yet.' }] };
    }
    return { succeeded: true, errors: [], result: renewed };
  }),
});
