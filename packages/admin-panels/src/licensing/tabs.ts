/** The tabs of licensing (product-spec §2) and the permission that opens each (product-spec §6). */
import type { Permission } from '@reviewdesk/ui';

export const LICENSING_TABS = ['licences', 'usage-history'] as const;

/** One tab of licensing. */
export type LicensingTab = (typeof LICENSING_TABS)[number];

export const LICENSING_TAB_PERMISSIONS: Record<LicensingTab, readonly Permission[]> = {
  licences: ['Licensing.View'],
  'usage-history': ['Licensing.ViewUsageHistory'],
};

export function isLicensingTab(value: unknown): value is LicensingTab {
  return typeof value === 'string' && (LICENSING_TABS as readonly string[]).includes(value);
}
