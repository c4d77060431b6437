/**
 * `@reviewdesk/admin-panels/licensing`: licensing alone, for a React host — an entry of its own, so
 * that a host showing only it takes none of the other screens (and their strings).
 * Render inside a `<ReviewdeskProvider>`; import `@reviewdesk/admin-panels/styles.css`.
 */
export type {
  AdminNavigateEvent,
  AdminPanelsEventMap,
  AdminPanelsEventProps,
  AdminSavedEvent,
  AdminScreen,
} from '../events';
export { Licensing, type LicensingProps } from './Licensing';
export { isLicensingTab, LICENSING_TAB_PERMISSIONS, LICENSING_TABS, type LicensingTab } from './tabs';
