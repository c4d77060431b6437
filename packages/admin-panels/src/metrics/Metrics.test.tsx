import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockInsightApi, INVOICES_ID, type MockInsightOptions } from '../test/mock-insight';
import { abilities, renderAdmin } from '../test/render';
import { Metrics } from './Metrics';
import { durationParts, periodStart } from './period';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const viewer = abilities('Metrics.View');
function mock(options: MockInsightOptions = {}) {
  const api = createMockInsightApi(options);
  server.use(...api.handlers);
  return api.state;
}

describe('metrics periods and durations', () => {
  it('starts a period at local midnight n days ago, so its query stays the same all day', () => {
    const morning = new Date(2026, 10, 26, 8, 15);
    const evening = new Date(2026, 10, 26, 23, 50);
    expect(periodStart('7d', morning)).toBe(new Date(2026, 10, 19).toISOString());
    expect(periodStart('7d', evening)).toBe(periodStart('7d', morning));
    expect(periodStart('all', morning)).toBeNull();
  });

  it('writes durations in a readable unit', () => {
    expect(durationParts(42_000)).toEqual({ unit: 'seconds', value: 42 });
    expect(durationParts(420_000)).toEqual({ unit: 'minutes', value: 7 });
    expect(durationParts(5_400_000)).toEqual({ unit: 'hours', value: 1.5 });
    expect(durationParts(3 * 86_400_000)).toEqual({ unit: 'days', value: 3 });
  });
});

describe('<Metrics>', () => {
  it('shows every metric with a table of its numbers, over the period and workspace chosen', async () => {
    const state = mock();
    renderAdmin(<Metrics />, { grants: viewer });
    expect(await screen.findByTestId('metrics.summary')).toHaveProperty(
      'textContent',
      '2 workspaces, 41 tasks processed',
    );
    const byStatus = within(screen.getByTestId('metrics.by-status.table'));
    expect(byStatus.getByRole('rowheader', { name: 'Processed' })).toBeTruthy();
    expect(byStatus.getAllByRole('row').map((r) => r.textContent)).toEqual([
      'StatusTasks',
      'Processed41',
      'To review12',
      'In review3',
    ]);
    const time = within(screen.getByTestId('metrics.time-by-status.table'));
    expect(time.getAllByRole('cell').map((c) => c.textContent)).toEqual(['1.5 h', '7 min']);
    expect(within(screen.getByTestId('metrics.reviewed.table')).getByText('Ana Reviewer')).toBeTruthy();
    // Every chart has its table, the to-review counts per workspace too.
    for (const id of ['by-status', 'to-review', 'reviewed', 'time-by-status']) {
      expect(within(screen.getByTestId(`metrics.${id}`)).getByTestId(`metrics.${id}.table`)).toBeTruthy();
    }
    expect(state.metricsQueries[0]).toContain('from=');

    await userEvent.selectOptions(screen.getByTestId('metrics.workspace'), INVOICES_ID);
    await waitFor(() => expect(state.metricsQueries.at(-1)).toContain(`workspaceIds=${INVOICES_ID}`));
    await userEvent.selectOptions(screen.getByTestId('metrics.period'), 'all');
    await waitFor(() => expect(state.metricsQueries.at(-1)).not.toContain('from='));
    await waitFor(() =>
      expect(screen.getByTestId('metrics.summary').textContent).toBe('1 workspace, 41 tasks processed'),
    );
  });

  it('refreshes on its interval and keeps the figures on screen while it does', async () => {
    const state = mock({ delay: 50 });
    renderAdmin(<Metrics refreshIntervalMs={200} />, { grants: viewer });
    const table = await screen.findByTestId('metrics.by-status.table');
    await waitFor(() => expect(state.metricsQueries.length).toBeGreaterThanOrEqual(3), { timeout: 2_000 });
    // The same table element the whole time: refreshes never unmounted it.
    expect(screen.getByTestId('metrics.by-status.table')).toBe(table);
    await act(async () => undefined);
  });

  it('says so when the server has no metrics, and refuses people without Metrics.View', async () => {
    mock({ failMetrics: 501 });
    const { unmount } = renderAdmin(<Metrics />, { grants: viewer });
    expect(await screen.findByText('This part is not available on this server yet.')).toBeTruthy();
    unmount();
    renderAdmin(<Metrics />, { grants: abilities('Home.View') });
    expect(screen.queryByTestId('metrics')).toBeNull();
  });

  it('speaks the person’s language', async () => {
    mock();
    renderAdmin(<Metrics />, { grants: viewer, locale: 'de' });
    expect((await screen.findAllByText('Aufgaben nach Status')).length).toBeGreaterThan(0);
    expect(screen.getByText('Gesamter Zeitraum')).toBeTruthy();
  });
});
