/** The strings of Metrics: its section of the namespace and the common strings, in five languages. */
import { metricsDe } from '../i18n/locales/metrics/de';
import { metricsEn } from '../i18n/locales/metrics/en';
import { metricsEs } from '../i18n/locales/metrics/es';
import { metricsFr } from '../i18n/locales/metrics/fr';
import { metricsPt } from '../i18n/locales/metrics/pt';
import { screenStrings } from '../i18n/resources';

export const metricsStrings = screenStrings({
  pt: { metrics: metricsPt },
  en: { metrics: metricsEn },
  de: { metrics: metricsDe },
  fr: { metrics: metricsFr },
  es: { metrics: metricsEs },
});
