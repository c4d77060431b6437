/**
 * `@reviewdesk/admin-panels/profile/embed`: the user profile for any host page, React or not — an
 * entry of its own, so that a page embedding the profile does not take the administration
 * screens, nor they the profile.
 */
import type { ReviewdeskProviderProps } from '@reviewdesk/ui';
import { createEmbed, relay, splitProviderOptions } from '@reviewdesk/ui/embed';
import { createElement } from 'react';
import type { AdminPanelsEventMap } from '../events';
import type { AdminPanelHandle } from '../handle';

// The event map names the home screen's events too; their types only, no code of that screen.
export type { HomeOpenLinkEvent, HomeOpenTaskEvent } from '../home/events';

import { UserProfile, type UserProfileProps } from './UserProfile';

/** Options of {@link mountUserProfile}: the provider's settings plus the screen's props. */
export interface MountUserProfileOptions
  extends Omit<ReviewdeskProviderProps, 'children' | 'className'>,
    Omit<UserProfileProps, 'className'> {
  /** Extra class on the `.rd-root` element. */
  className?: string;
}

/**
 * Mounts the signed-in person's profile into an element.
 * @example
 * const profile = mountUserProfile(document.getElementById('profile')!, { client, abilities });
 * profile.on('navigate', ({ tab }) => history.replaceState(null, '', `?tab=${tab}`));
 * profile.on('accountDeleted', () => location.assign('/authentication/logout'));
 */
export function mountUserProfile(
  element: HTMLElement,
  options: MountUserProfileOptions,
): AdminPanelHandle<MountUserProfileOptions> {
  return createEmbed<MountUserProfileOptions, AdminPanelsEventMap>(element, options, {
    name: 'mountUserProfile',
    provider: (options) => splitProviderOptions(options).provider,
    render: (current, events) =>
      createElement(UserProfile, {
        ...splitProviderOptions(current).rest,
        onSaved: relay(current.onSaved, events, 'saved'),
        onNavigate: relay(current.onNavigate, events, 'navigate'),
        onError: relay(current.onError, events, 'error'),
        onAccountDeleted: relay(current.onAccountDeleted, events, 'accountDeleted'),
      }),
  });
}

export type {
  AdminNavigateEvent,
  AdminPanelsEventMap,
  AdminPanelsEventProps,
  AdminSavedEvent,
  AdminScreen,
} from '../events';
export type { AdminPanelHandle } from '../handle';
export type { ProfileAccountDeletedEvent } from './AccountDeletion';
export type { ProfileTab } from './tabs';
export type { UserProfileProps } from './UserProfile';
