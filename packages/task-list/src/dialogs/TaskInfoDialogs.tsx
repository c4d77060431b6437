/**
 * Read-only dialogs of a task: its events as a timeline (event-inspector), its index logs and
 * its share history. Each loads when opened and shows loading, empty and error states.
 */
import { type ApiCallError, enumCodeOf, isApiError, type Schema } from '@reviewdesk/api-client';
import {
  clockTime,
  Dialog,
  EmptyState,
  ErrorState,
  inOrderOfHappening,
  LoadingState,
  useApiClient,
} from '@reviewdesk/ui';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTaskListTranslation } from '../i18n/resources';
import { useDateFormatter } from '../shared/useDateFormatter';

export interface TaskRef {
  id: string;
  displayName: string;
}

function QueryBody<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T[] | null, ApiCallError>;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTaskListTranslation();
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    const notHere = isApiError(query.error) && query.error.status === 501;
    return (
      <ErrorState
        description={notHere ? t('list.notAvailable') : query.error.message}
        onRetry={notHere ? undefined : () => void query.refetch()}
      />
    );
  }
  const items = query.data ?? [];
  if (items.length === 0) return <EmptyState title={empty} description="" />;
  return <>{children(items)}</>;
}

/** The events of a task in the order they happened, as a timeline. */
export function EventInspectorDialog({ task, onClose }: { task: TaskRef; onClose: () => void }) {
  const { t } = useTaskListTranslation();
  const api = useApiClient();
  const formatDate = useDateFormatter(true);
  const query = useQuery(
    api.queryOptions('get', '/api/v{version}/SdTask/Events/{taskId}', { params: { path: { taskId: task.id } } }),
  );
  return (
    <Dialog open onOpenChange={onClose} size="lg" title={t('events.title', { name: task.displayName })}>
      <QueryBody query={query} empty={t('events.empty')}>
        {(events) => (
          <ol className="rd-task-list__timeline" data-testid="event-inspector.timeline">
            {inOrderOfHappening(events).map((event, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: read-only and never reordered; events have no id
              <li key={index} className="rd-task-list__event">
                <span className="rd-task-list__event-dot" aria-hidden="true" />
                <time className="rd-task-list__event-time" dateTime={event.createdOn}>
                  {formatDate(event.createdOn)}
                </time>
                <span className="rd-task-list__event-text">{event.eventDescription}</span>
                {event.eventSourceText ? (
                  <span className="rd-task-list__event-meta">
                    {t('events.source', { source: event.eventSourceText })}
                  </span>
                ) : null}
                {event.payload ? (
                  <details className="rd-task-list__event-payload">
                    <summary>{t('events.payload')}</summary>
                    <pre>{event.payload}</pre>
                  </details>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </QueryBody>
    </Dialog>
  );
}

/** The index logs of a (transcript or subtitles) task. */
export function IndexLogsDialog({ task, onClose }: { task: TaskRef; onClose: () => void }) {
  const { t } = useTaskListTranslation();
  const api = useApiClient();
  const formatDate = useDateFormatter(true);
  const query = useQuery(
    api.queryOptions('get', '/api/v{version}/Index/logs/{taskId}', { params: { path: { taskId: task.id } } }),
  );
  return (
    <Dialog open onOpenChange={onClose} size="lg" title={t('indexLogs.title', { name: task.displayName })}>
      <QueryBody query={query} empty={t('indexLogs.empty')}>
        {(logs) => (
          <ol className="rd-task-list__timeline">
            {logs.map((log) => (
              <li key={`${log.createdOn}-${log.indexStatus}-${log.logMessage ?? ''}`} className="rd-task-list__event">
                <span className="rd-task-list__event-dot" aria-hidden="true" />
                <time className="rd-task-list__event-time" dateTime={log.createdOn}>
                  {formatDate(log.createdOn)}
                </time>
                <span className="rd-task-list__event-text">{log.indexStatusText ?? log.indexStatus}</span>
                {log.logMessage ? <span className="rd-task-list__event-meta">{log.logMessage}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </QueryBody>
    </Dialog>
  );
}

const SHARE_STATUS = { 10: 'Generating', 20: 'Failed', 30: 'Success', 40: 'Expired' } as const;

/** Who the task was shared with, and how the shares stand. */
export function ShareHistoryDialog({ task, onClose }: { task: TaskRef; onClose: () => void }) {
  const { t } = useTaskListTranslation();
  const api = useApiClient();
  const formatDate = useDateFormatter(true);
  const query = useQuery(
    api.queryOptions('get', '/api/v{version}/SdTaskShare/GetTaskShareHistoryDetails/{taskId}', {
      params: { path: { taskId: task.id } },
    }),
  );
  // A segment names its stretch of the recording; a share of the task says it went by e-mail.
  const shareKind = (share: Schema<'ShareRecord'>) => {
    if (share.shareType !== enumCodeOf('ShareType', 'MediaSegment')) return t('shareHistory.byEmail');
    return t('shareHistory.segment', {
      start: clockTime(share.inputConfig?.segmentStartSeconds ?? 0),
      end: clockTime(share.inputConfig?.segmentEndSeconds ?? 0),
    });
  };
  return (
    <Dialog open onOpenChange={onClose} size="lg" title={t('shareHistory.title', { name: task.displayName })}>
      <QueryBody query={query} empty={t('shareHistory.empty')}>
        {(shares) => (
          <ol className="rd-task-list__timeline" data-testid="share-history.timeline">
            {shares.map((share) => (
              <li key={share.id} className="rd-task-list__event">
                <span className="rd-task-list__event-dot" aria-hidden="true" />
                <time className="rd-task-list__event-time" dateTime={share.createdOn}>
                  {formatDate(share.createdOn)}
                </time>
                <span className="rd-task-list__event-text">
                  {t(
                    `shareHistory.status.${SHARE_STATUS[share.shareStatus as keyof typeof SHARE_STATUS] ?? 'Generating'}`,
                  )}
                </span>
                <span className="rd-task-list__event-meta">{shareKind(share)}</span>
                {share.inputConfig?.recipientEmails?.length ? (
                  <span className="rd-task-list__event-meta">
                    {t('shareHistory.recipients', { list: share.inputConfig.recipientEmails.join(', ') })}
                  </span>
                ) : null}
                {share.inputConfig?.shareDescription ? (
                  <span className="rd-task-list__event-meta">«{share.inputConfig.shareDescription}»</span>
                ) : null}
                {share.expiresOn ? (
                  <span className="rd-task-list__event-meta">
                    {t('shareHistory.expires', { date: formatDate(share.expiresOn) })}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </QueryBody>
    </Dialog>
  );
}
