/**
 * The public routes of spec §2 that the server renders (/confirm/*, the forgot-password page).
 * Reached inside the SPA (a link, the dev server), they hand over to the server with a full page
 * load. When the SPA itself was loaded at that address the server did not answer it, so going
 * there again would loop: then only a link is offered.
 */
import { Button } from '@reviewdesk/ui';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useEnvironment } from '../app/environment';
import { useWebTranslation } from '../i18n/useWebTranslation';

/** Props of {@link ServerPage}. */
export interface ServerPageProps {
  /** The path the app was loaded at; compared to avoid a reload loop. */
  initialPath?: string;
}

/** Test id: `server-page`, `server-page.continue`. */
export function ServerPage({ initialPath }: ServerPageProps) {
  const { t } = useWebTranslation();
  const { assign } = useEnvironment();
  const location = useLocation();
  const url = `${location.pathname}${location.search}`;
  const loadedHere = initialPath !== undefined && initialPath === location.pathname;

  useEffect(() => {
    if (!loadedHere) assign(url);
  }, [assign, url, loadedHere]);

  return (
    <div className="rd-app-page" data-testid="server-page">
      <h1 className="rd-app-page__title">{t('publicPage.title')}</h1>
      <Button variant="primary" data-testid="server-page.continue" onClick={() => assign(url)}>
        {t('publicPage.continue')}
      </Button>
    </div>
  );
}
