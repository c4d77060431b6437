/** Light/dark skin (spec §9: light by default), stored per user in the ui preferences. */
import { usePreferences, useReviewdesk } from '@reviewdesk/ui';
import { useWebTranslation } from '../i18n/useWebTranslation';
import { Icon } from './icons';

/** Test id: `skin.toggle`, a toggle button pressed in the dark skin. */
export function SkinToggle() {
  const { theme } = useReviewdesk();
  const setPreferences = usePreferences((p) => p.setPreferences);
  const { t } = useWebTranslation();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="rd-app-iconbutton rd-focusable"
      aria-pressed={dark}
      title={t('header.darkSkin')}
      data-testid="skin.toggle"
      onClick={() => setPreferences({ skin: dark ? 'light' : 'dark' })}
    >
      <Icon name={dark ? 'sun' : 'moon'} />
      <span className="rd-visually-hidden">{t('header.darkSkin')}</span>
    </button>
  );
}
