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
import type { AdminPanelHandle } from './handle';
import { Home, type HomeProps } from './home/Home';
import { Metrics, type MetricsProps } from './metrics/Metrics';
import { mountScreen } from './shared/mount-screen';
import { TemplateList, type TemplateListProps } from './templates/TemplateList';

/** Options of {@link mountMetrics}: the provider's settings plus the screen's props. */
export interface MountMetricsOptions
  extends Omit<ReviewdeskProviderProps, 'children' | 'className'>,
    Omit<MetricsProps, 'className'> {
  /** Extra class on the `.rd-root` element. */
  className?: string;
}

/**
 * Mounts the metrics into an element (refreshed every 60 s while mounted).
 * @example
 * const metrics = mountMetrics(document.getElementById('metrics')!, { client, abilities, initialPeriod: '7d' });
 */
export function mountMetrics(
  element: HTMLElement,
  options: MountMetricsOptions,
): AdminPanelHandle<MountMetricsOptions> {
  return createEmbed<MountMetricsOptions, AdminPanelsEventMap>(element, options, {
    name: 'mountMetrics',
    provider: (options) => splitProviderOptions(options).provider,
    render: (current, events) =>
      createElement(Metrics, {
        ...splitProviderOptions(current).rest,
        onError: relay(current.onError, events, 'error'),
      }),
  });
}

/** Options of {@link mountHome}: the provider's settings plus the screen's props. */
export interface MountHomeOptions
  extends Omit<ReviewdeskProviderProps, 'children' | 'className'>,
    Omit<HomeProps, 'className'> {
  /** Extra class on the `.rd-root` element. */
  className?: string;
}

/**
 * Mounts the home view into an element; the host opens what the person picks.
 * @example
 * const home = mountHome(element, { client, abilities });
 * home.on('openTask', ({ taskId, pageNumber }) => location.assign(`/viewer?taskId=${taskId}&page=${pageNumber ?? ''}`));
 */
export function mountHome(element: HTMLElement, options: MountHomeOptions): AdminPanelHandle<MountHomeOptions> {
  return createEmbed<MountHomeOptions, AdminPanelsEventMap>(element, options, {
    name: 'mountHome',
    provider: (options) => splitProviderOptions(options).provider,
    render: (current, events) => {
      const openWorkspace = relay(
        current.onOpenWorkspace
          ? ({ workspaceId }: { workspaceId: string }) => current.onOpenWorkspace?.(workspaceId)
          : undefined,
        events,
        'openWorkspace',
      );
      return createElement(Home, {
        ...splitProviderOptions(current).rest,
        onOpenTask: relay(current.onOpenTask, events, 'openTask'),
        onOpenLink: relay(current.onOpenLink, events, 'openLink'),
        onOpenWorkspace: (workspaceId: string) => openWorkspace({ workspaceId }),
      });
    },
  });
}

/** Options of {@link mountTemplateList}: the provider's settings plus the screen's props. */
export interface MountTemplateListOptions
  extends Omit<ReviewdeskProviderProps, 'children' | 'className'>,
    Omit<TemplateListProps, 'className'> {
  /** Extra class on the `.rd-root` element. */
  className?: string;
}

/**
 * Mounts one of the template lists (configure, labelling, training) into an element.
 * @example
 * const list = mountTemplateList(element, { client, abilities, kind: 'training' });
 * list.on('openLabelling', ({ workspaceId }) => location.assign(`/task/list?workspaceId=${workspaceId}`));
 */
export function mountTemplateList(
  element: HTMLElement,
  options: MountTemplateListOptions,
): AdminPanelHandle<MountTemplateListOptions> {
  return mountScreen(element, options, 'mountTemplateList', TemplateList, (current, events) => ({
    onOpenLabelling: relay(current.onOpenLabelling, events, 'openLabelling'),
  }));
}

export type {
  AdminNavigateEvent,
  AdminPanelsEventMap,
  AdminPanelsEventProps,
  AdminSavedEvent,
  AdminScreen,
} from './events';
export type { AdminPanelHandle } from './handle';
export type { HomeOpenLinkEvent, HomeOpenTaskEvent } from './home/events';
export type { HomeProps } from './home/Home';
export { type MountLicensingOptions, mountLicensing } from './licensing/embed';
export type { LicensingProps } from './licensing/Licensing';
export type { LicensingTab } from './licensing/tabs';
export type { MetricsProps } from './metrics/Metrics';
export type { TemplateListProps, TemplateOpenLabellingEvent } from './templates/TemplateList';
export type { TemplateListKind } from './templates/templateModels';
export { type MountTenantSettingsOptions, mountTenantSettings } from './tenant/embed';
export type { TenantSettingsProps } from './tenant/TenantSettings';
export type { TenantTab } from './tenant/tabs';
export { type MountWorkspaceSettingsOptions, mountWorkspaceSettings } from './workspace/embed';
export type { WorkspaceTab } from './workspace/tabs';
export type { WorkspaceSettingsProps } from './workspace/WorkspaceSettings';
