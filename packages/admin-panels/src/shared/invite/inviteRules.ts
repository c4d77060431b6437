/**
 * Rules every invitation by e-mail follows, whether from the tenant's or a workspace's users tab:
 * when the typed address is checked, what counts as an address, which roles may be given.
 */
import type { Schema } from '@reviewdesk/api-client';

/** The product-spec §5 debounce of the invite search. */
export const INVITE_CHECK_DEBOUNCE_MS = 750;

/** A plausible address, checked before asking the server about it. */
export const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

/** Roles an inviter may give: the selectable, visible ones, in the hierarchy's order. */
export function invitableRoles(roles: readonly Schema<'Role'>[]): Schema<'Role'>[] {
  return roles.filter((r) => r.tenantSelectable && !r.hidden).sort((a, b) => a.order - b.order);
}
