import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockInsightApi, INVOICE_TASK, INVOICES_ID, RECORDING_TASK, RECORDINGS_ID } from '../test/mock-insight';
import { abilities, renderAdmin } from '../test/render';
import { Home } from './Home';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const person = abilities('Home.View', 'Task.ListView');
function mock() {
  const api = createMockInsightApi();
  server.use(...api.handlers);
  return api.state;
}

describe('<Home>', () => {
  it('searches once typing pauses for 250 ms, across the workspaces, and opens a hit where it matched', async () => {
    const state = mock();
    const onOpenTask = vi.fn();
    renderAdmin(<Home onOpenTask={onOpenTask} />, { grants: person });
    await userEvent.type(screen.getByTestId('home.search'), 'total');
    const hit = await screen.findByTestId(`home.hit.${INVOICE_TASK}`);
    // One search for the pause after "total", none per keystroke, and no workspace named.
    expect(state.searches).toEqual(['total']);
    expect(state.calls.filter((c) => c.includes('Index/Search'))).toHaveLength(1);
    const item = hit.closest('li') as HTMLElement;
    expect(within(item).getByText('Page 2')).toBeTruthy();
    expect(within(item).getByText('Total').tagName).toBe('MARK');
    await userEvent.click(hit);
    expect(onOpenTask).toHaveBeenCalledWith({
      taskId: INVOICE_TASK,
      workspaceId: INVOICES_ID,
      displayName: 'AmazonWebServices.pdf',
      taskType: 'Invoice',
      media: false,
      fromHistory: false,
      pageNumber: 2,
      startTimeSeconds: null,
      matchedWords: 'Total',
    });

    await userEvent.clear(screen.getByTestId('home.search'));
    await userEvent.type(screen.getByTestId('home.search'), 'hosting');
    const recording = await screen.findByTestId(`home.hit.${RECORDING_TASK}`);
    expect(within(recording.closest('li') as HTMLElement).getByText('At 1:15')).toBeTruthy();
    await userEvent.click(recording);
    expect(onOpenTask).toHaveBeenLastCalledWith(
      expect.objectContaining({ media: true, startTimeSeconds: 75, pageNumber: null }),
    );
  });

  it('says when nothing matches', async () => {
    mock();
    renderAdmin(<Home />, { grants: person });
    await userEvent.type(screen.getByTestId('home.search'), 'zanzibar');
    expect(await screen.findByText('No task contains these words.')).toBeTruthy();
  });

  it('shows what waits for review per workspace and the newest task ready for review', async () => {
    const state = mock();
    const onOpenWorkspace = vi.fn();
    const onOpenTask = vi.fn();
    renderAdmin(<Home onOpenWorkspace={onOpenWorkspace} onOpenTask={onOpenTask} />, { grants: person });
    const invoices = await screen.findByTestId(`home.to-review.${INVOICES_ID}`);
    await waitFor(() => expect(invoices.textContent).toBe('Faturas de fornecedores12 tasks to review'));
    expect(screen.getByTestId(`home.to-review.${RECORDINGS_ID}`).textContent).toBe('Reuniões1 task to review');
    await userEvent.click(within(invoices).getByRole('button'));
    expect(onOpenWorkspace).toHaveBeenCalledWith(INVOICES_ID);
    await userEvent.click(await screen.findByTestId(`home.recent.${INVOICE_TASK}`));
    expect(onOpenTask).toHaveBeenCalledWith(
      expect.objectContaining({ taskId: INVOICE_TASK, taskType: 'Invoice', pageNumber: null }),
    );
    // Only the standard workspaces' tasks: those of labelling workspaces are not reviewed from here.
    expect(state.readyWorkspaceIds).toEqual([[INVOICES_ID, RECORDINGS_ID]]);
  });

  it('lists the bookmarks, lets the person choose them, and opens them through the host', async () => {
    const state = mock();
    const onOpenLink = vi.fn();
    renderAdmin(<Home onOpenLink={onOpenLink} />, { grants: person });
    await userEvent.click(await screen.findByTestId('home.bookmark.2'));
    expect(onOpenLink).toHaveBeenCalledWith({ link: '/task/list', target: 'taskList' });
    await userEvent.click(screen.getByTestId('home.bookmarks.edit'));
    await userEvent.click(await screen.findByTestId('home.bookmark-toggle.3'));
    await waitFor(() => expect(state.bookmarked.has(3)).toBe(true));
    await userEvent.click(screen.getByTestId('home.bookmarks.edit'));
    expect(await screen.findByTestId('home.bookmark.3')).toHaveProperty('textContent', 'Metrics');
  });

  it('offers no search or task counts without Task.ListView, only the bookmarks', async () => {
    mock();
    renderAdmin(<Home />, { grants: abilities('Home.View'), locale: 'fr' });
    expect(await screen.findByText('Favoris')).toBeTruthy();
    expect(screen.queryByTestId('home.search')).toBeNull();
    expect(screen.queryByTestId('home.to-review')).toBeNull();
  });
});
