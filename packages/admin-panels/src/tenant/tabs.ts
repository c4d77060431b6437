/**
 * The tabs of tenant edit (product-spec §2), in the spec's order, and the permission that opens
 * each one (product-spec §6). A tab the signed-in user may not use is not offered at all; a tab
 * whose changes need a further permission shows read-only (see each tab).
 */
import type { Permission } from '@reviewdesk/ui';

export const TENANT_TABS = ['basic', 'users', 'secrets', 'connectors'] as const;

/** One tab of tenant edit. */
export type TenantTab = (typeof TENANT_TABS)[number];

/** Any one of these permissions opens the tab. */
export const TENANT_TAB_PERMISSIONS: Record<TenantTab, readonly Permission[]> = {
  basic: ['Tenant.Edit', 'Tenant.EditBasic'],
  users: ['Tenant.ListUsers'],
  secrets: ['Tenant.ViewSecrets'],
  connectors: ['Tenant.ViewSharePointConnector'],
};

export function isTenantTab(value: unknown): value is TenantTab {
  return typeof value === 'string' && (TENANT_TABS as readonly string[]).includes(value);
}
