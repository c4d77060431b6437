/**
 * The workspace's "basic" tab: name, description, default flag and languages (SdWorkspace GetBasic
 * / PatchBasic). Without Workspace.EditBasic the same form shows read-only.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Input, Select, Switch, useApiClient, useCan } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AdminPanelsEventProps } from '../events';
import { useAdminPanelsTranslation } from '../i18n/resources';
import { BASIC_LIMITS } from '../shared/displayName';
import { QueryStates } from '../shared/QueryStates';
import { SaveBar } from '../shared/SaveBar';
import { useSaveReporter } from '../shared/useSaveReporter';
import { ImportAddress } from './ImportAddress';
import { languageOptions } from './languages';

/** The contract's limits of WorkspaceBasicUpdate. */

type Workspace = Schema<'Workspace'>;
type Languages = NonNullable<Workspace['languages']>;
const LANGUAGE_KEYS = ['languageCode', 'inputLanguageCode', 'outputLanguageCode'] as const;

interface Draft {
  displayName: string;
  description: string;
  isDefault: boolean;
  languages: Languages;
}

const draftOf = (workspace: Workspace): Draft => ({
  displayName: workspace.displayName,
  description: workspace.description ?? '',
  isDefault: workspace.isDefault,
  languages: {
    languageCode: workspace.languages?.languageCode ?? null,
    inputLanguageCode: workspace.languages?.inputLanguageCode ?? null,
    outputLanguageCode: workspace.languages?.outputLanguageCode ?? null,
  },
});

const sameDraft = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

export interface BasicTabProps extends Pick<AdminPanelsEventProps, 'onSaved' | 'onError'> {
  workspaceId: string;
}

export function BasicTab({ workspaceId, ...events }: BasicTabProps) {
  const api = useApiClient();
  const basic = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/basic/{id}', { params: { path: { id: workspaceId } } }),
  );
  return (
    <QueryStates query={basic}>
      {(workspace) => <BasicForm key={`${workspace.id}-${basic.dataUpdatedAt}`} workspace={workspace} {...events} />}
    </QueryStates>
  );
}

function BasicForm({ workspace, ...events }: { workspace: Workspace } & Pick<BasicTabProps, 'onSaved' | 'onError'>) {
  const { t, culture } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const queryClient = useQueryClient();
  const report = useSaveReporter(events);
  const editable = can('Workspace.EditBasic');
  const saved = draftOf(workspace);
  const [draft, setDraft] = useState(saved);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const dirty = !sameDraft(draft, saved);

  const nameError = !draft.displayName.trim()
    ? t('common.displayNameRequired')
    : draft.displayName.length > BASIC_LIMITS.displayName
      ? t('common.displayNameTooLong', { max: BASIC_LIMITS.displayName })
      : null;
  const descriptionError =
    draft.description.length > BASIC_LIMITS.description
      ? t('workspace.basic.descriptionTooLong', { max: BASIC_LIMITS.description })
      : null;

  const save = useMutation({
    mutationFn: async (body: Schema<'WorkspaceBasicUpdate'>) => {
      const { data } = await api.PATCH('/api/v{version}/SdWorkspace/basic', { body });
      return data;
    },
    onSuccess: (data) => {
      const key = api.queryOptions('get', '/api/v{version}/SdWorkspace/basic/{id}', {
        params: { path: { id: workspace.id } },
      }).queryKey;
      if (data?.result) queryClient.setQueryData(key, data.result);
      else void queryClient.invalidateQueries({ queryKey: key });
      // The name shows in the workspace switcher and lists: refresh what lists workspaces.
      void queryClient.invalidateQueries({ predicate: (q) => /UserWorkspaces/.test(String(q.queryKey[1])) });
      setServerError(null);
      report.saved({ screen: 'workspace', tab: 'basic', workspaceId: workspace.id });
    },
    onError: (error: Error) => setServerError(report.failed(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameError || descriptionError || !dirty) return;
    save.mutate({
      id: workspace.id,
      displayName: draft.displayName.trim(),
      description: draft.description.trim() || null,
      isDefault: draft.isDefault,
      languages: draft.languages,
    });
  };

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  return (
    <form className="rd-admin__form" onSubmit={submit} noValidate data-testid="workspace.basic">
      {editable ? null : (
        <p className="rd-admin__note" role="note">
          {t('common.readOnly')}
        </p>
      )}
      <fieldset className="rd-admin__fieldset" disabled={!editable || save.isPending}>
        <Input
          label={t('workspace.basic.displayName')}
          required
          maxLength={BASIC_LIMITS.displayName}
          value={draft.displayName}
          onChange={(e) => set('displayName', e.target.value)}
          error={touched ? nameError : null}
          data-testid="workspace.basic.displayName"
        />
        <div className="rd-field">
          <label className="rd-field__label" htmlFor={`rd-ws-description-${workspace.id}`}>
            {t('workspace.basic.description')}
          </label>
          <textarea
            id={`rd-ws-description-${workspace.id}`}
            className="rd-input rd-focusable rd-admin__textarea"
            rows={3}
            maxLength={BASIC_LIMITS.description}
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
            aria-invalid={touched && descriptionError ? true : undefined}
            data-testid="workspace.basic.description"
          />
          {touched && descriptionError ? <div className="rd-field__error">{descriptionError}</div> : null}
        </div>
        <Switch
          label={t('workspace.basic.isDefault')}
          hint={t('workspace.basic.isDefaultHint')}
          checked={draft.isDefault}
          onChange={(e) => set('isDefault', e.target.checked)}
          data-testid="workspace.basic.isDefault"
        />
        <fieldset className="rd-admin__group">
          <legend className="rd-admin__legend">{t('workspace.basic.languages')}</legend>
          {LANGUAGE_KEYS.map((key) => (
            <Select
              key={key}
              label={t(`workspace.basic.${key}`)}
              value={draft.languages[key] ?? ''}
              placeholder={t('workspace.basic.languageAuto')}
              options={languageOptions(culture, draft.languages[key])}
              onChange={(e) => set('languages', { ...draft.languages, [key]: e.target.value || null })}
              data-testid={`workspace.basic.${key}`}
            />
          ))}
        </fieldset>
      </fieldset>
      <dl className="rd-admin__facts">
        <dt>{t('workspace.basic.workspaceType')}</dt>
        <dd>
          {t(
            workspace.workspaceType === 20
              ? 'workspace.basic.workspaceTypes.labelingAndTraining'
              : 'workspace.basic.workspaceTypes.standard',
          )}
        </dd>
        <dt>{t('workspace.basic.id')}</dt>
        <dd>
          <code>{workspace.id}</code>
        </dd>
        <ImportAddress workspaceId={workspace.id} />
      </dl>
      <SaveBar
        editable={editable}
        dirty={dirty}
        pending={save.isPending}
        error={serverError}
        onReset={() => setDraft(saved)}
        testId="workspace.basic"
      />
    </form>
  );
}
