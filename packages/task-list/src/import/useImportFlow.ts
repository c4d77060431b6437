/**
 * The import dialog's place in the list: who may open it, a created task refreshes the list and is
 * reported, and "open" afterwards opens the one new task or shows the newest in To review.
 */
import { useCan } from '@reviewdesk/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useCallback, useState } from 'react';
import { invalidateTaskQueries } from '../actions/useRowActionHandler';
import type { OpenTaskEvent, TaskImportedEvent } from '../events';
import { IMPORT_OPERATION, type SupportsOperation } from '../model/operations';
import type { TaskListTab } from '../model/query';
import type { TaskType } from '../model/taskKinds';
import type { TaskListStore } from '../state/taskListStore';

/** The host's props the flow reads at the moment it needs them. */
export interface ImportFlowHost {
  workspaceId: string;
  tab?: TaskListTab;
  onOpenTask?: (event: OpenTaskEvent) => void;
  onTabChange?: (tab: TaskListTab) => void;
  onTaskImported?: (event: TaskImportedEvent) => void;
}

export interface ImportFlowOptions {
  host: RefObject<ImportFlowHost>;
  store: TaskListStore;
  supports: SupportsOperation;
  /** The workspace's task type and whether it is media, as known now. */
  kind: RefObject<{ taskType: TaskType | null; media: boolean }>;
}

export function useImportFlow({ host, store, supports, kind }: ImportFlowOptions) {
  const can = useCan();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  const onTaskCreated = useCallback(
    (created: TaskImportedEvent) => {
      void invalidateTaskQueries(queryClient);
      host.current.onTaskImported?.(created);
    },
    [queryClient, host],
  );
  const onOpenImported = useCallback(
    (created: { taskId: string; fileName: string }[]) => {
      setOpen(false);
      const [only] = created;
      if (created.length === 1 && only) {
        host.current.onOpenTask?.({
          taskId: only.taskId,
          workspaceId: host.current.workspaceId,
          displayName: only.fileName,
          fromHistory: false,
          taskType: kind.current.taskType,
          media: kind.current.media,
        });
      } else {
        store.getState().showNewest();
        const controlled = host.current.tab;
        if (controlled && controlled !== 'to-review') host.current.onTabChange?.('to-review');
      }
    },
    [store, host, kind],
  );
  return {
    open,
    /** Opens the dialog; undefined when the caller may not import or the server does not. */
    openImport: can('Task.Import') && supports(IMPORT_OPERATION) ? show : undefined,
    close,
    onTaskCreated,
    onOpenImported,
  };
}
