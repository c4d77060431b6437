/**
 * The per-app singletons: the auth session, the api client that carries its token, and the React
 * Query client both the app and the packages share. Created once in main.tsx (and per test).
 */
import { type ApiClient, createApiClient, isApiError } from '@reviewdesk/api-client';
import { type AuthMessages, type AuthSession, createAuthSession } from '@reviewdesk/auth';
import { QueryClient } from '@tanstack/react-query';

/** What {@link createAppServices} returns. */
export interface AppServices {
  session: AuthSession;
  api: ApiClient;
  queryClient: QueryClient;
}

/**
 * Whether a failed query is worth another try: answers the server gave on purpose (4xx, and 501
 * for calls it does not implement yet) will not change by asking again.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && (error.status < 500 || error.status === 501)) return false;
  return failureCount < 2;
}

/** A React Query client with the app's defaults. */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Options of {@link createAppServices}. */
export interface AppServicesOptions {
  serverUrl: string;
  /** Translated texts for the errors the session raises. */
  messages?: Partial<AuthMessages>;
  /** The culture the provider's pages should speak (OpenID Connect `ui_locales`), read at each sign-in. */
  uiLocales?: () => string | undefined;
}

/** Wires the session and the api client to each other (each needs the other). */
export function createAppServices({ serverUrl, messages, uiLocales }: AppServicesOptions): AppServices {
  // The session is created first and reaches the client through a getter: it needs the client
  // only later, to load the abilities, while the client needs the session's token right away.
  const session = createAuthSession({
    serverUrl,
    apiClient: () => api,
    messages,
    uiLocales,
  });
  const api = createApiClient({ baseUrl: serverUrl, getAccessToken: session.getAccessToken });
  return { session, api, queryClient: createAppQueryClient() };
}
