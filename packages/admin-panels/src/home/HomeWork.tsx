/**
 * The person's work at a glance: tasks to review in each of their workspaces
 * (SdTask/GetTotalToReviewByWorkSpaceId over SdWorkspace/UserWorkspaces) and the newest tasks
 * ready for them to review (SdTask/GetReadyToReview).
 */
import { enumCodeOf } from '@reviewdesk/api-client';
import { isMediaTaskType, TaskStatusBadge, useApiClient } from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';
import { useAdminPanelsTranslation } from '../i18n/resources';
import { QueryStates } from '../shared/QueryStates';
import type { HomeOpenTaskEvent } from './events';

const RECENT = 5;

export interface HomeWorkProps {
  onOpenTask?: (event: HomeOpenTaskEvent) => void;
  onOpenWorkspace?: (workspaceId: string) => void;
}

/** Test ids: `home.to-review`, `home.to-review.<workspaceId>`, `home.recent`, `home.recent.<taskId>`. */
export function HomeWork({ onOpenTask, onOpenWorkspace }: HomeWorkProps) {
  const { t } = useAdminPanelsTranslation();
  const api = useApiClient();
  const workspaces = useQuery(
    api.queryOptions('get', '/api/v{version}/SdWorkspace/UserWorkspaces', {
      params: { query: { workspaceType: enumCodeOf('WorkspaceType', 'Standard') } },
    }),
  );
  const ids = (workspaces.data ?? []).map((w) => w.workspaceId);
  const counts = useQuery({
    ...api.queryOptions('post', '/api/v{version}/SdTask/GetTotalToReviewByWorkSpaceId', { body: ids }),
    enabled: ids.length > 0,
  });
  // The tasks of the same workspaces as the counts: tasks of labelling workspaces are labelled in
  // their own list, not reviewed from here (and no workspace could be named for them).
  const recent = useQuery({
    ...api.queryOptions('post', '/api/v{version}/SdTask/GetReadyToReview', {
      body: { workspaceIds: ids, pageNumber: 1, pageSize: RECENT },
    }),
    enabled: ids.length > 0,
  });
  const noWorkspaces = workspaces.isSuccess && ids.length === 0;
  const countOf = new Map((counts.data ?? []).map((c) => [c.workSpaceId, c.totalTasksToReview]));
  const workspaceOf = new Map((workspaces.data ?? []).map((w) => [w.workspaceId, w]));

  return (
    <>
      <section className="rd-admin-home__work" aria-labelledby="rd-admin-home-to-review" data-testid="home.to-review">
        <h3 id="rd-admin-home-to-review" className="rd-admin-home__heading">
          {t('home.toReview')}
        </h3>
        <QueryStates query={workspaces}>
          {(list) => (
            <ul className="rd-admin-home__counts">
              {list.map((w) => (
                <li key={w.workspaceId} data-testid={`home.to-review.${w.workspaceId}`}>
                  <button
                    type="button"
                    className="rd-admin-home__count"
                    onClick={() => onOpenWorkspace?.(w.workspaceId)}
                  >
                    <span className="rd-admin-home__count-name">{w.workspaceName}</span>
                    <span className="rd-admin-home__count-value">
                      {counts.data ? t('home.toReviewCount', { count: countOf.get(w.workspaceId) ?? 0 }) : '…'}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </section>
      <section className="rd-admin-home__work" aria-labelledby="rd-admin-home-recent" data-testid="home.recent">
        <h3 id="rd-admin-home-recent" className="rd-admin-home__heading">
          {t('home.recent')}
        </h3>
        {noWorkspaces ? (
          <p className="rd-admin-home__empty">{t('home.noRecent')}</p>
        ) : (
          <QueryStates query={recent}>
            {(page) =>
              page.items.length === 0 ? (
                <p className="rd-admin-home__empty">{t('home.noRecent')}</p>
              ) : (
                <ul className="rd-admin-home__recent">
                  {page.items.map((task) => {
                    const taskType = workspaceOf.get(task.workspaceId)?.taskType ?? null;
                    return (
                      <li key={task.id} className="rd-admin-home__recent-item">
                        <button
                          type="button"
                          className="rd-admin-home__hit-name"
                          data-testid={`home.recent.${task.id}`}
                          onClick={() =>
                            onOpenTask?.({
                              taskId: task.id,
                              workspaceId: task.workspaceId,
                              displayName: task.displayName,
                              taskType,
                              media: isMediaTaskType(taskType),
                              fromHistory: false,
                              pageNumber: null,
                              startTimeSeconds: null,
                              matchedWords: null,
                            })
                          }
                        >
                          {task.displayName}
                        </button>
                        <span className="rd-admin-home__recent-workspace">
                          {workspaceOf.get(task.workspaceId)?.workspaceName}
                        </span>
                        <TaskStatusBadge status={task.status} />
                      </li>
                    );
                  })}
                </ul>
              )
            }
          </QueryStates>
        )}
      </section>
    </>
  );
}
