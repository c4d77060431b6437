/**
 * `@reviewdesk/admin-panels/tenant/embed`: the settings of the signed-in person's tenant, for any host page, React or not — an entry of
 * its own, so that a page embedding it takes none of the other screens.
 */
import type { ReviewdeskProviderProps } from '@reviewdesk/ui';
import type { AdminPanelHandle } from '../handle';
import { mountScreen } from '../shared/mount-screen';
import { TenantSettings, type TenantSettingsProps } from './TenantSettings';

/** Options of {@link mountTenantSettings}: the provider's settings plus the screen's props. */
export interface MountTenantSettingsOptions
  extends Omit<ReviewdeskProviderProps, 'children' | 'className'>,
    Omit<TenantSettingsProps, 'className'> {
  /** Extra class on the `.rd-root` element. */
  className?: string;
}

/**
 * Mounts the settings of the signed-in person's tenant into an element.
 * @example
 * const tenant = mountTenantSettings(document.getElementById('tenant')!, { client, abilities });
 * tenant.on('saved', ({ tab }) => { if (tab === 'impersonation') location.reload(); });
 * tenant.update({ tab: 'secrets' });
 */
export function mountTenantSettings(
  element: HTMLElement,
  options: MountTenantSettingsOptions,
): AdminPanelHandle<MountTenantSettingsOptions> {
  return mountScreen(element, options, 'mountTenantSettings', TenantSettings);
}

export type {
  AdminNavigateEvent,
  AdminPanelsEventMap,
  AdminPanelsEventProps,
  AdminSavedEvent,
  AdminScreen,
} from '../events';
export type { AdminPanelHandle } from '../handle';
