/**
 * Home (spec §2: "Home with search"). The search belongs to the task list package; until it
 * exists, home greets the user and offers the screens their abilities open.
 */
import { useAuth } from '@reviewdesk/auth';
import { useCan, useServerCapabilities } from '@reviewdesk/ui';
import { Link } from 'react-router';
import { useWebTranslation } from '../i18n/useWebTranslation';
import { Icon } from '../layout/icons';
import { visibleMenuEntries } from '../routes/paths';
import { FeaturePlaceholder } from './FeaturePlaceholder';

/** Test ids: `home.welcome`, `home.shortcut.<menu id>`. */
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
      <FeaturePlaceholder feature="features.homeSearch" packageName="@reviewdesk/task-list" embedded />
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
