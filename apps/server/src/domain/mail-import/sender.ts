// Who may mail files to a workspace's import address. A member of the workspace's tenant whose role
// may import tasks acts as themselves (the tasks are theirs, and the workspace must be one they
// reach, as for a web upload). Anyone else is refused unless the workspace accepts mail from
// outside the tenant (allowEmailImportFromOutsideTenant); such mail acts as a client of the tenant,
// named by the sender's address.
//
// The From address is taken as it is written: this receiver does not check SPF or DKIM, so it is
// meant to sit behind the organisation's own mail server, which does (apps/server/README.md).
import type { Db } from '../../db/database.js';
import { UsersRepository } from '../../db/repositories/users.js';
import { loadSessionInTenant, type Session } from '../session.js';
import { outsideSenderSession } from '../tasks/callers.js';
import { storedOf } from '../workspaces/configuration.js';
import type { ImportWorkspace } from './import-address.js';
import { MailRefusal } from './refusals.js';

export interface MailSender {
  session: Session;
  /** The member the sender is, or null for an outside sender. */
  userId: string | null;
}

export async function senderOf(db: Db, workspace: ImportWorkspace, address: string): Promise<MailSender> {
  const tenantName = workspace.tenant_name;
  const user = await new UsersRepository(db).findByEmail(address);
  const member = user ? await loadSessionInTenant(db, user, workspace.tenant_id) : undefined;
  if (user && member) {
    if (!member.abilities.has('Task.Import')) {
      throw new MailRefusal(
        'senderNotAllowed',
        `${address} is a member of ${tenantName} whose role may not import tasks.`,
      );
    }
    return { session: member, userId: user.id };
  }
  if (storedOf(workspace).allowEmailImportFromOutsideTenant === true) {
    const tenant = { id: workspace.tenant_id, code: workspace.tenant_code, name: workspace.tenant_name };
    return { session: outsideSenderSession(db, tenant, address), userId: null };
  }
  throw new MailRefusal(
    'senderNotAllowed',
    `This import address takes mail from members of ${tenantName} only, and ${address} is not one.`,
  );
}
