/** The strings of TenantSettings: its section of the namespace and the common strings, in five languages. */
import { tenantDe } from '../i18n/locales/tenant/de';
import { tenantEn } from '../i18n/locales/tenant/en';
import { tenantEs } from '../i18n/locales/tenant/es';
import { tenantFr } from '../i18n/locales/tenant/fr';
import { tenantPt } from '../i18n/locales/tenant/pt';
import { screenStrings } from '../i18n/resources';

export const tenantStrings = screenStrings({
  pt: { tenant: tenantPt },
  en: { tenant: tenantEn },
  de: { tenant: tenantDe },
  fr: { tenant: tenantFr },
  es: { tenant: tenantEs },
});
