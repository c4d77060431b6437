// User/DownloadPersonalData: everything the server keeps about the caller as a person — the account,
// its tenants and roles, its workspaces, its linked logins and settings — as one JSON file. Secrets
// (the password hash, sign-in codes) are left out: they are not data about the person.
import type { Db } from '../../db/database.js';
import { ExternalLoginsRepository } from '../../db/repositories/external-logins.js';
import { MembershipsRepository } from '../../db/repositories/memberships.js';
import { roleById } from '../roles.js';
import type { Session } from '../session.js';

export interface PersonalDataFile {
  fileName: string;
  bytes: Buffer;
}

export async function personalData(db: Db, session: Session, now = new Date()): Promise<PersonalDataFile> {
  const { user } = session;
  const memberships = new MembershipsRepository(db);
  const [tenants, workspaces, logins] = await Promise.all([
    memberships.listForUser(user.id),
    memberships.workspacesOf(user.id),
    new ExternalLoginsRepository(db).list(user.id),
  ]);
  const data = {
    exportedOn: now.toISOString(),
    account: {
      userId: user.id,
      email: user.email,
      emailConfirmed: user.email_confirmed,
      name: user.name,
      userName: user.user_name,
      contact: user.contact,
      hasPassword: user.password_hash !== null,
      createdOn: new Date(user.created_on).toISOString(),
      profilePicture: user.profile_picture,
      toursSeen: user.tours_seen ?? {},
    },
    tenants: tenants.map((m) => ({
      tenantId: m.tenant_id,
      tenantName: m.tenant_name,
      role: roleById(m.role_id)?.name ?? null,
      status: m.status,
      isDefault: m.is_default,
      isTenantOwner: m.is_owner,
      workspaces: workspaces
        .filter((w) => w.tenant_id === m.tenant_id)
        .map((w) => ({ workspaceId: w.workspace_id, name: w.display_name, status: w.status })),
    })),
    externalLogins: logins.map((l) => ({
      loginProvider: l.login_provider,
      providerDisplayName: l.provider_display_name,
      linkedOn: new Date(l.created_on).toISOString(),
    })),
  };
  return {
    fileName: `PersonalData-${now.toISOString().slice(0, 10)}.json`,
    bytes: Buffer.from(`${JSON.stringify(data, null, 2)}\n`),
  };
}
