/**
 * Home (spec §2: "Home with search"): a greeting, the admin-panels package's home view (search
 * across the user's workspaces, what waits for review, bookmarks) and the screens their
 * abilities open.
 */
import { useAuth } from '@reviewdesk/auth';
import { LoadingState, useCan, useServerCapabilities } from '@reviewdesk/ui';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useWebTranslation } from '../i18n/useWebTranslation';
import { Icon } from '../layout/icons';
import { visibleMenuEntries } from '../routes/paths';

const HomeScreen = lazy(async () => ({ default: (await import('./home/HomeScreen')).HomeScreen }));

/** Test ids: `home.welcome`, `home.shortcut.<menu id>`, `home` (the package's view). */
export function HomePage() {
  const { user } = useAuth();
  const can = useCan();
  const { supports } = useServerCapabilities();
  const { t } = useWebTranslation();
  const shortcuts = visibleMenuEntries(can, supports).filter((entry) => entry.id !== 'home');
  return (
    <div className="rd-app-page">
      <h1 className="rd-app-page__title" data-testid="home.welcome">
        {user?.name ? t('home.welcome', { name: user.name }) : t('home.welcomeAnonymous')}
      </h1>
      <Suspense fallback={<LoadingState />}>
        <HomeScreen />
      </Suspense>
      {shortcuts.length > 0 ? (
        <section className="rd-app-section" aria-labelledby="rd-app-home-shortcuts">
          <h2 id="rd-app-home-shortcuts" className="rd-app-page__subtitle">
            {t('home.shortcuts')}
          </h2>
          <ul className="rd-app-shortcuts">
            {shortcuts.map((entry) => (
              <li key={entry.id}>
                <Link
                  to={entry.path}
                  className="rd-app-shortcut rd-focusable"
                  data-testid={`home.shortcut.${entry.id}`}
                >
                  <Icon name={entry.icon} />
                  <span>{t(entry.label)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
