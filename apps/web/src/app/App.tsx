/**
 * The whole app for one router: providers, environment and routes. main.tsx renders it with the
 * browser router; tests render it with a memory router and a static auth session.
 */
import type { ApiClient } from '@reviewdesk/api-client';
import type { AuthSession } from '@reviewdesk/auth';
import type { Language, PreferencesStorage, ReviewdeskI18n } from '@reviewdesk/ui';
import type { QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import { type AppEnvironment, EnvironmentProvider } from './environment';

/** A react-router data router (browser or memory). */
export interface AppRouter {
  navigate: (to: string) => Promise<void> | void;
}

/** Props of {@link App}. */
export interface AppProps {
  router: AppRouter & Parameters<typeof RouterProvider>[0]['router'];
  session: AuthSession;
  api: ApiClient;
  queryClient: QueryClient;
  i18n: ReviewdeskI18n;
  environment: AppEnvironment;
  initialLanguage: Language;
  loadTranslations?: (language: Language) => Promise<void>;
  preferencesStorage?: PreferencesStorage | null;
}

/** The reference app. */
export function App({ router, environment, ...providers }: AppProps) {
  const navigate = useCallback((url: string) => void router.navigate(url), [router]);
  return (
    <EnvironmentProvider value={environment}>
      <AppProviders {...providers} navigate={navigate}>
        <RouterProvider router={router} />
      </AppProviders>
    </EnvironmentProvider>
  );
}
