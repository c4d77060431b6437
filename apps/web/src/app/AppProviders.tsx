/**
 * Composes the packages for the app: the auth session (@reviewdesk/auth) feeds the signed-in
 * user's permission check and id into the ReviewdeskProvider (@reviewdesk/ui), which owns the
 * theme, preferences, notices and i18n every screen uses. The start-up health check runs here,
 * once, whether or not anyone is signed in.
 */
import type { ApiClient } from '@reviewdesk/api-client';
import { AuthProvider, type AuthSession, type Navigate, type Permission, useAuth } from '@reviewdesk/auth';
import {
  type Language,
  type PreferencesStorage,
  type ReviewdeskAuth,
  type ReviewdeskI18n,
  ReviewdeskProvider,
  useHealthCheckWarning,
} from '@reviewdesk/ui';
import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo } from 'react';
import { LanguageProvider, useLanguage } from './language-context';

/** Props of {@link AppProviders}. */
export interface AppProvidersProps {
  session: AuthSession;
  api: ApiClient;
  queryClient: QueryClient;
  /** The app's i18n instance, with the `web` namespace registered. */
  i18n: ReviewdeskI18n;
  /** The router's navigate, for the auth package's redirects between app routes. */
  navigate: Navigate;
  initialLanguage: Language;
  loadTranslations?: (language: Language) => Promise<void>;
  /** Where preferences persist. @default localStorage */
  preferencesStorage?: PreferencesStorage | null;
  children?: ReactNode;
}

/** Every provider the screens need, in dependency order. */
export function AppProviders(props: AppProvidersProps) {
  return (
    <AuthProvider session={props.session} navigate={props.navigate}>
      <LanguageProvider initialLanguage={props.initialLanguage} loadTranslations={props.loadTranslations}>
        <ReviewdeskBridge {...props} />
      </LanguageProvider>
    </AuthProvider>
  );
}

function ReviewdeskBridge({ api, queryClient, i18n, preferencesStorage, children }: AppProvidersProps) {
  const { abilities, user } = useAuth();
  const { language } = useLanguage();
  const userId = user?.id ?? null;
  // The ui package asks one question, `can(check)`; the answer comes from the session's abilities,
  // so the server's blacklist is honoured the same way in the menu, the guards and the packages.
  const auth = useMemo<ReviewdeskAuth>(
    () => ({
      can: (check) =>
        typeof check === 'string' ? abilities.can(check as Permission) : abilities.canAny(check as Permission[]),
      userId,
    }),
    [abilities, userId],
  );
  return (
    <ReviewdeskProvider
      client={api}
      queryClient={queryClient}
      i18n={i18n}
      locale={language}
      auth={auth}
      preferencesStorage={preferencesStorage}
      className="rd-app"
    >
      <StartupHealthCheck api={api} />
      {children}
    </ReviewdeskProvider>
  );
}

/** Spec §2 "behaviour at start": the ui package's hook decides when to warn (false, or any error but 401/403). */
function StartupHealthCheck({ api }: { api: ApiClient }) {
  const check = useCallback(
    () => api.GET('/api/v{version}/HealthCheck', { params: { path: { version: '1.0' } } }).then(({ data }) => data),
    [api],
  );
  useHealthCheckWarning(check);
  return null;
}
