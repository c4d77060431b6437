/**
 * The vertical, collapsible main menu (spec §9: menu vertical). It lists only the screens the
 * user's abilities open and the server can serve, and remembers expanded/collapsed per user in the ui preferences store.
 */
import { useCan, usePreferences, useServerCapabilities } from '@reviewdesk/ui';
import { useId } from 'react';
import { NavLink } from 'react-router';
import { useWebTranslation } from '../i18n/useWebTranslation';
import { visibleMenuEntries } from '../routes/paths';
import { cx } from './cx';
import { Icon } from './icons';

/** The main menu. Test ids: `menu.toggle`, `menu.<entry id>` (e.g. `menu.task-list`). */
export function SideMenu() {
  const { t } = useWebTranslation();
  const can = useCan();
  const { supports } = useServerCapabilities();
  const expanded = usePreferences((p) => p.menuExpanded);
  const setPreferences = usePreferences((p) => p.setPreferences);
  const listId = useId();
  const entries = visibleMenuEntries(can, supports);

  return (
    <nav
      className={cx('rd-app-menu', !expanded && 'rd-app-menu--collapsed')}
      aria-label={t('menu.label')}
      data-testid="menu"
      data-expanded={expanded}
    >
      <button
        type="button"
        className="rd-app-menu__toggle rd-focusable"
        aria-expanded={expanded}
        aria-controls={listId}
        title={expanded ? t('menu.collapse') : t('menu.expand')}
        data-testid="menu.toggle"
        onClick={() => setPreferences({ menuExpanded: !expanded })}
      >
        <Icon name="menu" />
        <span className="rd-visually-hidden">{expanded ? t('menu.collapse') : t('menu.expand')}</span>
      </button>
      <ul id={listId} className="rd-app-menu__list">
        {entries.map((entry) => (
          <li key={entry.id}>
            <NavLink
              to={entry.path}
              className={({ isActive }) =>
                cx('rd-app-menu__link rd-focusable', isActive && 'rd-app-menu__link--active')
              }
              // Collapsed, the label is only read by screen readers; the tooltip shows it to everyone else.
              title={expanded ? undefined : t(entry.label)}
              data-testid={`menu.${entry.id}`}
            >
              <Icon name={entry.icon} />
              <span className={expanded ? 'rd-app-menu__label' : 'rd-visually-hidden'}>{t(entry.label)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
