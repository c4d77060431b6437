import { ReviewdeskProvider } from '@reviewdesk/ui';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServer, makeTask, WORKSPACE_ID } from '../test/fakeApi';
import { TaskList, type TaskListProps } from './TaskList';

const abilities = [
  'Task.ListView',
  'Task.View',
  'Viewer.View',
  'Task.Delete',
  'Task.DeleteMany',
  'Task.ReprocessMany',
  'Task.Import',
].map((p) => {
  const [subject, action] = p.split('.') as [string, string];
  return { subject, action };
});

function setup(
  count: number,
  props: Partial<TaskListProps> = {},
  workspace: Parameters<typeof createFakeServer>[1] = {},
  extraAbilities: string[] = [],
) {
  const server = createFakeServer(
    Array.from({ length: count }, (_, i) => makeTask(i + 1)),
    workspace,
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const renders: string[] = [];
  const onRowRender = (id: string) => renders.push(id);
  const utils = render(
    <ReviewdeskProvider
      client={server.api}
      queryClient={queryClient}
      locale="en"
      abilities={[
        ...abilities,
        ...extraAbilities.map((p) => ({ subject: p.split('.')[0] ?? '', action: p.split('.')[1] ?? '' })),
      ]}
      preferencesStorage={null}
    >
      <TaskList
        workspaceId={WORKSPACE_ID}
        refreshIntervalMs={60_000}
        columnsStorage={null}
        diagnostics={{ onRowRender }}
        {...props}
      />
    </ReviewdeskProvider>,
  );
  const refresh = () =>
    act(() => queryClient.refetchQueries({ predicate: (q) => String(q.queryKey[1]).includes('GetWithPagination') }));
  return { ...utils, server, renders, refresh, queryClient };
}

describe('TaskList refresh', () => {
  it('re-renders no row when a refresh brings the same data, and only the changed row otherwise', async () => {
    const { server, renders, refresh } = setup(25);
    await screen.findByTestId(`task-list.row.${server.tasks[0]?.id}`);
    const mounted = document.querySelectorAll('[data-testid^="task-list.row."]').length;
    expect(mounted).toBeGreaterThan(10);
    expect(mounted).toBeLessThan(25); // virtualised: 800 px of 48 px rows plus overscan

    renders.length = 0;
    await refresh();
    const firstPageCalls = server.calls.filter(
      (c) =>
        c.path.includes('GetWithPagination') &&
        (c.body as { pageNumber: number; pageSize: number }).pageNumber === 1 &&
        (c.body as { pageSize: number }).pageSize === 25, // not the one-row query of the to-review count
    );
    expect(firstPageCalls.length).toBe(2);
    expect(renders).toEqual([]);

    // One task moves on: exactly that row renders again.
    const changed = server.tasks[2];
    if (!changed) throw new Error('fixture');
    server.tasks[2] = { ...changed, status: 70 };
    renders.length = 0;
    await refresh();
    await waitFor(() => expect(renders).toEqual([changed.id]));
  });

  it('keeps the selection across refreshes', async () => {
    const { server, refresh } = setup(5);
    const first = server.tasks[0];
    if (!first) throw new Error('fixture');
    const row = await screen.findByTestId(`task-list.row.${first.id}`);
    await userEvent.click(within(row).getByRole('checkbox'));
    await refresh();
    expect(within(screen.getByTestId(`task-list.row.${first.id}`)).getByRole('checkbox')).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByTestId('task-list.bulk').textContent).toContain('1 selected');
  });
});

