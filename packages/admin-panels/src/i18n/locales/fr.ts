import type { TranslationShape } from '@reviewdesk/ui';
import { commonFr } from './common/fr';
import type { en } from './en';
import { homeFr } from './home/fr';
import { licensingFr } from './licensing/fr';
import { metricsFr } from './metrics/fr';
import { templatesFr } from './templates/fr';
import { tenantFr } from './tenant/fr';
import { workspaceFr } from './workspace/fr';

/** French (fr-FR) strings of the `admin-panels` namespace. */
export const fr: TranslationShape<typeof en> = {
  common: commonFr,
  workspace: workspaceFr,
  tenant: tenantFr,
  licensing: licensingFr,
  metrics: metricsFr,
  home: homeFr,
  templates: templatesFr,
};
