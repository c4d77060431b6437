/**
 * The workspace's "default-assignment" tab: whether new tasks are assigned at once, to whom and in
 * which order (AnyUser 10, AnyOrder 20, Sequence 30 — product-spec §6). The people are the
 * workspace's valid assignees; for Sequence their order is the review order, so it can be changed.
 */
import type { Schema } from '@reviewdesk/api-client';
import { Button, Select, Switch, useApiClient } from '@reviewdesk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AdminPanelsEventProps } from '../../events';
import { useAdminPanelsTranslation } from '../../i18n/resources';
import { moveItem } from '../../shared/moveItem';
import { QueryStates } from '../../shared/QueryStates';
import { useSaveReporter } from '../../shared/useSaveReporter';

type Order = Schema<'AssignmentOrder'>;
const ORDERS = [
  { value: 10, key: 'anyUser' },
  { value: 20, key: 'anyOrder' },
  { value: 30, key: 'sequence' },
] as const satisfies ReadonlyArray<{ value: Order; key: string }>;

export interface DefaultAssignmentTabProps extends Pick<AdminPanelsEventProps, 'onSaved' | 'onError'> {
  workspaceId: string;
}

export function DefaultAssignmentTab({ workspaceId, ...events }: DefaultAssignmentTabProps) {
  const api = useApiClient();
  const current = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/DefaultAssignments', {
      params: { query: { workspaceId } },
    }),
  );
  const candidates = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/ValidUsersForTaskAssignment', {
      params: { query: { workspaceId, includeSelf: true } },
    }),
  );
  return (
    <QueryStates query={current}>
      {(saved) => (
        <AssignmentForm
          key={current.dataUpdatedAt}
          workspaceId={workspaceId}
          saved={saved}
          candidates={candidates.data ?? []}
          {...events}
        />
      )}
    </QueryStates>
  );
}

function AssignmentForm({
  workspaceId,
  saved,
  candidates,
  ...events
}: DefaultAssignmentTabProps & {
  saved: Schema<'DefaultAssignments'>;
  candidates: readonly Schema<'ValidUserForTaskAssignment'>[];
}) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const report = useSaveReporter(events);
  const [enabled, setEnabled] = useState(saved.isEnabled);
  const [order, setOrder] = useState<Order>(saved.orderType);
  const [people, setPeople] = useState(saved.users);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const dirty =
    enabled !== saved.isEnabled ||
    order !== saved.orderType ||
    people.map((p) => p.userId).join() !== saved.users.map((p) => p.userId).join();
  const missingPeople = enabled && people.length === 0;
  const label = (p: Schema<'ValidUserForTaskAssignment'>) => p.name || p.userName || p.email || p.userId;
  const addable = candidates.filter((c) => c.isValidForTaskAssignment && !people.some((p) => p.userId === c.userId));

  const save = useMutation({
    mutationFn: async () => {
      const { data } = await api.PATCH('/api/v{version}/SdWorkspace/DefaultAssignments/{workspaceId}', {
        params: { path: { workspaceId }, query: { isEnabled: enabled, orderType: order } },
        body: people.map((p) => p.userId),
      });
      return data;
    },
    onSuccess: () => {
      setServerError(null);
      void queryClient.invalidateQueries({ predicate: (q) => /DefaultAssignments/.test(String(q.queryKey[1])) });
      report.saved({ screen: 'workspace', tab: 'default-assignment', workspaceId });
    },
    onError: (error: Error) => setServerError(report.failed(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (missingPeople || !dirty) return;
    save.mutate();
  };

  return (
    <form className="rd-admin__form" onSubmit={submit} noValidate data-testid="workspace.assignment">
      <Switch
        label={t('workspace.assignment.enabled')}
        hint={t('workspace.assignment.enabledHint')}
        checked={enabled}
        onChange={(e) => setEnabled(e.target.checked)}
        data-testid="workspace.assignment.enabled"
      />
      <fieldset className="rd-admin__group" disabled={!enabled}>
        <legend className="rd-admin__legend">{t('workspace.assignment.order')}</legend>
        {ORDERS.map(({ value, key }) => (
          <label key={value} className="rd-admin__choice">
            <input
              type="radio"
              name={`rd-assignment-order-${workspaceId}`}
              className="rd-focusable"
              checked={order === value}
              onChange={() => setOrder(value)}
              data-testid={`workspace.assignment.order.${value}`}
            />
            <span>
              <span className="rd-admin__choice-title">{t(`workspace.assignment.orders.${key}`)}</span>
              <span className="rd-admin__muted">{t(`workspace.assignment.orders.${key}Hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="rd-admin__group" disabled={!enabled}>
        <legend className="rd-admin__legend">{t('workspace.assignment.people')}</legend>
        {people.length === 0 ? <p className="rd-admin__muted">{t('workspace.assignment.nobody')}</p> : null}
        <ol className="rd-admin__ordered" data-testid="workspace.assignment.people">
          {people.map((person, index) => (
            <li key={person.userId} className="rd-admin__ordered-item">
              <span className="rd-admin__ordered-label">{label(person)}</span>
              {order === 30 ? (
                <>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={index === 0}
                    onClick={() => setPeople(moveItem(people, index, index - 1))}
                    aria-label={t('workspace.assignment.moveUp', { name: label(person) })}
                  >
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={index === people.length - 1}
                    onClick={() => setPeople(moveItem(people, index, index + 1))}
                    aria-label={t('workspace.assignment.moveDown', { name: label(person) })}
                  >
                    ↓
                  </Button>
                </>
              ) : null}
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setPeople(people.filter((p) => p.userId !== person.userId))}
                aria-label={t('workspace.assignment.remove', { name: label(person) })}
              >
                ✕
              </Button>
            </li>
          ))}
        </ol>
        <Select
          label={t('workspace.assignment.add')}
          value=""
          placeholder={t('workspace.assignment.choose')}
          options={addable.map((c) => ({ value: c.userId, label: label(c) }))}
          onChange={(e) => {
            const chosen = addable.find((c) => c.userId === e.target.value);
            if (chosen) setPeople([...people, chosen]);
          }}
          error={touched && missingPeople ? t('workspace.assignment.needsPeople') : null}
          data-testid="workspace.assignment.add"
        />
      </fieldset>
      {serverError ? (
        <p className="rd-field__error" role="alert" data-testid="workspace.assignment.error">
          {serverError}
        </p>
      ) : null}
      <div className="rd-admin__actions">
        {dirty ? <span className="rd-admin__dirty">{t('common.unsaved')}</span> : null}
        <Button
          type="submit"
          variant="primary"
          disabled={!dirty}
          loading={save.isPending}
          data-testid="workspace.assignment.save"
        >
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
