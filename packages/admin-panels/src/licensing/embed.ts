/**
 * `@reviewdesk/admin-panels/licensing/embed`: the tenant's licences and their usage, for any host page, React or not — an entry of
 * its own, so that a page embedding it takes none of the other screens.
 */
import type { ReviewdeskProviderProps } from '@reviewdesk/ui';
import type { AdminPanelHandle } from '../handle';
import { mountScreen } from '../shared/mount-screen';
import { Licensing, type LicensingProps } from './Licensing';

/** Options of {@link mountLicensing}: the provider's settings plus the screen's props. */
export interface MountLicensingOptions
  extends Omit<ReviewdeskProviderProps, 'children' | 'className'>,
    Omit<LicensingProps, 'className'> {
  /** Extra class on the `.rd-root` element. */
  className?: string;
}

/**
 * Mounts the tenant's licences and their usage into an element.
 * @example
 * const licensing = mountLicensing(document.getElementById('licences')!, { client, abilities });
 * licensing.on('saved', () => console.log('licence activated'));
 */
export function mountLicensing(
  element: HTMLElement,
  options: MountLicensingOptions,
): AdminPanelHandle<MountLicensingOptions> {
  return mountScreen(element, options, 'mountLicensing', Licensing);
}

export type {
  AdminNavigateEvent,
  AdminPanelsEventMap,
  AdminPanelsEventProps,
  AdminSavedEvent,
  AdminScreen,
} from '../events';
export type { AdminPanelHandle } from '../handle';
