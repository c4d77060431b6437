/** The five interface languages (spec §1), as a button group; the choice is remembered on the device. */
import { LANGUAGES } from '@reviewdesk/ui';
import { useLanguage } from '../app/language-context';
import { useWebTranslation } from '../i18n/useWebTranslation';
import { cx } from './cx';

/** Test ids: `language.pt`, `language.en`, `language.de`, `language.fr`, `language.es`. */
export function LanguageSwitcher() {
  const { language, setLanguage } = useLanguage();
  const { t } = useWebTranslation();
  return (
    <fieldset className="rd-app-languages" data-testid="language">
      <legend className="rd-visually-hidden">{t('header.language')}</legend>
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          className={cx(
            'rd-app-languages__option rd-focusable',
            lng === language && 'rd-app-languages__option--active',
          )}
          aria-pressed={lng === language}
          title={t(`languages.${lng}`)}
          data-testid={`language.${lng}`}
          onClick={() => void setLanguage(lng)}
        >
          <span aria-hidden="true">{lng.toUpperCase()}</span>
          <span className="rd-visually-hidden">{t(`languages.${lng}`)}</span>
        </button>
      ))}
    </fieldset>
  );
}