describe('TaskList paging and events', () => {
  it('asks the server for the next page and reports opening a task', async () => {
    const onOpenTask = vi.fn();
    const { server } = setup(60, { onOpenTask });
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByTestId('task-list.next'));
    await screen.findByText('Page 2 of 3');
    // Page 2 was fetched ahead while page 1 was shown; page 3 is fetched ahead now.
    const pages = server.calls
      .filter((c) => c.path.includes('GetWithPagination'))
      .map((c) => (c.body as { pageNumber: number }).pageNumber);
    expect(pages).toContain(2);
    await waitFor(() => expect(server.calls.at(-1)?.body).toMatchObject({ pageNumber: 3, pageSize: 25 }));
    const task = server.tasks[25];
    if (!task) throw new Error('fixture');
    await userEvent.click(await screen.findByTestId(`task-list.open.${task.id}`));
    expect(onOpenTask).toHaveBeenCalledWith({
      taskId: task.id,
      workspaceId: WORKSPACE_ID,
      displayName: task.displayName,
      fromHistory: false,
      taskType: 'Invoice',
      media: false,
    });
  });

  it('sends the bulk selection of all matching tasks and shows what happened to each', async () => {
    const { server } = setup(30);
    await screen.findByText('Page 1 of 2');
    await userEvent.click(screen.getByTestId('task-list.select-page'));
    await userEvent.click(screen.getByTestId('task-list.select-all-matching'));
    await userEvent.click(screen.getByTestId('task-list.bulk.delete'));
    await userEvent.click(await screen.findByTestId('confirm.ok'));
    const summary = await screen.findByTestId('bulk.summary');
    expect(summary.textContent).toContain('Delete: 30 tasks done.');
    expect(screen.getByText("Task #2 'Invoice 2.pdf': in review by someone else.")).toBeTruthy();
    const call = server.calls.find((c) => c.path.endsWith('/SdTask/DeleteMany'));
    expect(call?.body).toMatchObject({ workspaceId: WORKSPACE_ID, allSelected: true, taskIdList: [], type: 10 });
  });

  it('sorts on the server when a column header is clicked', async () => {
    const { server } = setup(5);
    await userEvent.click(await screen.findByTestId('task-list.sort.displayName'));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path.includes('GetWithPagination')).at(-1)?.body).toMatchObject({
        sort: [{ field: 'displayName', descending: false }],
        pageNumber: 1,
      }),
    );
  });

  it('opens a row menu from the keyboard, with the actions the task and the user allow', async () => {
    const { server } = setup(3);
    const first = server.tasks[0];
    if (!first) throw new Error('fixture');
    await screen.findByTestId(`task-list.row.${first.id}`);
    const trigger = screen.getByRole('button', { name: `Actions for ${first.displayName}` });
    act(() => trigger.focus());
    // The real menu replaced the placeholder button and took the focus.
    const real = screen.getByRole('button', { name: `Actions for ${first.displayName}` });
    expect(document.activeElement).toBe(real);
    await userEvent.keyboard('{Enter}');
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual([
      'Open',
      'Reprocess',
      'Delete',
      'Export to Excel',
      'Export to CSV',
      'Export to JSON',
      'Export to XML',
      'Export to Word',
      'Share',
      'Share history',
    ]);
  });
});

