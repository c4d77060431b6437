// Who is calling a task operation: a signed-in user, or an API client holding a token of a tenant
// API secret (client credentials; the token carries tenant_id). API clients may only create tasks
// and follow them (Import, Process, Status, StatusList, uploads); they get a session that holds just
// those abilities and no user.

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

const clientIds = new WeakMap<Session, string>();

/** The client id when the session belongs to an API client, else null. */
export function apiClientOf(session: Session): string | null {
  return clientIds.get(session) ?? null;
}

/** A session for an API client; refused when its secret was removed, moved or has expired. */
export async function loadClientSession(db: Db, clientId: string, tenantId: string): Promise<Session> {
  const secret = await new ApiSecretsRepository(db).withTenant(clientId);
  if (!secret || secret.tenant_id !== tenantId) throw forbidden('This API secret no longer exists.');
  if (secret.expiration && new Date(secret.expiration).getTime() <= Date.now()) {
    throw forbidden('This API secret has expired.');
  }
  const role = roleByName('Creator');
  const user: UserRow = {
    id: '00000000-0000-0000-0000-000000000000',
    email: '',
    name: `API client ${clientId}`,
    user_name: clientId,
    contact: null,
    password_hash: null,
    email_confirmed: false,
    failed_sign_ins: 0,
    locked_until: null,
    current_tenant_id: tenantId,
    profile_picture: null,
    tours_seen: {},
    language: null,
    created_on: new Date(0),
  };
  const session: Session = {
    user,
    membership: {
      tenant_id: tenantId,
      tenant_code: secret.code,
      tenant_name: secret.name,
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
    scope: new TenantScope(db, tenantId),
  };
  clientIds.set(session, clientId);
  return session;
}

export function actorOf(session: Session): Actor {
  const clientId = apiClientOf(session);
  if (clientId) return { userId: null, clientId, label: `API client ${clientId}` };
  return { userId: session.user.id, clientId: null, label: session.user.name };
}
