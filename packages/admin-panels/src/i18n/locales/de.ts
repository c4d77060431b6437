import type { TranslationShape } from '@reviewdesk/ui';
import { commonDe } from './common/de';
import type { en } from './en';
import { homeDe } from './home/de';
import { licensingDe } from './licensing/de';
import { metricsDe } from './metrics/de';
import { templatesDe } from './templates/de';
import { tenantDe } from './tenant/de';
import { workspaceDe } from './workspace/de';

/** German (de-DE) strings of the `admin-panels` namespace. */
export const de: TranslationShape<typeof en> = {
  common: commonDe,
  workspace: workspaceDe,
  tenant: tenantDe,
  licensing: licensingDe,
  metrics: metricsDe,
  home: homeDe,
  templates: templatesDe,
};
