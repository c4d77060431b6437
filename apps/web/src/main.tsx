/**
 * Entry point: reads the settings, creates the session, api client, i18n and router once, and
 * renders the app. The chosen language's deployment texts are fetched before the first render.
 */
import '@reviewdesk/ui/styles.css';
import './styles/app.css';
import { CULTURES } from '@reviewdesk/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { readConfig } from './app/config';
import { browserEnvironment } from './app/environment';
import { createAppI18n } from './app/i18n';
import { createAppServices } from './app/services';
import { createDeploymentTranslationsLoader } from './i18n/deployment-translations';
import { readStoredLanguage, writeCultureCookie } from './i18n/language';
import { WEB_NAMESPACE } from './i18n/resources';
import { createAppRoutes } from './routes/routes';

async function start(element: HTMLElement) {
  const config = readConfig();
  const language = readStoredLanguage();
  // The server's sign-in pages read the choice from this cookie (also for a choice made before it existed).
  writeCultureCookie(language);
  const i18n = createAppI18n(language);
  const loadTranslations = createDeploymentTranslationsLoader(i18n, { base: import.meta.env.BASE_URL });
  await loadTranslations(language);

  const auth = (key: string) => i18n.t(`auth.${key}`, { ns: WEB_NAMESPACE, lng: language });
  const services = createAppServices({
    serverUrl: config.serverUrl,
    // The language chosen now, not at start-up: it may change before the user signs in.
    uiLocales: () => CULTURES[readStoredLanguage()],
    messages: {
      userClosedWindow: auth('userClosedWindow'),
      signInFailed: auth('signInFailed'),
      missingConfiguration: auth('missingConfiguration'),
      abilitiesFailed: auth('abilitiesFailed'),
    },
  });
  const router = createBrowserRouter(createAppRoutes({ initialPath: globalThis.location.pathname }));

  createRoot(element).render(
    <StrictMode>
      <App
        router={router}
        environment={browserEnvironment(config)}
        i18n={i18n}
        initialLanguage={language}
        loadTranslations={loadTranslations}
        {...services}
      />
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
void start(root);
