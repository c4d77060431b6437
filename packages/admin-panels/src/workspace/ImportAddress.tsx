/**
 * The workspace's import-by-e-mail address (SdWorkspace ImportEmail), shown among the basic tab's
 * facts with a copy button: files attached to mail sent there become tasks of the workspace. Shown
 * only to whom the server gives it (Task.Import or Workspace.Edit) and when it is set up.
 */
import { Button, useApiClient, useCan } from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAdminPanelsTranslation } from '../i18n/resources';

export function ImportAddress({ workspaceId }: { workspaceId: string }) {
  const can = useCan();
  const allowed = can('Task.Import') || can('Workspace.Edit');
  const api = useApiClient();
  const { t } = useAdminPanelsTranslation();
  const [copied, setCopied] = useState(false);
  const address = useQuery({
    ...api.queryOptions('get', '/api/v{version}/SdWorkspace/importEmail/{id}', {
      params: { path: { id: workspaceId } },
    }),
    enabled: allowed,
    retry: false,
  });
  const email = address.data?.emailToImport;
  if (!allowed || !email) return null;
  const copy = async () => {
    await navigator.clipboard?.writeText(email);
    setCopied(true);
  };
  return (
    <>
      <dt>{t('workspace.basic.importAddress')}</dt>
      <dd className="rd-admin__import-address">
        <code data-testid="workspace.basic.importAddress">{email}</code>{' '}
        <Button type="button" size="sm" onClick={() => void copy()} data-testid="workspace.basic.importAddress.copy">
          {copied ? t('workspace.basic.importAddressCopied') : t('workspace.basic.importAddressCopy')}
        </Button>
        <span className="rd-admin__muted">{t('workspace.basic.importAddressHint')}</span>
      </dd>
    </>
  );
}
