/**
 * One pipeline step with its configuration form (stepForm.ts), saved with POST StepConfig. Without
 * Workspace.UpdateExport the values show read-only. A failed save keeps what was typed.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Input, Select, Switch, useApiClient, useCan } from '@reviewdesk/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AdminPanelsEventProps } from '../../events';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { SaveBar } from '../../shared/SaveBar';
import { useSaveReporter } from '../../shared/useSaveReporter';
import {
  controlOf,
  type FieldProblem,
  type FormField,
  type FormValues,
  fieldProblem,
  fieldsOf,
  valuesToSend,
} from './stepForm';

export interface StepConfigFormProps extends Pick<AdminPanelsEventProps, 'onSaved' | 'onError'> {
  workspaceId: string;
  config: Schema<'IntegrationStepConfig'>;
}

export function StepConfigForm({ workspaceId, config, ...events }: StepConfigFormProps) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const queryClient = useQueryClient();
  const report = useSaveReporter(events);
  const editable = can('Workspace.UpdateExport');
  const fields = fieldsOf(config.step.configurationCustomForm);
  const [saved, setSaved] = useState<FormValues>(config.configurationValues);
  const [values, setValues] = useState<FormValues>(config.configurationValues);
  const [configured, setConfigured] = useState(config.isConfigured ?? true);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const problems = new Map(
    fields.flatMap((f) => {
      const found = fieldProblem(f, values[f.name ?? '']);
      return found ? [[f.name ?? '', found] as const] : [];
    }),
  );

  const save = useMutation({
    mutationFn: async (configurationValues: FormValues) => {
      const { data } = await api.POST('/api/v{version}/SdWorkspace/StepConfig/{workspaceId}/{stepId}', {
        params: { path: { workspaceId, stepId: config.stepId } },
        body: { configurationValues },
      });
      return data?.result;
    },
    onSuccess: (result) => {
      setServerError(null);
      const stored = result?.configurationValues ?? values;
      setSaved(stored);
      setValues(stored);
      setConfigured(result?.isConfigured ?? true);
      void queryClient.invalidateQueries({ predicate: (q) => /IntegrationStepConfigs/.test(String(q.queryKey[1])) });
      report.saved({ screen: 'workspace', tab: 'export', workspaceId });
    },
    onError: (error: Error) => setServerError(report.failed(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!dirty || problems.size > 0) return;
    save.mutate(valuesToSend(fields, values));
  };
  const problemText = (problem: FieldProblem | undefined) => {
    if (!touched || !problem) return null;
    switch (problem.kind) {
      case 'required':
        return t('workspace.export.problems.required');
      case 'number':
        return t('workspace.export.problems.number');
      case 'min':
        return t(problem.length ? 'workspace.export.problems.minLength' : 'workspace.export.problems.min', {
          limit: problem.limit,
        });
      case 'max':
        return t(problem.length ? 'workspace.export.problems.maxLength' : 'workspace.export.problems.max', {
          limit: problem.limit,
        });
      case 'pattern':
        return problem.message;
    }
  };
  const control = (field: FormField) => {
    const name = field.name ?? '';
    const value = values[name];
    const common = {
      label: field.title ?? name,
      hint: field.tooltip ?? undefined,
      disabled: field.readonly === true || field.disabled === true,
      'data-testid': `workspace.export.step.${config.stepId}.${name}`,
    };
    const set = (next: FormValues[string]) => setValues((v) => ({ ...v, [name]: next }));
    switch (controlOf(field)) {
      case 'switch':
        return <Switch key={name} {...common} checked={value === true} onChange={(e) => set(e.target.checked)} />;
      case 'select':
        return (
          <Select
            key={name}
            {...common}
            value={value === null || value === undefined ? '' : String(value)}
            placeholder={field.placeholder ?? t('workspace.export.choose')}
            options={(field.configurations?.options ?? []).flatMap((group) =>
              (group.options ?? []).map((o) => ({ value: String(o.value), label: o.label ?? String(o.value) })),
            )}
            onChange={(e) => set(e.target.value || null)}
            error={problemText(problems.get(name))}
          />
        );
      default:
        return (
          <Input
            key={name}
            {...common}
            type={controlOf(field) === 'password' ? 'password' : 'text'}
            inputMode={controlOf(field) === 'number' ? 'decimal' : undefined}
            required={field.isRequired === true}
            placeholder={field.placeholder ?? undefined}
            value={value === null || value === undefined ? '' : String(value)}
            onChange={(e) => set(e.target.value)}
            error={problemText(problems.get(name))}
          />
        );
    }
  };

  return (
    <form
      className="rd-admin__form"
      onSubmit={submit}
      noValidate
      data-testid={`workspace.export.step.${config.stepId}`}
    >
      <div className="rd-admin-steps__head">
        <h4 className="rd-admin-steps__title">{config.step.displayName}</h4>
        <span className={`rd-admin__chip${configured ? ' rd-admin__chip--on' : ' rd-admin__chip--off'}`}>
          {configured ? t('workspace.export.configured') : t('workspace.export.notConfigured')}
        </span>
        {config.step.docsUrl ? (
          <a className="rd-focusable" href={config.step.docsUrl} target="_blank" rel="noreferrer">
            {t('workspace.export.docs')}
          </a>
        ) : null}
      </div>
      {config.step.description ? <p className="rd-admin__muted">{config.step.description}</p> : null}
      {fields.length === 0 ? (
        <p className="rd-admin__muted">{t('workspace.export.nothingToConfigure')}</p>
      ) : (
        <fieldset className="rd-admin__fieldset" disabled={!editable || save.isPending}>
          {fields.map(control)}
        </fieldset>
      )}
      {fields.length > 0 ? (
        <SaveBar
          editable={editable}
          dirty={dirty}
          pending={save.isPending}
          error={serverError}
          onReset={() => {
            setValues(saved);
            setTouched(false);
          }}
          testId={`workspace.export.step.${config.stepId}`}
        />
      ) : null}
    </form>
  );
}
