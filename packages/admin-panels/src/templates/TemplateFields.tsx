/**
 * The fields of a template (TemplateBuilder GetFields): add (PostFields, Templates.CreateField),
 * edit (PutField, Templates.UpdateField) and delete (DeleteField, Templates.DeleteField, after a
 * confirmation: the values labelled for it go too). The same fields the template builder draws.
 */
import { Button, EmptyState, useApiClient, useCan } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminPanelsEventProps } from '../events';
import { useAdminPanelsTranslation } from '../i18n/resources';
import { QueryStates } from '../shared/QueryStates';
import { useSaveReporter } from '../shared/useSaveReporter';
import { templateFieldsQuery } from './queries';
import { DYNAMIC_TABLE, newTemplateField, type TemplateField, TemplateFieldForm } from './TemplateFieldForm';

export interface TemplateFieldsProps extends Pick<AdminPanelsEventProps, 'onSaved' | 'onError'> {
  workspaceId: string;
}

type Editing = { kind: 'new' } | { kind: 'edit'; uniqueId: string } | null;

export function TemplateFields({ workspaceId, ...events }: TemplateFieldsProps) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const queryClient = useQueryClient();
  const report = useSaveReporter(events);
  const query = useQuery(templateFieldsQuery(api, workspaceId));
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const done = () => {
    void queryClient.invalidateQueries({ queryKey: templateFieldsQuery(api, workspaceId).queryKey });
    setEditing(null);
    setConfirming(null);
    setServerError(null);
    report.saved({ screen: 'templates', tab: 'basic', workspaceId });
  };
  const failed = (error: Error) => setServerError(report.failed(error));

  const save = useMutation({
    mutationFn: async (field: TemplateField) => {
      if (field.uniqueId) {
        const { uniqueId } = field;
        await api.PUT('/api/v{version}/TemplateBuilder/field', { body: { ...field, uniqueId, workspaceId } });
      } else {
        await api.POST('/api/v{version}/TemplateBuilder/fields', {
          params: { query: { workspaceId } },
          body: [field],
        });
      }
    },
    onSuccess: done,
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: async (uniqueId: string) => {
      await api.DELETE('/api/v{version}/TemplateBuilder/field/{uniqueId}', {
        params: { path: { uniqueId }, query: { workspaceId } },
      });
    },
    onSuccess: done,
    onError: failed,
  });

  return (
    <section className="rd-templates__fields" aria-label={t('templates.fields.title')} data-testid="templates.fields">
      <h4 className="rd-admin__legend">{t('templates.fields.title')}</h4>
      <QueryStates query={query}>
        {(fields) => (
          <>
            {fields.length === 0 ? <EmptyState title={t('templates.fields.empty')} /> : null}
            <ul className="rd-templates__field-list">
              {fields.map((field) =>
                editing?.kind === 'edit' && editing.uniqueId === field.uniqueId ? (
                  <li key={field.uniqueId}>
                    <TemplateFieldForm
                      field={field}
                      others={fields.filter((f) => f.uniqueId !== field.uniqueId)}
                      saving={save.isPending}
                      error={serverError}
                      onSave={(f) => save.mutate(f)}
                      onCancel={() => setEditing(null)}
                    />
                  </li>
                ) : (
                  <li
                    key={field.uniqueId}
                    className="rd-templates__field"
                    data-testid={`templates.field.${field.categoryKey}`}
                  >
                    <span className="rd-templates__field-name">{field.displayName}</span>
                    <code>{field.categoryKey}</code>
                    <span>
                      {t(`workspace.fields.types.${field.templateFieldType ?? field.fieldConfig?.type ?? 50}`)}
                    </span>
                    {field.fieldConfig?.isRequired ? (
                      <span className="rd-admin__badge">{t('workspace.fields.requiredBadge')}</span>
                    ) : null}
                    {field.templateFieldType === DYNAMIC_TABLE ? (
                      <span className="rd-templates__columns">
                        {t('templates.fields.columnList', {
                          columns: (field.table?.tableHeaders ?? [])
                            .map((h) => (h.isRequired ? `${h.uniqueId}*` : h.uniqueId))
                            .join(', '),
                        })}
                      </span>
                    ) : null}
                    <span className="rd-admin__actions">
                      {can('Templates.UpdateField') ? (
                        <Button
                          variant="ghost"
                          onClick={() => {
                            setServerError(null);
                            setEditing({ kind: 'edit', uniqueId: field.uniqueId ?? '' });
                          }}
                          aria-label={t('templates.fields.editNamed', { name: field.displayName })}
                        >
                          {t('workspace.fields.edit')}
                        </Button>
                      ) : null}
                      {can('Templates.DeleteField') ? (
                        confirming === field.uniqueId ? (
                          <>
                            <span role="alert">{t('templates.fields.deleteConfirm', { name: field.displayName })}</span>
                            <Button
                              variant="danger"
                              loading={remove.isPending}
                              onClick={() => remove.mutate(field.uniqueId ?? '')}
                              data-testid="templates.field.deleteConfirm"
                            >
                              {t('workspace.fields.delete')}
                            </Button>
                            <Button variant="ghost" onClick={() => setConfirming(null)}>
                              {t('workspace.fields.cancel')}
                            </Button>
                          </>
                        ) : (
                          <Button
                            variant="ghost"
                            onClick={() => setConfirming(field.uniqueId ?? null)}
                            aria-label={t('workspace.fields.deleteNamed', { name: field.displayName })}
                          >
                            {t('workspace.fields.delete')}
                          </Button>
                        )
                      ) : null}
                    </span>
                  </li>
                ),
              )}
            </ul>
            {editing?.kind === 'new' ? (
              <TemplateFieldForm
                field={newTemplateField()}
                others={fields}
                saving={save.isPending}
                error={serverError}
                onSave={(f) => save.mutate(f)}
                onCancel={() => setEditing(null)}
              />
            ) : can('Templates.CreateField') ? (
              <Button
                onClick={() => {
                  setServerError(null);
                  setEditing({ kind: 'new' });
                }}
                data-testid="templates.fields.add"
              >
                {t('workspace.fields.add')}
              </Button>
            ) : null}
            {serverError && !editing ? (
              <p className="rd-field__error" role="alert">
                {serverError}
              </p>
            ) : null}
          </>
        )}
      </QueryStates>
    </section>
  );
}
