/**
 * Renders the whole app as main.tsx does, but with a memory router, a static auth session
 * (@reviewdesk/auth's createStaticAuthSession) and MSW answering the API.
 */
import { createApiClient } from '@reviewdesk/api-client';
import { type AbilityLike, type AuthStatus, createStaticAuthSession, type StaticAuthSession } from '@reviewdesk/auth';
import type { Language } from '@reviewdesk/ui';
import { type RenderResult, render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { type Mock, vi } from 'vitest';
import { App } from '../app/App';
import { readConfig } from '../app/config';
import type { AppEnvironment } from '../app/environment';
import { createAppI18n } from '../app/i18n';
import { createAppQueryClient } from '../app/services';
import { readStoredLanguage } from '../i18n/language';
import { createAppRoutes } from '../routes/routes';
import { ORIGIN } from './server';

/** Options of {@link renderApp}. */
export interface RenderAppOptions {
  /** The address to start at. @default '/home' */
  path?: string;
  /** @default 'signed-in' */
  status?: AuthStatus;
  abilities?: readonly AbilityLike[];
  blacklist?: readonly AbilityLike[];
  /** @default the language stored on the device (pt when none) */
  language?: Language;
  initialPath?: string;
}

/** What {@link renderApp} returns: Testing Library's result plus the app's parts. */
export interface RenderedApp extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  session: StaticAuthSession;
  environment: AppEnvironment & { assign: Mock; reload: Mock };
}

/** Renders the app; returns the router, the session and the environment's spies too. */
export function renderApp(options: RenderAppOptions = {}): RenderedApp {
  const session = createStaticAuthSession({
    status: options.status,
    abilities: options.abilities,
    blacklist: options.blacklist,
  });
  const api = createApiClient({ baseUrl: ORIGIN, getAccessToken: session.getAccessToken });
  const router = createMemoryRouter(createAppRoutes({ initialPath: options.initialPath }), {
    initialEntries: [options.path ?? '/home'],
  });
  const language = options.language ?? readStoredLanguage();
  const environment = {
    config: readConfig({ VITE_SUPPORT_EMAIL: 'help@reviewdesk.test' }, ORIGIN),
    assign: vi.fn(),
    reload: vi.fn(),
  };
  const view = render(
    <App
      router={router}
      session={session}
      api={api}
      queryClient={createAppQueryClient()}
      i18n={createAppI18n(language)}
      environment={environment}
      initialLanguage={language}
    />,
  );
  return { ...view, router, session, environment };
}

/** Every permission a protected route of the app needs: a user who may see everything. */
export const allScreens: readonly AbilityLike[] = [
  'Home.View',
  'Metrics.View',
  'Templates.TemplateList',
  'Task.ListView',
  'Viewer.View',
  'Batches.ListBatches',
  'Workspace.Edit',
  'Tenant.Edit',
  'Licensing.View',
  'User.Profile',
];
