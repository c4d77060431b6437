/** The typed events of the admin panels, shared by the React props and the `/embed` handles. */
import type { ApiCallError } from '@reviewdesk/api-client';
import type { HomeOpenLinkEvent, HomeOpenTaskEvent } from './home/events';

/** The screens of this package. */
export type AdminScreen = 'workspace' | 'tenant' | 'licensing' | 'profile' | 'templates';

/** What `onSaved` receives, once per successful save. */
export interface AdminSavedEvent {
  /** The screen whose settings were saved. */
  screen: AdminScreen;
  /** The tab whose settings were saved (`'basic'`, `'fields'`, …). */
  tab: string;
  /** The workspace the settings belong to (workspace screen only). */
  workspaceId?: string;
}

/** What `onNavigate` receives when the person moves to another tab, so a host can keep it in its URL. */
export interface AdminNavigateEvent {
  /** The screen the tab belongs to. */
  screen: AdminScreen;
  /** The tab now open (the spec's tab name, e.g. `'advanced-settings'`). */
  tab: string;
}

/** Event name → payload, for `handle.on(name, handler)`. */
export interface AdminPanelsEventMap {
  /** Settings were saved. */
  saved: AdminSavedEvent;
  /** The person moved to another tab. */
  navigate: AdminNavigateEvent;
  /** A call failed (the screen shows it too). */
  error: ApiCallError | Error;
  /** Home: a search hit or a task ready for review was opened. */
  openTask: HomeOpenTaskEvent;
  /** Home: a bookmarked page was opened. */
  openLink: HomeOpenLinkEvent;
  /** Home: a workspace's to-review count was clicked. */
  openWorkspace: { workspaceId: string };
  /** Template lists: the person asked to label a workspace's tasks. */
  openLabelling: { workspaceId: string };
  /** Profile: the person deleted their own account; the host signs them out. */
  accountDeleted: { userId: string };
}

/** The event callbacks every screen of the package takes as props. */
export interface AdminPanelsEventProps {
  /** Settings were saved. */
  onSaved?: (event: AdminSavedEvent) => void;
  /** The person moved to another tab. */
  onNavigate?: (event: AdminNavigateEvent) => void;
  /** A call failed (the screen shows it too). */
  onError?: (error: ApiCallError | Error) => void;
}
