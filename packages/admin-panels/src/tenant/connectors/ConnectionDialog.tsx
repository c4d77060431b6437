/**
 * Adding or editing one file-sharing connection, in a dialog. The fields follow the kind of site
 * (WebDAV: a URL, user name and password; SharePoint: host, application id and secret, site and
 * drive). The server opens the site before it saves anything; a refusal is shown in the person's
 * language with the site's own words as detail, and the form keeps what was typed.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, Dialog, Input, Select, useApiClient, useServerMessages } from '@reviewdesk/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { bodyOf, CONNECTOR_TYPES, type ConnectionDraft, type DraftProblem, problemsOf } from './connectionRules';

export interface ConnectionDialogProps {
  /** The draft to start from; null closes the dialog. */
  initial: ConnectionDraft | null;
  onClose: () => void;
  onSaved: (connection: Schema<'StorageConnection'>) => void;
  onFailed: (error: Error) => string;
}

const PROBLEM_KEYS = {
  required: 'tenant.connectors.required',
  nameInvalid: 'tenant.connectors.nameInvalid',
  urlInvalid: 'tenant.connectors.urlInvalid',
} as const satisfies Record<DraftProblem, string>;

export function ConnectionDialog({ initial, onClose, onSaved, onFailed }: ConnectionDialogProps) {
  const { t } = useAdminPanelsTranslation();
  return (
    <Dialog
      open={initial !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      closeOnOutsidePress={false}
      title={
        initial?.id ? t('tenant.connectors.editTitle', { name: initial.displayName }) : t('tenant.connectors.addTitle')
      }
      size="md"
    >
      {initial ? (
        <ConnectionForm
          key={initial.id ?? 'new'}
          initial={initial}
          onClose={onClose}
          onSaved={onSaved}
          onFailed={onFailed}
        />
      ) : null}
    </Dialog>
  );
}

function ConnectionForm({
  initial,
  onClose,
  onSaved,
  onFailed,
}: Omit<ConnectionDialogProps, 'initial'> & { initial: ConnectionDraft }) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const { codeMessage } = useServerMessages();
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; detail?: string } | null>(null);
  const problems = problemsOf(draft);
  const kind = draft.connectorType;
  const problem = (key: keyof ConnectionDraft) => {
    const found = touched ? problems[key] : undefined;
    return found ? t(PROBLEM_KEYS[found]) : null;
  };
  const set = <K extends keyof ConnectionDraft>(key: K, value: ConnectionDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const save = useMutation({
    mutationFn: async (body: Schema<'StorageConnection'>) => {
      const { data } = await api.POST('/api/v{version}/Tenant/Connectors/UpsertSharePointConnection', { body });
      return data;
    },
    onSuccess: (data) => {
      if (data?.succeeded && data.result) {
        setRefusal(null);
        onSaved(data.result);
        return;
      }
      const first = data?.errors[0];
      setRefusal(codeMessage('ExternalStorageErrorCode', first?.code, first?.message));
    },
    onError: (error: Error) => setRefusal({ message: onFailed(error) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(problems).length > 0) return;
    save.mutate(bodyOf(draft));
  };

  return (
    <form className="rd-admin__form" onSubmit={submit} noValidate data-testid="tenant.connection.form">
      <fieldset className="rd-admin__fieldset" disabled={save.isPending}>
        <Select
          label={t('tenant.connectors.connectorType')}
          value={kind}
          options={CONNECTOR_TYPES.map((type) => ({ value: type, label: t(`tenant.connectors.types.${type}`) }))}
          onChange={(e) => set('connectorType', e.target.value as ConnectionDraft['connectorType'])}
          data-testid="tenant.connection.type"
        />
        <Input
          label={t('tenant.connectors.displayName')}
          required
          value={draft.displayName}
          onChange={(e) => set('displayName', e.target.value)}
          error={problem('displayName')}
          data-testid="tenant.connection.displayName"
        />
        <Input
          label={t('tenant.connectors.name')}
          required
          hint={t('tenant.connectors.nameHint')}
          value={draft.name}
          onChange={(e) => set('name', e.target.value)}
          error={problem('name')}
          data-testid="tenant.connection.name"
        />
        <Input
          label={t('tenant.connectors.hostname')}
          required
          hint={t(`tenant.connectors.hostnameHint.${kind}`)}
          value={draft.hostname}
          onChange={(e) => set('hostname', e.target.value)}
          error={problem('hostname')}
          data-testid="tenant.connection.hostname"
        />
        <Input
          label={t(`tenant.connectors.clientId.${kind}`)}
          required
          autoComplete="off"
          value={draft.clientId}
          onChange={(e) => set('clientId', e.target.value)}
          error={problem('clientId')}
          data-testid="tenant.connection.clientId"
        />
        <Input
          label={t(`tenant.connectors.clientSecret.${kind}`)}
          type="password"
          required={!draft.id}
          autoComplete="new-password"
          hint={draft.id ? t('tenant.connectors.secretKept') : undefined}
          value={draft.clientSecret}
          onChange={(e) => set('clientSecret', e.target.value)}
          error={problem('clientSecret')}
          data-testid="tenant.connection.clientSecret"
        />
        {kind === 'SharePoint' ? (
          <div className="rd-admin__row">
            <Input
              label={t('tenant.connectors.defaultSite')}
              hint={t('tenant.connectors.defaultSiteHint')}
              value={draft.defaultSite}
              onChange={(e) => set('defaultSite', e.target.value)}
              data-testid="tenant.connection.defaultSite"
            />
            <Input
              label={t('tenant.connectors.driveId')}
              hint={t('tenant.connectors.driveIdHint')}
              value={draft.driveId}
              onChange={(e) => set('driveId', e.target.value)}
              data-testid="tenant.connection.driveId"
            />
          </div>
        ) : null}
      </fieldset>
      {refusal ? (
        <div className="rd-field__error" role="alert" data-testid="tenant.connection.error">
          <div>{refusal.message}</div>
          {refusal.detail ? <div className="rd-admin__muted">{refusal.detail}</div> : null}
        </div>
      ) : null}
      <div className="rd-admin__actions">
        <Button type="button" onClick={onClose} disabled={save.isPending}>
          {t('tenant.connectors.cancel')}
        </Button>
        <Button type="submit" variant="primary" loading={save.isPending} data-testid="tenant.connection.save">
          {t('tenant.connectors.save')}
        </Button>
      </div>
    </form>
  );
}
