/**
 * What the app needs from the browser beyond React: its settings and full-page navigation
 * (server-rendered pages, the reload after a tenant change). A context so tests replace them.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { WebConfig } from './config';

/** The app's environment. */
export interface AppEnvironment {
  config: WebConfig;
  /** Loads a server page (leaves the SPA). */
  assign: (url: string) => void;
  /** Reloads the app: a new silent sign-in loads the abilities of the user's current tenant. */
  reload: () => void;
}

const EnvironmentContext = createContext<AppEnvironment | null>(null);

/** The browser's environment. */
export function browserEnvironment(config: WebConfig): AppEnvironment {
  return {
    config,
    assign: (url) => globalThis.location.assign(url),
    reload: () => globalThis.location.reload(),
  };
}

/** Provides the environment to the screens. */
export function EnvironmentProvider({ value, children }: { value: AppEnvironment; children?: ReactNode }) {
  return <EnvironmentContext.Provider value={value}>{children}</EnvironmentContext.Provider>;
}

/** The app's environment. */
export function useEnvironment(): AppEnvironment {
  const value = useContext(EnvironmentContext);
  if (!value) throw new Error('useEnvironment must be used inside <EnvironmentProvider>.');
  return value;
}
