/**
 * The frame around every screen inside the app: for a signed-in user the top bar (tenant,
 * workspace, language, skin, user menu) and the side menu; otherwise only the content, because
 * the route's guard is about to sign the user in (and nothing here could load yet).
 *
 * The first Tab stop is "Skip to main content", shown when focused: some twenty controls of the
 * top bar and the menu come before a screen's own. It puts the focus on the named `<main>` by
 * script — a `#main` link would also add a history entry and change the address the router reads.
 */
import { useAuth } from '@reviewdesk/auth';
import { usePreferences } from '@reviewdesk/ui';
import type { MouseEvent } from 'react';
import { Link, Outlet } from 'react-router';
import { useWebTranslation } from '../i18n/useWebTranslation';
import { cx } from './cx';
import { LanguageSwitcher } from './LanguageSwitcher';
import { SideMenu } from './SideMenu';
import { SkinToggle } from './SkinToggle';
import { TenantSwitcher } from './TenantSwitcher';
import { UserMenu } from './UserMenu';
import { WorkspaceSwitcher } from './WorkspaceSwitcher';

const MAIN_ID = 'rd-app-main';

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

/** The signed-in layout (a react-router layout route). */
export function AppLayout() {
  const { status } = useAuth();
  const { t } = useWebTranslation();
  const fullWidth = usePreferences((p) => p.fullWidth);

  const main = (
    <main
      id={MAIN_ID}
      className={cx('rd-app-main', !fullWidth && 'rd-app-main--centred')}
      tabIndex={-1}
      aria-label={t('app.mainContent')}
    >
      <Outlet />
    </main>
  );
  if (status !== 'signed-in') return <div className="rd-app-bare">{main}</div>;

  return (
    <div className="rd-app-shell">
      <a className="rd-app-skip rd-focusable" href={`#${MAIN_ID}`} onClick={skipToMain} data-testid="skip-to-main">
        {t('app.skipToMain')}
      </a>
      <header className="rd-app-topbar">
        <Link to="/home" className="rd-app-brand rd-focusable" data-testid="brand">
          {t('app.name')}
        </Link>
        <div className="rd-app-topbar__context">
          <TenantSwitcher />
          <WorkspaceSwitcher />
        </div>
        <div className="rd-app-topbar__actions">
          <LanguageSwitcher />
          <SkinToggle />
          <UserMenu />
        </div>
      </header>
      <div className="rd-app-body">
        <SideMenu />
        {main}
      </div>
    </div>
  );
}
