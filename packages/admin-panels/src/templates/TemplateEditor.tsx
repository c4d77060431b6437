/**
 * Template edit (product-spec §2): the tabs basic (the template's name and description, then its
 * fields) and for-developers (ids, the calls that reach the template, each model version's id, its
 * training trace and events). A tab shows only to whom may use it.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, Input, type TabItem, Tabs, useApiClient, useCan } from '@reviewdesk/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AdminPanelsEventProps } from '../events';
import { useAdminPanelsTranslation } from '../i18n/resources';
import { BASIC_LIMITS } from '../shared/displayName';
import { useSaveReporter } from '../shared/useSaveReporter';
import { TemplateDevelopers } from './TemplateDevelopers';
import { TemplateFields } from './TemplateFields';

/** The tabs of template edit, in the spec's order. */
export const TEMPLATE_TABS = ['basic', 'for-developers'] as const;
export type TemplateTab = (typeof TEMPLATE_TABS)[number];

export interface TemplateEditorProps extends AdminPanelsEventProps {
  template: Schema<'WorkspaceMembership'>;
  onClose: () => void;
}

export function TemplateEditor({ template, onClose, ...events }: TemplateEditorProps) {
  const { t } = useAdminPanelsTranslation();
  const can = useCan();
  const tabs: TabItem[] = [
    {
      id: 'basic',
      label: t('templates.tabs.basic'),
      panel: (
        <div className="rd-templates__tab">
          <TemplateBasic template={template} onSaved={events.onSaved} onError={events.onError} />
          <TemplateFields workspaceId={template.workspaceId} onSaved={events.onSaved} onError={events.onError} />
        </div>
      ),
    },
    ...(can('Workspace.ForDevelopers') || can('Templates.TracesDashboardView') || can('Templates.ListEvents')
      ? [
          {
            id: 'for-developers',
            label: t('templates.tabs.for-developers'),
            panel: <TemplateDevelopers template={template} />,
          },
        ]
      : []),
  ];
  return (
    <section
      className="rd-templates__editor"
      aria-label={t('templates.editTitle', { name: template.workspaceName })}
      data-testid="templates.editor"
    >
      <header className="rd-templates__editor-head">
        <h3 className="rd-admin__legend">{t('templates.editTitle', { name: template.workspaceName })}</h3>
        <Button variant="ghost" onClick={onClose} data-testid="templates.editor.close">
          {t('templates.close')}
        </Button>
      </header>
      <Tabs
        label={t('templates.tabsLabel')}
        tabs={tabs}
        onSelect={(tab) => events.onNavigate?.({ screen: 'templates', tab })}
      />
    </section>
  );
}

function TemplateBasic({
  template,
  ...events
}: { template: Schema<'WorkspaceMembership'> } & Pick<AdminPanelsEventProps, 'onSaved' | 'onError'>) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const queryClient = useQueryClient();
  const report = useSaveReporter(events);
  const editable = can('Workspace.EditBasic');
  const [name, setName] = useState(template.workspaceName);
  const [description, setDescription] = useState(template.workspaceDescription ?? '');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const nameError = !name.trim()
    ? t('common.displayNameRequired')
    : name.length > BASIC_LIMITS.displayName
      ? t('common.displayNameTooLong', { max: BASIC_LIMITS.displayName })
      : null;
  const dirty = name !== template.workspaceName || description !== (template.workspaceDescription ?? '');

  const save = useMutation({
    mutationFn: async () => {
      await api.PATCH('/api/v{version}/SdWorkspace/basic', {
        body: { id: template.workspaceId, displayName: name.trim(), description: description.trim() || null },
      });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ predicate: (q) => /UserWorkspaces/.test(String(q.queryKey[1])) });
      setServerError(null);
      report.saved({ screen: 'templates', tab: 'basic', workspaceId: template.workspaceId });
    },
    onError: (error: Error) => setServerError(report.failed(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!nameError && dirty) save.mutate();
  };
  return (
    <form className="rd-admin__form" onSubmit={submit} noValidate data-testid="templates.basic">
      <fieldset className="rd-admin__fieldset" disabled={!editable || save.isPending}>
        <Input
          label={t('templates.name')}
          required
          maxLength={BASIC_LIMITS.displayName}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={touched ? nameError : null}
          data-testid="templates.basic.name"
        />
        <Input
          label={t('templates.description')}
          maxLength={BASIC_LIMITS.description}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          data-testid="templates.basic.description"
        />
      </fieldset>
      {serverError ? (
        <p className="rd-field__error" role="alert">
          {serverError}
        </p>
      ) : null}
      {editable ? (
        <div className="rd-admin__actions">
          <Button
            type="submit"
            variant="primary"
            disabled={!dirty}
            loading={save.isPending}
            data-testid="templates.basic.save"
          >
            {save.isPending ? t('common.saving') : t('common.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
