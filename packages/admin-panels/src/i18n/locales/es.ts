import type { TranslationShape } from '@reviewdesk/ui';
import { commonEs } from './common/es';
import type { en } from './en';
import { homeEs } from './home/es';
import { licensingEs } from './licensing/es';
import { metricsEs } from './metrics/es';
import { templatesEs } from './templates/es';
import { tenantEs } from './tenant/es';
import { workspaceEs } from './workspace/es';

/** Spanish (es-ES) strings of the `admin-panels` namespace. */
export const es: TranslationShape<typeof en> = {
  common: commonEs,
  workspace: workspaceEs,
  tenant: tenantEs,
  licensing: licensingEs,
  metrics: metricsEs,
  home: homeEs,
  templates: templatesEs,
};
