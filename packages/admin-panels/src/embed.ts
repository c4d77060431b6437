/**
 * `@reviewdesk/admin-panels/embed`: the administration screens for any host page, React or not.
 *
 * Each `mount*(element, options)` renders its screen with its own provider (i18n, stores, query
 * client unless the host passes one) into `element` and returns a handle: `update(options)` (host
 * options win, merged over the current ones), `on(event, handler)` returning an unsubscribe, and
 * `destroy()`. Several mounts on one page are independent.
 */
import type { ReviewdeskProviderProps } from '@reviewdesk/ui';
import { createEmbed, relay, splitProviderOptions } from '@reviewdesk/ui/embed';
import { createElement } from 'react';
import type { AdminPanelsEventMap } from './events';
import { WorkspaceSettings, type WorkspaceSettingsProps } from './workspace/WorkspaceSettings';

/** What every `mount*` returns. */
export interface AdminPanelHandle<Options> {
  /** Merges new options over the current ones and re-renders. */
  update(options: Partial<Options>): void;
  /** Subscribes to an event; returns the unsubscribe. */
  on<E extends keyof AdminPanelsEventMap>(event: E, handler: (payload: AdminPanelsEventMap[E]) => void): () => void;
  /** Unmounts and releases everything this mount created. */
  destroy(): void;
}

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
  return createEmbed<MountWorkspaceSettingsOptions, AdminPanelsEventMap>(element, options, {
    name: 'mountWorkspaceSettings',
    provider: (options) => splitProviderOptions(options).provider,
    render: (current, events) =>
      // Both the option callbacks and the subscribed handlers hear every event.
      createElement(WorkspaceSettings, {
        ...splitProviderOptions(current).rest,
        onSaved: relay(current.onSaved, events, 'saved'),
        onNavigate: relay(current.onNavigate, events, 'navigate'),
        onError: relay(current.onError, events, 'error'),
      }),
  });
}

export type {
  AdminNavigateEvent,
  AdminPanelsEventMap,
  AdminPanelsEventProps,
  AdminSavedEvent,
  AdminScreen,
} from './events';
export type { WorkspaceTab } from './workspace/tabs';
export type { WorkspaceSettingsProps } from './workspace/WorkspaceSettings';
