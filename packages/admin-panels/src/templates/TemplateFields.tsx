/**
 * The fields of a template in template edit: the shared template field list of
 * `@reviewdesk/ui/template-fields` (add, key–value parts, edit, delete — the same list the template
 * builder shows), reporting its saves and refusals the way every admin tab does.
 */
import { EmptyState } from '@reviewdesk/ui';
import { TemplateFields as TemplateFieldList } from '@reviewdesk/ui/template-fields';
import type { AdminPanelsEventProps } from '../events';
import { useAdminPanelsTranslation } from '../i18n/resources';
import { useSaveReporter } from '../shared/useSaveReporter';

export interface TemplateFieldsProps extends Pick<AdminPanelsEventProps, 'onSaved' | 'onError'> {
  workspaceId: string;
}

export function TemplateFields({ workspaceId, ...events }: TemplateFieldsProps) {
  const { t } = useAdminPanelsTranslation();
  const report = useSaveReporter(events);
  return (
    <TemplateFieldList
      workspaceId={workspaceId}
      onSaved={() => report.saved({ screen: 'templates', tab: 'basic', workspaceId })}
      onFailed={(error) => report.failed(error)}
      notAvailable={<EmptyState title={t('common.notAvailable')} />}
    />
  );
}
