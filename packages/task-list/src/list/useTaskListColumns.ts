/**
 * The columns of a workspace's list: the optional ones, the workspace's detected fields (for whom
 * may see them), and which are shown, remembered per workspace and user. Also what the workspace
 * is (its task type), which decides how its tasks open.
 */
import { useApiClient, useCan } from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { isLabellingTaskType, isMediaTaskType } from '../model/taskKinds';
import { type ColumnStorage, createColumnPreferencesStore } from '../state/columnPreferences';
import { detectedFieldColumn, LABELLING_COLUMN, OPTIONAL_COLUMNS } from './columns';

const browserStorage = (): ColumnStorage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

export interface TaskListColumnsOptions {
  workspaceId: string;
  userId?: string | null;
  /** `undefined`: the browser's localStorage; `null`: in memory. */
  columnsStorage?: ColumnStorage | null;
}

export function useTaskListColumns({ workspaceId, userId = null, columnsStorage }: TaskListColumnsOptions) {
  const api = useApiClient();
  const can = useCan();
  const storage = columnsStorage === undefined ? browserStorage() : columnsStorage;
  const columnStore = useMemo(
    () => createColumnPreferencesStore({ workspaceId, userId, storage }),
    [workspaceId, userId, storage],
  );
  const visibleColumnIds = useStore(columnStore, (s) => s.visible);
  const config = useQuery({
    ...api.queryOptions('get', '/api/v{version}/SdWorkspace/GetWorkspaceCustomConfig', {
      params: { query: { workspaceId } },
    }),
    enabled: Boolean(workspaceId),
  });
  const taskType = config.data?.taskType ?? null;
  const labelling = isLabellingTaskType(taskType);
  const columns = useMemo(
    () => [
      // A training workspace's tasks carry their labelling status, shown after the task's status.
      ...OPTIONAL_COLUMNS.flatMap((column) =>
        labelling && column.id === 'status' ? [column, LABELLING_COLUMN] : [column],
      ),
      ...(can('Task.CustomColumns') ? (config.data?.detectableFields ?? []).map(detectedFieldColumn) : []),
    ],
    [can, config.data?.detectableFields, labelling],
  );
  return { columnStore, visibleColumnIds, columns, taskType, media: isMediaTaskType(taskType) };
}
