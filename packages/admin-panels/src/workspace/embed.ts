/**
 * `@reviewdesk/admin-panels/workspace/embed`: the settings of one workspace, for any host page, React or not — an entry of
 * its own, so that a page embedding it takes none of the other screens.
 */
import type { ReviewdeskProviderProps } from '@reviewdesk/ui';
import type { AdminPanelHandle } from '../handle';
import { mountScreen } from '../shared/mount-screen';
import { WorkspaceSettings, type WorkspaceSettingsProps } from './WorkspaceSettings';

/** Options of {@link mountWorkspaceSettings}: the provider's settings plus the screen's props. */
export interface MountWorkspaceSettingsOptions
  extends Omit<ReviewdeskProviderProps, 'children' | 'className'>,
    Omit<WorkspaceSettingsProps, 'className'> {
  /** Extra class on the `.rd-root` element. */
  className?: string;
}

/**
 * Mounts the settings of a workspace into an element.
 * @example
 * const settings = mountWorkspaceSettings(document.getElementById('settings')!, { client, workspaceId, abilities });
 * settings.on('saved', ({ tab }) => console.log('saved', tab));
 * settings.update({ tab: 'fields' });
 * settings.destroy();
 */
export function mountWorkspaceSettings(
  element: HTMLElement,
  options: MountWorkspaceSettingsOptions,
): AdminPanelHandle<MountWorkspaceSettingsOptions> {
  return mountScreen(element, options, 'mountWorkspaceSettings', WorkspaceSettings);
}

export type {
  AdminNavigateEvent,
  AdminPanelsEventMap,
  AdminPanelsEventProps,
  AdminSavedEvent,
  AdminScreen,
} from '../events';
export type { AdminPanelHandle } from '../handle';
