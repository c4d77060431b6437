/** The help centre (spec §2): the external documentation and the support mail link. */
import { useEnvironment } from '../app/environment';
import { useWebTranslation } from '../i18n/useWebTranslation';
import { Icon } from '../layout/icons';

/** Test ids: `help.documentation`, `help.support`. */
export function HelpCenterPage() {
  const { t } = useWebTranslation();
  const { config } = useEnvironment();
  return (
    <div className="rd-app-page">
      <h1 className="rd-app-page__title">{t('help.title')}</h1>
      <p className="rd-app-page__lead">{t('help.intro')}</p>
      <ul className="rd-app-shortcuts">
        <li>
          <a
            className="rd-app-shortcut rd-focusable"
            href={config.documentationUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="help.documentation"
          >
            <Icon name="help" />
            <span>{t('help.documentation')}</span>
          </a>
        </li>
        <li>
          <a className="rd-app-shortcut rd-focusable" href={`mailto:${config.supportEmail}`} data-testid="help.support">
            <Icon name="user" />
            <span>{t('help.support')}</span>
          </a>
          <p className="rd-app-page__hint">{t('help.supportDescription', { email: config.supportEmail })}</p>
        </li>
      </ul>
    </div>
  );
}
