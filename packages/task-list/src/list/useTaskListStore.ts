/**
 * The list's own store, created once per mount, kept in step with the host: a controlled tab
 * wins, a new workspace starts the list over, and selection changes are reported as events.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { SelectionChangeEvent } from '../events';
import type { TaskFilters, TaskListTab } from '../model/query';
import { createTaskListStore } from '../state/taskListStore';

export interface TaskListStoreOptions {
  workspaceId: string;
  tab?: TaskListTab;
  defaultTab?: TaskListTab;
  pageSize?: number;
  initialFilters?: Partial<TaskFilters>;
  onSelectionChange?: (event: SelectionChangeEvent) => void;
}

export function useTaskListStore(options: TaskListStoreOptions) {
  const latest = useRef(options);
  latest.current = options;
  const [store] = useState(() =>
    createTaskListStore({
      tab: options.tab ?? options.defaultTab ?? 'to-review',
      pageSize: options.pageSize,
      filters: options.initialFilters,
    }),
  );
  const state = useStore(store);
  useEffect(() => {
    if (options.tab) store.getState().setTab(options.tab);
  }, [options.tab, store]);
  // A new workspace is a new list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the workspace is the trigger
  useEffect(() => {
    store.getState().setFilters(store.getState().filters);
  }, [options.workspaceId]);
  useEffect(
    () =>
      store.subscribe((next, previous) => {
        if (next.selected !== previous.selected || next.allMatching !== previous.allMatching) {
          latest.current.onSelectionChange?.({ taskIds: Object.keys(next.selected), allMatching: next.allMatching });
        }
      }),
    [store],
  );
  return { store, state, tab: options.tab ?? state.tab };
}
