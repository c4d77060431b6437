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
import { Home, type HomeProps } from './home/Home';
import { Licensing, type LicensingProps } from './licensing/Licensing';
import { Metrics, type MetricsProps } from './metrics/Metrics';
import { TemplateList, type TemplateListProps } from './templates/TemplateList';
import { TenantSettings, type TenantSettingsProps } from './tenant/TenantSettings';
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
  return createEmbed<MountTenantSettingsOptions, AdminPanelsEventMap>(element, options, {
    name: 'mountTenantSettings',
    provider: (options) => splitProviderOptions(options).provider,
    render: (current, events) =>
      createElement(TenantSettings, {
        ...splitProviderOptions(current).rest,
        onSaved: relay(current.onSaved, events, 'saved'),
        onNavigate: relay(current.onNavigate, events, 'navigate'),
        onError: relay(current.onError, events, 'error'),
      }),
  });
}

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
  return createEmbed<MountLicensingOptions, AdminPanelsEventMap>(element, options, {
    name: 'mountLicensing',
    provider: (options) => splitProviderOptions(options).provider,
    render: (current, events) =>
      createElement(Licensing, {
        ...splitProviderOptions(current).rest,
        onSaved: relay(current.onSaved, events, 'saved'),
        onNavigate: relay(current.onNavigate, events, 'navigate'),
        onError: relay(current.onError, events, 'error'),
      }),
  });
}

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
  return createEmbed<MountTemplateListOptions, AdminPanelsEventMap>(element, options, {
    name: 'mountTemplateList',
    provider: (options) => splitProviderOptions(options).provider,
    render: (current, events) =>
      createElement(TemplateList, {
        ...splitProviderOptions(current).rest,
        onSaved: relay(current.onSaved, events, 'saved'),
        onNavigate: relay(current.onNavigate, events, 'navigate'),
        onError: relay(current.onError, events, 'error'),
        onOpenLabelling: relay(current.onOpenLabelling, events, 'openLabelling'),
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
export type { HomeOpenLinkEvent, HomeOpenTaskEvent } from './home/events';
export type { HomeProps } from './home/Home';
export type { LicensingProps } from './licensing/Licensing';
export type { LicensingTab } from './licensing/tabs';
export type { MetricsProps } from './metrics/Metrics';
export type { TemplateListProps, TemplateOpenLabellingEvent } from './templates/TemplateList';
export type { TemplateListKind } from './templates/templateModels';
export type { TenantSettingsProps } from './tenant/TenantSettings';
export type { TenantTab } from './tenant/tabs';
export type { WorkspaceTab } from './workspace/tabs';
export type { WorkspaceSettingsProps } from './workspace/WorkspaceSettings';
