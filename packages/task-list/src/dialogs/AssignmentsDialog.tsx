/**
 * Edit who reviews a task and in which order (AnyUser / AnyOrder / Sequence, spec §3). The users
 * offered are the workspace's valid users for task assignment; the order of ticking is the
 * sequence. Saving calls UpdateTaskAssignment; "remove" clears the assignment.
 */
import { type ApiCallError, enumCodeOf, type Schema } from '@reviewdesk/api-client';
import { Button, Checkbox, Dialog, EmptyState, ErrorState, LoadingState, Select, useApiClient } from '@reviewdesk/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TaskRowData } from '../data/useTaskPage';
import { useTaskListTranslation } from '../i18n/resources';

const ORDERS = ['AnyUser', 'AnyOrder', 'Sequence'] as const;
type Order = (typeof ORDERS)[number];

export interface AssignmentsDialogProps {
  task: TaskRowData;
  onClose: () => void;
  onSaved: (task: TaskRowData) => void;
  onError: (error: ApiCallError) => void;
}

export function AssignmentsDialog({ task, onClose, onSaved, onError }: AssignmentsDialogProps) {
  const { t } = useTaskListTranslation();
  const api = useApiClient();
  const [userIds, setUserIds] = useState<string[]>(() => (task.assignmentUsers ?? []).map((u) => u.userId));
  const initialOrder = ORDERS.find((o) => enumCodeOf('AssignmentOrder', o) === task.assignmentOrderType) ?? 'AnyUser';
  const [order, setOrder] = useState<Order>(initialOrder);
  const users = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/ValidUsersForTaskAssignment', {
      params: { query: { workspaceId: task.workspaceId, includeSelf: true } },
    }),
  );
  const save = useMutation({
    ...api.mutationOptions('post', '/api/v{version}/SdTask/UpdateTaskAssignment'),
    onSuccess: () => onSaved(task),
    onError,
  });
  const submit = (removeAssignment: boolean) =>
    save.mutate({
      params: {
        query: {
          taskId: task.id,
          orderType: enumCodeOf('AssignmentOrder', order) as Schema<'AssignmentOrder'>,
          removeAssignment,
        },
      },
      body: removeAssignment ? [] : userIds,
    });

  const valid = (users.data ?? []).filter((u) => u.isValidForTaskAssignment);
  return (
    <Dialog
      open
      onOpenChange={onClose}
      title={t('assignments.title', { name: task.displayName })}
      footer={
        <>
          <Button variant="ghost" onClick={() => submit(true)} disabled={save.isPending}>
            {t('assignments.remove')}
          </Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            variant="primary"
            loading={save.isPending}
            disabled={userIds.length === 0}
            onClick={() => submit(false)}
          >
            {t('assignments.save')}
          </Button>
        </>
      }
    >
      <Select
        label={t('assignments.order')}
        value={order}
        onChange={(event) => setOrder(event.target.value as Order)}
        options={ORDERS.map((o) => ({ value: o, label: t(`assignments.orders.${o}`) }))}
      />
      <fieldset className="rd-task-list__fieldset">
        <legend className="rd-field__label">{t('assignments.users')}</legend>
        {users.isPending ? <LoadingState /> : null}
        {users.isError ? <ErrorState onRetry={() => void users.refetch()} /> : null}
        {users.isSuccess && valid.length === 0 ? <EmptyState title={t('assignments.noUsers')} description="" /> : null}
        {valid.map((user) => {
          const position = userIds.indexOf(user.userId);
          const label = user.name || user.userName || user.email || user.userId;
          return (
            <Checkbox
              key={user.userId}
              label={order === 'Sequence' && position >= 0 ? `${position + 1}. ${label}` : label}
              checked={position >= 0}
              onChange={(event) =>
                setUserIds((current) =>
                  event.target.checked ? [...current, user.userId] : current.filter((id) => id !== user.userId),
                )
              }
            />
          );
        })}
      </fieldset>
    </Dialog>
  );
}
