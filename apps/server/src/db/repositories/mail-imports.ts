// Mail received at workspaces' import addresses. Finding the workspace of an address spans all
// tenants (the address is the only thing a message carries); everything recorded afterwards is
// tenant-scoped. The expiry look-up spans all tenants too and locks one message at a time with
// `FOR UPDATE SKIP LOCKED`, so schedulers in several processes never remove the same one twice.
import { sql } from 'kysely';
import type { MailImportRow, WorkspaceRow } from '../schema.js';
import { type Executor, inTransaction, TenantRepository } from './tenant-repository.js';

/** A live workspace that may own an import address, with its tenant's code (part of derived aliases) and name. */
export type AddressCandidate = WorkspaceRow & { tenant_code: string; tenant_name: string };

/** Workspaces whose stored alias is `alias`, or whose id starts with `idPrefix` (derived aliases end with it). */
export function addressCandidates(db: Executor, alias: string, idPrefix: string | null): Promise<AddressCandidate[]> {
  return db
    .selectFrom('workspaces as w')
    .innerJoin('tenants as t', 't.id', 'w.tenant_id')
    .selectAll('w')
    .select(['t.code as tenant_code', 't.name as tenant_name'])
    .where('w.soft_deleted', '=', false)
    .where((eb) => {
      const stored = eb(sql`lower(w.configuration ->> 'emailAlias')`, '=', alias);
      return idPrefix ? eb.or([stored, eb(sql`w.id::text`, 'like', `${idPrefix}%`)]) : stored;
    })
    .execute();
}

export interface NewMailImport {
  id: string;
  workspaceId: string;
  messageId: string | null;
  sender: string;
  senderUserId: string | null;
  recipient: string;
  subject: string;
  bodyText: string;
  taskIds: string[];
  storageKey: string;
  size: number;
  sha256: string;
  expiresOn: Date;
}

export class MailImportsRepository extends TenantRepository {
  async insert(values: NewMailImport): Promise<void> {
    await this.db
      .insertInto('mail_imports')
      .values({
        id: values.id,
        tenant_id: this.tenantId,
        workspace_id: values.workspaceId,
        message_id: values.messageId,
        sender: values.sender,
        sender_user_id: values.senderUserId,
        recipient: values.recipient,
        subject: values.subject,
        body_text: values.bodyText,
        task_ids: JSON.stringify(values.taskIds),
        storage_key: values.storageKey,
        size: values.size,
        sha256: values.sha256,
        expires_on: values.expiresOn,
      })
      .execute();
  }

  byId(id: string): Promise<MailImportRow | undefined> {
    return this.rowById('mail_imports', id).selectAll().executeTakeFirst();
  }

  /** The message already imported into `workspaceId` with these bytes (a sender's server retrying). */
  bySha256(workspaceId: string, sha256: string): Promise<MailImportRow | undefined> {
    return this.rows('mail_imports')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('sha256', '=', sha256)
      .executeTakeFirst();
  }

  /** Messages of a workspace, newest first. */
  ofWorkspace(workspaceId: string): Promise<MailImportRow[]> {
    return this.rows('mail_imports')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('received_on', 'desc')
      .execute();
  }
}

/**
 * Marks the next message whose storage expired by `now` as expired, locked in its own transaction,
 * and resolves to its storage key for the caller to remove once committed (a crash in between
 * leaves an orphaned file, never a row pointing at nothing); null when none is left.
 */
export function expireNextMail(db: Executor, now: Date): Promise<string | null> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('mail_imports')
      .selectAll()
      .where('storage_key', 'is not', null)
      .where('expires_on', '<=', now)
      .orderBy('expires_on')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row?.storage_key) return null;
    await trx
      .updateTable('mail_imports')
      .set({ storage_key: null, expired_on: now })
      .where('id', '=', row.id)
      .where('tenant_id', '=', row.tenant_id)
      .execute();
    return row.storage_key;
  });
}
