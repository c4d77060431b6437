/**
 * `<BatchList>`: the batches of a workspace (spec §2 /batch/list), paginated, open / closed,
 * with their totals (tasks, and tasks in the history), create and delete with confirmation.
 */
import type { ApiCallError, Schema } from '@reviewdesk/api-client';
import {
  Button,
  Dialog,
  EmptyState,
  ErrorState,
  Input,
  LoadingState,
  PermissionDeniedState,
  Switch,
  Tabs,
  useApiClient,
  useCan,
  useReviewdesk,
} from '@reviewdesk/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import type { OpenBatchEvent } from '../events';
import { useTaskListStrings, useTaskListTranslation } from '../i18n/resources';
import { Pager } from '../list/Pager';
import { opensElsewhere } from '../shared/links';
import { useDateFormatter } from '../shared/useDateFormatter';

/** Props of {@link BatchList}. */
export interface BatchListProps {
  workspaceId: string;
  /** @default 25 */
  pageSize?: number;
  /**
   * A batch was opened (its name): show its tasks, e.g. route to the task list with
   * `initialFilters={{ batchId }}`. Without it (and without `batchHref`) names are plain text.
   */
  onOpenBatch?: (event: OpenBatchEvent) => void;
  /**
   * The address of a batch's tasks, so its name is a real link (open in a new tab); a plain click
   * still calls `onOpenBatch` when given.
   * @example batchHref={(batch) => `/task/list?batchId=${batch.batchId}`}
   */
  batchHref?: (batch: OpenBatchEvent) => string | undefined;
  /** A call failed (the list also shows it). */
  onError?: (error: ApiCallError | Error) => void;
  className?: string;
}

/** A batch's name: a link and/or a button that opens its tasks, or text when the host offers neither. */
function BatchName({
  batch,
  href,
  onOpen,
}: {
  batch: OpenBatchEvent;
  href: string | undefined;
  onOpen: ((event: OpenBatchEvent) => void) | undefined;
}) {
  const { t } = useTaskListTranslation();
  const label = t('batches.openTasks', { name: batch.displayName });
  if (href) {
    return (
      <a
        href={href}
        className="rd-task-list__open rd-focusable"
        title={label}
        onClick={(event) => {
          if (!onOpen || opensElsewhere(event)) return;
          event.preventDefault();
          onOpen(batch);
        }}
        data-testid={`batches.open.${batch.batchId}`}
      >
        {batch.displayName}
      </a>
    );
  }
  if (onOpen) {
    return (
      <button
        type="button"
        className="rd-task-list__open rd-focusable"
        title={label}
        onClick={() => onOpen(batch)}
        data-testid={`batches.open.${batch.batchId}`}
      >
        {batch.displayName}
      </button>
    );
  }
  return <>{batch.displayName}</>;
}

type BatchFilter = 'all' | 'open' | 'closed';

/**
 * The batches of a workspace.
 * @example
 * <BatchList workspaceId={id} />
 */
export function BatchList(props: BatchListProps) {
  useTaskListStrings();
  const can = useCan();
  if (!can('Batches.ListBatches')) return <PermissionDeniedState />;
  return <BatchListView {...props} />;
}

function CreateBatchDialog({
  workspaceId,
  onClose,
  onCreated,
}: {
  workspaceId: string;
  onClose: () => void;
  onCreated: (b: Schema<'Batch'>) => void;
}) {
  const { t } = useTaskListTranslation();
  const api = useApiClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isOpen, setIsOpen] = useState(true);
  const [touched, setTouched] = useState(false);
  const create = useMutation({ ...api.mutationOptions('post', '/api/v{version}/SdBatch'), onSuccess: onCreated });
  const submit = () => {
    setTouched(true);
    if (!name.trim()) return;
    create.mutate({ body: { displayName: name.trim(), description: description.trim() || null, workspaceId, isOpen } });
  };
  return (
    <Dialog
      open
      onOpenChange={onClose}
      title={t('batches.createTitle')}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="primary" loading={create.isPending} onClick={submit} data-testid="batches.create.submit">
            {t('common.create')}
          </Button>
        </>
      }
    >
      <Input
        label={t('batches.name')}
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={touched && !name.trim() ? t('batches.nameRequired') : create.error?.message}
        data-testid="batches.create.name"
      />
      <Input
        label={t('batches.description')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <Switch label={t('batches.isOpen')} checked={isOpen} onChange={(event) => setIsOpen(event.target.checked)} />
    </Dialog>
  );
}

