// Which workspace an import address belongs to. An address is `<alias>@import.<host>`: the alias
// is the workspace's own `emailAlias`, or the derived one that ends with the first 8 characters of
// its id. Addresses are compared without case, as mail servers do.
import type { Db } from '../../db/database.js';
import { type AddressCandidate, addressCandidates } from '../../db/repositories/mail-imports.js';
import { emailAliasOf, importDomainOf } from '../workspaces/import-email.js';

export type ImportWorkspace = AddressCandidate;

/** The live workspace whose import address is `address`, or undefined. */
export async function workspaceOfImportAddress(
  db: Db,
  address: string,
  origin: string,
): Promise<ImportWorkspace | undefined> {
  const at = address.lastIndexOf('@');
  if (at < 1) return undefined;
  const alias = address.slice(0, at).trim().toLowerCase();
  const domain = address
    .slice(at + 1)
    .trim()
    .toLowerCase();
  if (domain !== importDomainOf(origin).toLowerCase()) return undefined;
  const idPrefix = /-([0-9a-f]{8})$/.exec(alias)?.[1] ?? null;
  const candidates = await addressCandidates(db, alias, idPrefix);
  return candidates.find((w) => emailAliasOf(w, w.tenant_code).toLowerCase() === alias);
}
