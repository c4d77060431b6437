/**
 * The per-provider context. Everything a Reviewdesk surface needs (client, i18n, abilities,
 * stores, portal container) travels here, never through module globals, so several providers
 * on one page stay independent.
 */
import type { ApiClient } from '@reviewdesk/api-client';
import { createContext, useContext } from 'react';
import type { Can } from '../abilities/can';
import type { ReviewdeskI18n } from '../i18n/instance';
import type { Language } from '../i18n/languages';
import type { NoticeStore } from '../notices/store';
import type { Skin } from '../preferences/defaults';
import type { PreferencesStore } from '../preferences/store';

/** What {@link useReviewdesk} returns. */
export interface ReviewdeskContextValue {
  /** The API client the host passed in. */
  client: ApiClient;
  /** This provider's own i18next instance. */
  i18n: ReviewdeskI18n;
  /** Current interface language. */
  language: Language;
  /** Skin in effect (the host's `theme` prop, else the user's preference). */
  theme: Skin;
  /** Permission check for the current user. */
  can: Can;
  /** This provider's preferences store. */
  preferences: PreferencesStore;
  /** This provider's notice (toast) queue. */
  notices: NoticeStore;
  /** Element that portals (dialogs, menus, tooltips) render into; null until mounted. */
  portalContainer: HTMLElement | null;
}

export const ReviewdeskContext = createContext<ReviewdeskContextValue | null>(null);

/**
 * Everything the nearest {@link ReviewdeskProvider} supplies.
 * @throws when called outside a provider, naming the component to add.
 */
export function useReviewdesk(): ReviewdeskContextValue {
  const value = useContext(ReviewdeskContext);
  if (!value) throw new Error('Reviewdesk components must be rendered inside <ReviewdeskProvider>.');
  return value;
}
