/**
 * The user menu: who is signed in, the profile, the help centre and sign-out. Built on the ui
 * Popover with our own buttons because every entry needs a dotted test id for the e2e suite.
 */
import { authenticationPaths, useAuth } from '@reviewdesk/auth';
import { Popover } from '@reviewdesk/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useWebTranslation } from '../i18n/useWebTranslation';
import { Icon } from './icons';

/** Test ids: `user-menu.trigger`, `user-menu.profile`, `user-menu.help-center`, `user-menu.sign-out`. */
export function UserMenu() {
  const { user, abilities } = useAuth();
  const { t } = useWebTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const name = user?.name ?? user?.email ?? '';

  const go = (path: string) => {
    setOpen(false);
    void navigate(path);
  };

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      placement="bottom-end"
      title={
        <span className="rd-app-usermenu__who">
          <strong data-testid="user-menu.name">{name}</strong>
          {user?.email && user.email !== name ? <span>{user.email}</span> : null}
        </span>
      }
      trigger={
        <button
          type="button"
          className="rd-app-usermenu__trigger rd-focusable"
          aria-label={t('userMenu.label')}
          data-testid="user-menu.trigger"
        >
          <Icon name="user" />
          <span className="rd-app-usermenu__name">{name}</span>
        </button>
      }
    >
      <ul className="rd-app-usermenu__list">
        {abilities.can('User.Profile') ? (
          <li>
            <button
              type="button"
              className="rd-app-usermenu__item"
              data-testid="user-menu.profile"
              onClick={() => go('/user')}
            >
              {t('userMenu.profile')}
            </button>
          </li>
        ) : null}
        {abilities.can('Viewer.View') ? (
          <li>
            <button
              type="button"
              className="rd-app-usermenu__item"
              data-testid="user-menu.help-center"
              onClick={() => go('/helpCenter')}
            >
              {t('userMenu.helpCenter')}
            </button>
          </li>
        ) : null}
        <li>
          <button
            type="button"
            className="rd-app-usermenu__item rd-app-usermenu__item--danger"
            data-testid="user-menu.sign-out"
            // Through the logout route rather than signOut() here: leaving the guarded screen first
            // keeps its guard from starting a new sign-in while the provider signs the user out.
            onClick={() => go(authenticationPaths.logout)}
          >
            {t('userMenu.signOut')}
          </button>
        </li>
      </ul>
    </Popover>
  );
}
