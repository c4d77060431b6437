/**
 * The workspace's "notifications" tab (Notification NotificationConfig): who gets mail when a task
 * is ready to review and when it goes to history — the task's creator, its reviewers, further
 * addresses — and the language of that mail. Addresses are checked as they are added. A failed save
 * keeps the form as it is.
 */
import { Button, Input, Select, Switch, useApiClient, useCan } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AdminPanelsEventProps } from '../../events';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { QueryStates } from '../../shared/QueryStates';
import { ReadOnlyNote, SaveBar } from '../../shared/SaveBar';
import { useSaveReporter } from '../../shared/useSaveReporter';
import {
  addressProblem,
  configOf,
  EVENTS,
  type EventType,
  emailConfigOf,
  MAX_CUSTOM_RECIPIENTS,
  type NotificationConfig,
  type TypeConfig,
} from './notificationsModel';

const MAIL_LANGUAGES = ['pt', 'en', 'de', 'fr', 'es'] as const;

export interface NotificationsTabProps extends Pick<AdminPanelsEventProps, 'onSaved' | 'onError'> {
  workspaceId: string;
}

const configQuery = (api: ReturnType<typeof useApiClient>, workspaceId: string) =>
  api.queryOptions('get', '/api/v{version}/Notification/NotificationConfig/{workspaceId}', {
    params: { path: { workspaceId } },
  });

export function NotificationsTab({ workspaceId, ...events }: NotificationsTabProps) {
  const api = useApiClient();
  const config = useQuery(configQuery(api, workspaceId));
  return (
    <QueryStates query={config}>
      {(saved) => <NotificationsForm key={config.dataUpdatedAt} workspaceId={workspaceId} saved={saved} {...events} />}
    </QueryStates>
  );
}

function NotificationsForm({ workspaceId, saved, ...events }: NotificationsTabProps & { saved: NotificationConfig }) {
  const { t, culture } = useAdminPanelsTranslation();
  const api = useApiClient();
  const can = useCan();
  const queryClient = useQueryClient();
  const report = useSaveReporter(events);
  const editable = can('Workspace.Notifications');
  const initial = {
    language: saved.language,
    byEvent: Object.fromEntries(EVENTS.map(({ value }) => [value, emailConfigOf(saved, value)])) as Record<
      EventType,
      TypeConfig
    >,
  };
  const [language, setLanguage] = useState(initial.language);
  const [byEvent, setByEvent] = useState(initial.byEvent);
  const [serverError, setServerError] = useState<string | null>(null);
  const dirty = language !== initial.language || JSON.stringify(byEvent) !== JSON.stringify(initial.byEvent);
  const languageNames = new Intl.DisplayNames([culture], { type: 'language' });

  const save = useMutation({
    mutationFn: async (body: NotificationConfig) => {
      await api.PATCH('/api/v{version}/Notification/NotificationConfig/{workspaceId}', {
        params: { path: { workspaceId } },
        body,
      });
      return body;
    },
    onSuccess: (body) => {
      setServerError(null);
      queryClient.setQueryData(configQuery(api, workspaceId).queryKey, body);
      report.saved({ screen: 'workspace', tab: 'notifications', workspaceId });
    },
    onError: (error: Error) => setServerError(report.failed(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dirty) save.mutate(configOf(language, byEvent));
  };
  const change = (event: EventType, patch: Partial<TypeConfig>) =>
    setByEvent((all) => ({ ...all, [event]: { ...all[event], ...patch } }));

  return (
    <form
      className="rd-admin__form rd-admin__form--wide"
      onSubmit={submit}
      noValidate
      data-testid="workspace.notifications"
    >
      <ReadOnlyNote editable={editable} />
      <fieldset className="rd-admin__fieldset" disabled={!editable || save.isPending}>
        <Select
          label={t('workspace.notifications.language')}
          hint={t('workspace.notifications.languageHint')}
          value={language}
          options={MAIL_LANGUAGES.map((code) => ({ value: code, label: languageNames.of(code) ?? code }))}
          onChange={(e) => setLanguage(e.target.value)}
          data-testid="workspace.notifications.language"
        />
        {EVENTS.map(({ value, key }) => (
          <fieldset key={value} className="rd-admin__group" data-testid={`workspace.notifications.event.${value}`}>
            <legend className="rd-admin__legend">{t(`workspace.notifications.events.${key}`)}</legend>
            <p className="rd-admin__muted">{t(`workspace.notifications.events.${key}Hint`)}</p>
            <Switch
              label={t('workspace.notifications.notifyCreator')}
              checked={byEvent[value].notifyCreator}
              onChange={(e) => change(value, { notifyCreator: e.target.checked })}
              data-testid={`workspace.notifications.${value}.creator`}
            />
            <Switch
              label={t('workspace.notifications.notifyReviewers')}
              checked={byEvent[value].notifyReviewers}
              onChange={(e) => change(value, { notifyReviewers: e.target.checked })}
              data-testid={`workspace.notifications.${value}.reviewers`}
            />
            <Recipients
              event={value}
              list={byEvent[value].customRecipients}
              editable={editable}
              onChange={(customRecipients) => change(value, { customRecipients })}
            />
          </fieldset>
        ))}
      </fieldset>
      <SaveBar
        editable={editable}
        dirty={dirty}
        pending={save.isPending}
        error={serverError}
        onReset={() => {
          setLanguage(initial.language);
          setByEvent(initial.byEvent);
        }}
        testId="workspace.notifications"
      />
    </form>
  );
}

/** The further addresses of one event: added one by one, each checked, removable. */
function Recipients({
  event,
  list,
  editable,
  onChange,
}: {
  event: EventType;
  list: string[];
  editable: boolean;
  onChange: (list: string[]) => void;
}) {
  const { t } = useAdminPanelsTranslation();
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const found = addressProblem(address, list);
    if (found) {
      setProblem(t(`workspace.notifications.problems.${found}`, { max: MAX_CUSTOM_RECIPIENTS }));
      return;
    }
    setProblem(null);
    setAddress('');
    onChange([...list, address.trim()]);
  };
  return (
    <div className="rd-admin__stack">
      <span className="rd-field__label">{t('workspace.notifications.customRecipients')}</span>
      {list.length === 0 ? <p className="rd-admin__muted">{t('workspace.notifications.noRecipients')}</p> : null}
      <ul className="rd-admin-types" data-testid={`workspace.notifications.${event}.recipients`}>
        {list.map((recipient) => (
          <li key={recipient} className="rd-admin-types__item">
            <span>{recipient}</span>
            {editable ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onChange(list.filter((r) => r !== recipient))}
                aria-label={t('workspace.notifications.removeRecipient', { address: recipient })}
              >
                ✕
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {editable ? (
        <div className="rd-admin-list__row">
          <Input
            className="rd-admin-list__grow"
            type="email"
            label={t('workspace.notifications.addRecipient')}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            error={problem}
            data-testid={`workspace.notifications.${event}.address`}
          />
          <Button onClick={add} data-testid={`workspace.notifications.${event}.add`}>
            {t('workspace.notifications.add')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
