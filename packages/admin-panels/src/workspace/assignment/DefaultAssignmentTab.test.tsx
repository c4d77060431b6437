import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockAdminApi, MEMBERS, WORKSPACE_ID } from '../../test/mock-api';
import { abilities, renderAdmin } from '../../test/render';
import { WorkspaceSettings } from '../WorkspaceSettings';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function open() {
  const api = createMockAdminApi();
  server.use(...api.handlers);
  const onSaved = vi.fn();
  renderAdmin(<WorkspaceSettings workspaceId={WORKSPACE_ID} tab="default-assignment" onSaved={onSaved} />, {
    grants: abilities('Workspace.Edit', 'Task.EditAssignments'),
  });
  return { state: api.state, onSaved };
}

const id = (n: number) => MEMBERS[n]?.userId;

describe('<WorkspaceSettings> default-assignment tab', () => {
  it('assigns new tasks to people in sequence, in the order the person set', async () => {
    const { state, onSaved } = open();
    await userEvent.click(await screen.findByTestId('workspace.assignment.enabled'));
    await userEvent.click(screen.getByTestId('workspace.assignment.order.30'));
    const add = screen.getByTestId('workspace.assignment.add');
    // Only valid assignees are offered: Marta is inactive.
    expect(within(add).queryByText('Marta Sousa')).toBeNull();
    await userEvent.selectOptions(add, 'Rui Costa');
    await userEvent.selectOptions(add, 'Ana Silva');
    await userEvent.click(screen.getByRole('button', { name: 'Move Ana Silva up' }));
    expect(
      within(screen.getByTestId('workspace.assignment.people')).getAllByRole('listitem')[0]?.textContent,
    ).toContain('Ana Silva');
    await userEvent.click(screen.getByTestId('workspace.assignment.save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(state.saves).toEqual([{ isEnabled: true, orderType: 30, ids: [id(0), id(1)] }]);
    expect(state.assignment.users.map((u) => u.userId)).toEqual([id(0), id(1)]);
  });

  it('refuses to turn it on for nobody', async () => {
    const { state } = open();
    await userEvent.click(await screen.findByTestId('workspace.assignment.enabled'));
    await userEvent.click(screen.getByTestId('workspace.assignment.save'));
    expect(await screen.findByText('Choose at least one person, or turn the default assignment off.')).toBeTruthy();
    expect(state.saves).toEqual([]);
  });
});
