// Who is calling a task operation: a signed-in user, or a client acting for the whole tenant — an
// API client holding a token of a tenant API secret (client credentials; the token carries
// tenant_id), or mail from outside the tenant that a workspace accepts at its import address.
// Clients may only create tasks and follow them (Import, Process, Status, StatusList, uploads); they
// get a session that holds just those abilities and no user.

import type { Db } from '../../db/database.js';
import { ApiSecretsRepository } from '../../db/repositories/api-secrets.js';
import { TenantScope } from '../../db/repositories/tenant-scope.js';
import type { UserRow } from '../../db/schema.js';
import { forbidden } from '../errors.js';
import { roleByName } from '../roles.js';
import type { Session } from '../session.js';
import type { Actor } from './events.js';

/** What a tenant API secret may do. */
export const API_CLIENT_ABILITIES: readonly string[] = ['Task.Import', 'Task.View', 'Task.ListView'];

interface Client {
  id: string;
  /** How events name it. */
  label: string;
}

const clients = new WeakMap<Session, Client>();

/** The client id when the session belongs to a client (an API secret, an outside mail sender), else null. */
export function apiClientOf(session: Session): string | null {
  return clients.get(session)?.id ?? null;
}

interface TenantOfClient {
  id: string;
  code: string;
  name: string;
}

/** A session without a user that holds the abilities of API clients in `tenant`. */
function clientSession(db: Db, tenant: TenantOfClient, client: Client): Session {
  const role = roleByName('Creator');
  const user: UserRow = {
    id: '00000000-0000-0000-0000-000000000000',
    email: '',
    name: client.label,
    user_name: client.id,
    contact: null,
    password_hash: null,
    email_confirmed: false,
    failed_sign_ins: 0,
    locked_until: null,
    current_tenant_id: tenant.id,
    profile_picture: null,
    tours_seen: {},
    language: null,
    created_on: new Date(0),
  };
  const session: Session = {
    user,
    membership: {
      tenant_id: tenant.id,
      tenant_code: tenant.code,
      tenant_name: tenant.name,
      user_id: user.id,
      role_id: role.id,
      status: 10,
      impersonate_role_id: null,
      is_default: true,
      is_owner: false,
    },
    role,
    impersonateRole: null,
    abilitiesRole: role,
    abilities: new Set(API_CLIENT_ABILITIES),
    scope: new TenantScope(db, tenant.id),
  };
  clients.set(session, client);
  return session;
}

/** A session for an API client; refused when its secret was removed, moved or has expired. */
export async function loadClientSession(db: Db, clientId: string, tenantId: string): Promise<Session> {
  const secret = await new ApiSecretsRepository(db).withTenant(clientId);
  if (!secret || secret.tenant_id !== tenantId) throw forbidden('This API secret no longer exists.');
  if (secret.expiration && new Date(secret.expiration).getTime() <= Date.now()) {
    throw forbidden('This API secret has expired.');
  }
  const tenant = { id: tenantId, code: secret.code, name: secret.name };
  return clientSession(db, tenant, { id: clientId, label: `API client ${clientId}` });
}

/** A session for mail from `sender`, outside the tenant, that a workspace of `tenant` accepts. */
export function outsideSenderSession(db: Db, tenant: TenantOfClient, sender: string): Session {
  return clientSession(db, tenant, { id: `mail:${sender}`, label: `e-mail from ${sender}` });
}

export function actorOf(session: Session): Actor {
  const client = clients.get(session);
  if (client) return { userId: null, clientId: client.id, label: client.label };
  return { userId: session.user.id, clientId: null, label: session.user.name };
}
