/**
 * The local UI state of one task list: tab, paging, sort, search, filters, selection and the
 * columns shown. A zustand vanilla store created per mount (two lists on a page never share it).
 * Server data is NOT here: it lives in React Query, whose structural sharing is what lets
 * unchanged rows keep their identity across refreshes.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { EMPTY_FILTERS, SORT_FIELDS, type TaskFilters, type TaskListTab, type TaskSort } from '../model/query';

/** Default rows per page. */
export const DEFAULT_PAGE_SIZE = 25;
/** Page sizes the user can pick. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface TaskListState {
  tab: TaskListTab;
  pageNumber: number;
  pageSize: number;
  /** Continuation tokens of the archive pages visited so far; index 0 is the first page (null). */
  archiveTokens: readonly (string | null)[];
  sort: TaskSort | null;
  search: string;
  filters: TaskFilters;
  /** Ticked task ids (a record, so a toggle copies only the keys, not the rows). */
  selected: Readonly<Record<string, true>>;
  /** "All tasks matching the filters" instead of the ticked ids. */
  allMatching: boolean;

  setTab(tab: TaskListTab): void;
  setPage(pageNumber: number): void;
  setPageSize(pageSize: number): void;
  nextArchivePage(token: string): void;
  previousArchivePage(): void;
  setSort(sort: TaskSort | null): void;
  setSearch(search: string): void;
  setFilters(filters: TaskFilters): void;
  toggleSelected(taskId: string): void;
  setPageSelected(taskIds: readonly string[], selected: boolean): void;
  selectAllMatching(): void;
  clearSelection(): void;
  /** The to-review tab, newest first, nothing filtered: where freshly imported tasks are. */
  showNewest(): void;
}

export type TaskListStore = StoreApi<TaskListState>;

/** Anything that changes WHICH tasks are listed starts over at page 1 with nothing selected. */
const restart = { pageNumber: 1, archiveTokens: [null], selected: {}, allMatching: false } as const;

export function createTaskListStore(initial: {
  tab: TaskListTab;
  pageSize?: number;
  /** Filters set from the start (e.g. a batch opened from the batch list). */
  filters?: Partial<TaskFilters>;
}): TaskListStore {
  return createStore<TaskListState>()((set) => ({
    tab: initial.tab,
    pageNumber: 1,
    pageSize: initial.pageSize ?? DEFAULT_PAGE_SIZE,
    archiveTokens: [null],
    sort: null,
    search: '',
    filters: initial.filters ? { ...EMPTY_FILTERS, ...initial.filters } : EMPTY_FILTERS,
    selected: {},
    allMatching: false,

    setTab: (tab) => set((s) => (s.tab === tab ? s : { tab, ...restart, sort: null })),
    setPage: (pageNumber) => set({ pageNumber: Math.max(1, pageNumber) }),
    setPageSize: (pageSize) => set({ pageSize, ...restart }),
    nextArchivePage: (token) => set((s) => ({ archiveTokens: [...s.archiveTokens, token] })),
    previousArchivePage: () =>
      set((s) => (s.archiveTokens.length > 1 ? { archiveTokens: s.archiveTokens.slice(0, -1) } : s)),
    setSort: (sort) => set({ sort, ...restart }),
    setSearch: (search) => set({ search, ...restart }),
    setFilters: (filters) => set({ filters, ...restart }),
    toggleSelected: (taskId) =>
      set((s) => {
        const selected = { ...s.selected };
        if (selected[taskId]) delete selected[taskId];
        else selected[taskId] = true;
        return { selected, allMatching: false };
      }),
    setPageSelected: (taskIds, value) =>
      set((s) => {
        const selected = { ...s.selected };
        for (const id of taskIds) {
          if (value) selected[id] = true;
          else delete selected[id];
        }
        return { selected, allMatching: false };
      }),
    selectAllMatching: () => set({ allMatching: true }),
    clearSelection: () => set({ selected: {}, allMatching: false }),
    showNewest: () =>
      set({
        tab: 'to-review',
        ...restart,
        search: '',
        filters: EMPTY_FILTERS,
        sort: { field: SORT_FIELDS.createdOn ?? 'createdOn', descending: true },
      }),
  }));
}