function BatchListView({
  workspaceId,
  pageSize: initialSize = 25,
  onOpenBatch,
  batchHref,
  onError,
  className,
}: BatchListProps) {
  const { t, culture } = useTaskListTranslation();
  const api = useApiClient();
  const can = useCan();
  const { notices } = useReviewdesk();
  const queryClient = useQueryClient();
  const formatDate = useDateFormatter(true);
  const [filter, setFilter] = useState<BatchFilter>('all');
  const [pageNumber, setPageNumber] = useState(1);
  const [pageSize, setPageSize] = useState(initialSize);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Schema<'Batch'> | null>(null);
  const number = new Intl.NumberFormat(culture);

  const batches = useQuery({
    ...api.queryOptions('post', '/api/v{version}/SdBatch/GetWithPagination/{workspaceId}', {
      params: { path: { workspaceId } },
      body: {
        pageNumber,
        pageSize,
        ...(filter === 'all' ? {} : { filters: [{ field: 'isOpen', operator: 'eq', value: filter === 'open' }] }),
      },
    }),
    placeholderData: keepPreviousData,
    enabled: Boolean(workspaceId),
  });
  const refresh = () => queryClient.invalidateQueries({ predicate: (q) => /\/SdBatch\//.test(String(q.queryKey[1])) });
  const remove = useMutation({
    mutationFn: async (batch: Schema<'Batch'>) => {
      await api.DELETE('/api/v{version}/SdBatch/{id}', { params: { path: { id: batch.batchId } } });
      return batch;
    },
    onSuccess: (batch) => {
      setDeleting(null);
      notices
        .getState()
        .show({ tone: 'success', message: t('batches.deleted', { name: batch.displayName }), durationMs: 5_000 });
      void refresh();
    },
    onError: (error: ApiCallError) => {
      setDeleting(null);
      notices.getState().show({ tone: 'error', message: t('actions.failed', { message: error.message }) });
      onError?.(error);
    },
  });

  const items = batches.data?.items ?? [];
  const table = batches.isPending ? (
    <LoadingState />
  ) : batches.isError ? (
    <ErrorState description={batches.error.message} onRetry={() => void batches.refetch()} />
  ) : items.length === 0 ? (
    <EmptyState title={t('batches.emptyTitle')} description={t('batches.emptyDescription')} />
  ) : (
    <div className="rd-task-list__scroll rd-task-list__scroll--auto">
      <table className="rd-table rd-task-list__table" data-testid="batches.table">
        <caption className="rd-visually-hidden">{t('batches.caption')}</caption>
        <thead className="rd-table__head rd-task-list__head">
          <tr>
            <th scope="col" className="rd-table__th">
              {t('batches.name')}
            </th>
            <th scope="col" className="rd-table__th">
              {t('batches.description')}
            </th>
            <th scope="col" className="rd-table__th">
              {t('batches.createdOn')}
            </th>
            <th scope="col" className="rd-table__th rd-table__cell--end">
              {t('batches.totalTasks')}
            </th>
            <th scope="col" className="rd-table__th rd-table__cell--end">
              {t('batches.totalTasksInHistory')}
            </th>
            <th scope="col" className="rd-table__th">
              {t('batches.state')}
            </th>
            <th scope="col" className="rd-table__th rd-task-list__actions">
              <span className="rd-visually-hidden">{t('batches.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="rd-table__body">
          {items.map((batch) => (
            <tr key={batch.batchId} className="rd-task-list__row" data-testid={`batches.row.${batch.batchId}`}>
              <td className="rd-table__td">
                <BatchName
                  batch={{ batchId: batch.batchId, workspaceId, displayName: batch.displayName }}
                  href={batchHref?.({ batchId: batch.batchId, workspaceId, displayName: batch.displayName })}
                  onOpen={onOpenBatch}
                />
              </td>
              <td className="rd-table__td">{batch.description ?? '—'}</td>
              <td className="rd-table__td">{formatDate(batch.createdOn)}</td>
              <td className="rd-table__td rd-table__cell--end">{number.format(batch.totalTasks)}</td>
              <td className="rd-table__td rd-table__cell--end">{number.format(batch.totalTasksInHistory)}</td>
              <td className="rd-table__td">
                <span className={`rd-task-list__chip rd-task-list__chip--${batch.isOpen ? 'open' : 'closed'}`}>
                  {batch.isOpen ? t('batches.open') : t('batches.closed')}
                </span>
              </td>
              <td className="rd-table__td rd-task-list__actions">
                {can('Batches.Delete') ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setDeleting(batch)}
                    aria-label={t('batches.delete', { name: batch.displayName })}
                  >
                    {t('common.delete')}
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

  const panel = (
    <>
      {table}
      {batches.data && items.length > 0 ? (
        <Pager
          pageNumber={batches.data.pageNumber}
          totalPages={batches.data.totalPages}
          totalCount={null}
          hasPrevious={batches.data.hasPreviousPage}
          hasNext={batches.data.hasNextPage}
          pageSize={pageSize}
          onPageSize={(size) => {
            setPageSize(size);
            setPageNumber(1);
          }}
          onPrevious={() => setPageNumber((n) => Math.max(1, n - 1))}
          onNext={() => setPageNumber((n) => n + 1)}
        />
      ) : null}
    </>
  );

  return (
    <div
      className={className ? `rd-task-list rd-batch-list ${className}` : 'rd-task-list rd-batch-list'}
      data-testid="batch-list"
    >
      <div className="rd-task-list__toolbar">
        <h2 className="rd-task-list__title">{t('batches.title')}</h2>
        <span className="rd-task-list__toolbar-spacer" />
        {can('Batches.CreateBatch') ? (
          <Button variant="primary" onClick={() => setCreating(true)} data-testid="batches.create">
            {t('batches.create')}
          </Button>
        ) : null}
      </div>
      <Tabs
        label={t('batches.filter')}
        selectedId={filter}
        onSelect={(id) => {
          setFilter(id as BatchFilter);
          setPageNumber(1);
        }}
        tabs={(['all', 'open', 'closed'] as const).map((id) => ({ id, label: t(`batches.${id}`), panel }))}
      />
      {creating ? (
        <CreateBatchDialog
          workspaceId={workspaceId}
          onClose={() => setCreating(false)}
          onCreated={(batch) => {
            setCreating(false);
            notices
              .getState()
              .show({ tone: 'success', message: t('batches.created', { name: batch.displayName }), durationMs: 5_000 });
            void refresh();
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          open
          title={t('batches.confirmDeleteTitle', { name: deleting.displayName })}
          body={t('batches.confirmDeleteBody', { count: deleting.totalTasks })}
          confirmLabel={t('common.delete')}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
