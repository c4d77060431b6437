import type { TranslationShape } from '@reviewdesk/ui';
import { commonPt } from './common/pt';
import type { en } from './en';
import { homePt } from './home/pt';
import { licensingPt } from './licensing/pt';
import { metricsPt } from './metrics/pt';
import { templatesPt } from './templates/pt';
import { tenantPt } from './tenant/pt';
import { workspacePt } from './workspace/pt';

/** Portuguese (pt-PT) strings of the `admin-panels` namespace. */
export const pt: TranslationShape<typeof en> = {
  common: commonPt,
  workspace: workspacePt,
  tenant: tenantPt,
  licensing: licensingPt,
  metrics: metricsPt,
  home: homePt,
  templates: templatesPt,
};