const menuOf = async (taskId: string, name: string) => {
  await screen.findByTestId(`task-list.row.${taskId}`);
  act(() => screen.getByRole('button', { name: `Actions for ${name}` }).focus());
  await userEvent.keyboard('{Enter}');
  return (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
};

describe('TaskList first-hour details', () => {
  it('makes task names real links when the host gives an address; a plain click still opens in place', async () => {
    const onOpenTask = vi.fn();
    const taskHref = (task: { taskId: string }) => `/task/viewer?taskId=${task.taskId}`;
    const { server } = setup(3, { onOpenTask, taskHref });
    const task = server.tasks[0];
    if (!task) throw new Error('fixture');
    const link = await screen.findByTestId(`task-list.open.${task.id}`);
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe(`/task/viewer?taskId=${task.id}`);
    // A modified click is the browser's (new tab): the list does not open the task in place.
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(link);
    await user.keyboard('{/Control}');
    expect(onOpenTask).not.toHaveBeenCalled();
    await userEvent.click(link);
    expect(onOpenTask).toHaveBeenCalledWith(expect.objectContaining({ taskId: task.id }));
  });

  it('keeps names as buttons without an address', async () => {
    const { server } = setup(1);
    const task = server.tasks[0];
    if (!task) throw new Error('fixture');
    expect((await screen.findByTestId(`task-list.open.${task.id}`)).tagName).toBe('BUTTON');
  });

  it('searches as the user types, once typing pauses, and at once on Enter', async () => {
    const { server } = setup(3);
    await screen.findByText('Page 1 of 1');
    const searches = () =>
      server.calls
        .filter((c) => c.path.includes('GetWithPagination') && (c.body as { pageSize: number }).pageSize !== 1)
        .map((c) => (c.body as { filter?: string }).filter ?? '');
    await userEvent.type(screen.getByTestId('task-list.search'), 'inv');
    // One query for the pause after "inv", none per keystroke.
    await waitFor(() => expect(searches()).toContain('inv'), { timeout: 2_000 });
    expect(searches()).not.toContain('i');
    expect(searches()).not.toContain('in');
    await userEvent.type(screen.getByTestId('task-list.search'), 'oice{Enter}');
    await waitFor(() => expect(searches().at(-1)).toBe('invoice'));
  });

  it('counts "to review" as the to-review tab lists', async () => {
    const { server } = setup(4);
    const [first, second] = server.tasks;
    if (!first || !second) throw new Error('fixture');
    server.tasks[0] = { ...first, status: 31 };
    server.tasks[1] = { ...second, status: 70 };
    await screen.findByText('4 tasks');
    await waitFor(() => expect(screen.getByTestId('task-list.count.toReview').textContent).toBe('4'));
  });

  it('writes counts with the plural rule: one task', async () => {
    setup(1);
    expect(await screen.findByText('1 task')).toBeTruthy();
  });

  it('hides tabs and actions the server does not implement', async () => {
    const supports = (operation: string) => !operation.startsWith('Index_') && operation !== 'SdTask_DeleteTask';
    const { server } = setup(2, { supports }, {}, ['Task.History', 'Index.ListLogs', 'Task.ListEvents']);
    const task = server.tasks[0];
    if (!task) throw new Error('fixture');
    expect(await screen.findByTestId('task-list.tab.archive')).toBeTruthy();
    expect(screen.queryByTestId('task-list.tab.text-search')).toBeNull();
    const items = await menuOf(task.id, task.displayName);
    expect(items).toContain('Events');
    expect(items).not.toContain('Index logs');
    expect(items).not.toContain('Delete');
  });

  it('offers the folder monitor only to those who may download it', async () => {
    setup(1);
    await screen.findByTestId('task-list.import');
    expect(screen.queryByTestId('task-list.folder-monitor')).toBeNull();
  });

  it('downloads the folder monitor from the address the server gives', async () => {
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    try {
      const { server } = setup(1, {}, {}, ['Task.DownloadFolderMonitor']);
      await userEvent.click(await screen.findByTestId('task-list.folder-monitor'));
      await waitFor(() => expect(clicked).toEqual(['http://reviewdesk.test/downloads/folder-monitor.mjs']));
      expect(server.calls.some((call) => call.path.endsWith('/SdTask/GetFolderMonitorUrl'))).toBe(true);
    } finally {
      click.mockRestore();
    }
    // A server without the call: no button, whatever the permission.
    setup(1, { supports: (operation) => operation !== 'SdTask_GetFolderMonitorUrl' }, {}, [
      'Task.DownloadFolderMonitor',
    ]);
    await waitFor(() => expect(screen.getAllByTestId('task-list.import')).toHaveLength(2));
    expect(screen.getAllByTestId('task-list.folder-monitor')).toHaveLength(1);
  });

  it('shows a text-search hit with its place and marked words, and opens it at that page', async () => {
    const onOpenTask = vi.fn();
    const { server } = setup(3, { onOpenTask, tab: 'text-search' });
    const task = server.tasks[0];
    if (!task) throw new Error('fixture');
    await userEvent.type(screen.getByTestId('task-list.search'), 'invoice{Enter}');
    const match = await screen.findByTestId('task-list.match');
    expect(within(match).getByText('Page 2')).toBeTruthy();
    expect(within(match).getByText('invoice').tagName).toBe('MARK');
    expect(within(match).getByText('1 more passage')).toBeTruthy();
    const call = server.calls.find((c) => c.path.endsWith('/Index/Search'));
    expect(call).toBeDefined();
    await userEvent.click(screen.getByTestId(`task-list.open.${task.id}`));
    expect(onOpenTask).toHaveBeenCalledWith(
      expect.objectContaining({ taskId: task.id, pageNumber: 2, startTimeSeconds: null }),
    );
  });

  it('shows the labelling status of a training workspace’s tasks in a column of its own, sorted on the server', async () => {
    const { server } = setup(3, {}, { taskType: 'CustomTrainTemplate' });
    server.tasks.splice(
      0,
      3,
      makeTask(1, { labellingStatus: 10 }),
      makeTask(2, { labellingStatus: 20 }),
      makeTask(3, { labellingStatus: 30 }),
    );
    await act(() => Promise.resolve());
    const header = await screen.findByTestId('task-list.sort.labellingStatus');
    expect(header.textContent).toContain('Labelling');
    const cells = (n: number) => within(screen.getByTestId(`task-list.row.${makeTask(n).id}`)).getAllByRole('cell');
    await waitFor(() => expect(cells(1).map((c) => c.textContent)).toContain('To label'));
    expect(cells(2).map((c) => c.textContent)).toContain('To label again (new fields)');
    expect(cells(3).map((c) => c.textContent)).toContain('Labelled');
    await userEvent.click(header);
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path.includes('GetWithPagination')).at(-1)?.body).toMatchObject({
        sort: [{ field: 'labellingStatus', descending: false }],
      }),
    );
  });

  it('has no labelling column in a workspace that does not label for training', async () => {
    setup(2);
    await screen.findByTestId('task-list.sort.status');
    expect(screen.queryByTestId('task-list.sort.labellingStatus')).toBeNull();
    expect(screen.queryByText('Labelling')).toBeNull();
  });

  it('opens a recording as a recording and offers its transcript exports only', async () => {
    const onOpenTask = vi.fn();
    const { server } = setup(2, { onOpenTask }, { taskType: 'Transcript' });
    const task = server.tasks[0];
    if (!task) throw new Error('fixture');
    await waitFor(() => expect(server.calls.some((c) => c.path.endsWith('GetWorkspaceCustomConfig'))).toBe(true));
    const items = await menuOf(task.id, task.displayName);
    expect(items).toEqual(expect.arrayContaining(['Export transcript (TXT)', 'Export transcript (SRT)']));
    expect(items).not.toContain('Export to Excel');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByTestId(`task-list.open.${task.id}`));
    expect(onOpenTask).toHaveBeenCalledWith(expect.objectContaining({ taskType: 'Transcript', media: true }));
  });
});
