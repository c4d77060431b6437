/**
 * The root of every Reviewdesk surface. It owns one set of per-instance resources (query
 * client unless the host brings one, i18n instance, preferences and notice stores, portal
 * container) and renders the `.rd-root` element that scopes our CSS.
 */
import type { ApiClient } from '@reviewdesk/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from 'zustand';
import { type Ability, type Can, createCan } from '../abilities/can';
import { createReviewdeskI18n, type ReviewdeskI18n, registerTranslations } from '../i18n/instance';
import { CULTURES, toLanguage } from '../i18n/languages';
import { UI_NAMESPACE, uiResources } from '../i18n/resources';
import { NoticeViewport } from '../notices/NoticeViewport';
import { createNoticeStore } from '../notices/store';
import type { Skin } from '../preferences/defaults';
import { createPreferencesStore, type PreferencesStorage } from '../preferences/store';
import { cx } from '../utils/cx';
import { ReviewdeskContext, type ReviewdeskContextValue } from './context';

/** What an auth integration (the `@reviewdesk/auth` package) hands the provider. */
export interface ReviewdeskAuth {
  /** Permission check, already honouring the server's blacklist. */
  can: Can;
  /** Signed-in user id; keys the device preferences. */
  userId?: string | null;
}

/** Props of {@link ReviewdeskProvider}. */
export interface ReviewdeskProviderProps {
  /** API client from `createApiClient()` of `@reviewdesk/api-client`. */
  client: ApiClient;
  /**
   * The host's React Query client. Host-owned singletons win; without one each provider
   * creates its own, so two providers never share a cache by accident.
   */
  queryClient?: QueryClient;
  /** An i18next instance to use instead of a fresh per-provider one (the `ui` namespace is added to it). */
  i18n?: ReviewdeskI18n;
  /**
   * Interface language: `pt`, `en`, `de`, `fr` or `es` (a culture such as `en-US` works too).
   * @default 'pt'
   */
  locale?: string;
  /** Skin. When set, the host controls it and the user's stored preference is ignored. */
  theme?: Skin;
  /** Auth integration; when given, its `can` and `userId` win over `abilities`/`userId`. */
  auth?: ReviewdeskAuth;
  /** Abilities from `GET /User/GetUserAuthDetails`, used when no `auth` is given. @default [] */
  abilities?: readonly Ability[];
  /** Abilities the server blacklisted: denied even when granted. @default [] */
  abilityBlacklist?: readonly Ability[];
  /** User whose device preferences are loaded. @default 'anonymous' */
  userId?: string | null;
  /** Where preferences persist; `null` keeps them in memory. @default localStorage */
  preferencesStorage?: PreferencesStorage | null;
  /**
   * Element to mount the portal container in (for hosts whose layout clips or stacks
   * overlays). The container itself always carries `.rd-root` and the theme class.
   * @default inside the provider's root element
   */
  portalContainer?: HTMLElement;
  /** Extra class on the `.rd-root` element. */
  className?: string;
  children?: ReactNode;
}

const EMPTY: readonly Ability[] = [];

/**
 * Supplies client, queries, translations, permissions, preferences and theme to Reviewdesk
 * components, and scopes their styles.
 * @example
 * <ReviewdeskProvider client={createApiClient({ baseUrl })} locale="en" abilities={abilities}>
 *   <TaskList />
 * </ReviewdeskProvider>
 */
export function ReviewdeskProvider(props: ReviewdeskProviderProps) {
  const { client, locale, theme: themeProp, auth, className, children } = props;
  const abilities = props.abilities ?? EMPTY;
  const blacklist = props.abilityBlacklist ?? EMPTY;
  const userId = auth?.userId ?? props.userId ?? null;

  // Created once per mount (useState initialisers), so nothing is shared between instances.
  const [ownQueryClient] = useState(() => (props.queryClient ? null : new QueryClient()));
  const [ownI18n] = useState(() => (props.i18n ? null : createReviewdeskI18n({ language: locale })));
  const [notices] = useState(createNoticeStore);
  const preferences = useMemo(
    () => createPreferencesStore({ userId, storage: props.preferencesStorage }),
    [userId, props.preferencesStorage],
  );
  const [portalNode, setPortalNode] = useState<HTMLDivElement | null>(null);

  const queryClient = props.queryClient ?? (ownQueryClient as QueryClient);
  const i18n = props.i18n ?? (ownI18n as ReviewdeskI18n);
  const language = toLanguage(locale ?? i18n.language);

  if (!i18n.hasResourceBundle(language, UI_NAMESPACE)) registerTranslations(i18n, UI_NAMESPACE, uiResources);
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [i18n, language]);

  useEffect(() => () => ownQueryClient?.clear(), [ownQueryClient]);

  const storedSkin = useStore(preferences, (s) => s.skin);
  const theme: Skin = themeProp ?? storedSkin;

  const can = useMemo<Can>(() => auth?.can ?? createCan(abilities, blacklist), [auth?.can, abilities, blacklist]);

  const value = useMemo<ReviewdeskContextValue>(
    () => ({ client, i18n, language, theme, can, preferences, notices, portalContainer: portalNode }),
    [client, i18n, language, theme, can, preferences, notices, portalNode],
  );

  const themeClass = `rd-theme-${theme}`;
  const portalHost = <div ref={setPortalNode} className={cx('rd-root', themeClass, 'rd-portal-host')} />;

  return (
    <div className={cx('rd-root', themeClass, className)} lang={CULTURES[language]} data-rd-theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ReviewdeskContext.Provider value={value}>
          {children}
          <NoticeViewport />
        </ReviewdeskContext.Provider>
      </QueryClientProvider>
      {props.portalContainer ? createPortal(portalHost, props.portalContainer) : portalHost}
    </div>
  );
}
