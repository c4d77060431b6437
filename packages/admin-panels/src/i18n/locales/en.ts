import { commonEn } from './common/en';
import { homeEn } from './home/en';
import { licensingEn } from './licensing/en';
import { metricsEn } from './metrics/en';
import { templatesEn } from './templates/en';
import { tenantEn } from './tenant/en';
import { workspaceEn } from './workspace/en';

/** English (en-US) strings of the `admin-panels` namespace; this shape is the source of the typed keys. */
export const en = {
  common: commonEn,
  workspace: workspaceEn,
  tenant: tenantEn,
  licensing: licensingEn,
  metrics: metricsEn,
  home: homeEn,
  templates: templatesEn,
};
