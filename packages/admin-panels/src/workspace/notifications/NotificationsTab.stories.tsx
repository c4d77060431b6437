import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../../styles/index.css';
import { WORKSPACE_ID } from '../../test/mock-api';
import { mockedWorkspace } from '../../test/mock-workspace-config';
import { StoryProvider } from '../../test/StoryProvider';
import { WorkspaceSettings } from '../WorkspaceSettings';

/** The notifications tab of workspace edit against the configuration mock. */
const meta = {
  title: 'admin-panels/WorkspaceSettings/Notifications',
  component: WorkspaceSettings,
  args: { workspaceId: WORKSPACE_ID, tab: 'notifications', onSaved: fn(), onError: fn(), onNavigate: fn() },
  render: (args, { globals, parameters }) => (
    <StoryProvider globals={globals} grants={parameters.grants}>
      <WorkspaceSettings {...args} />
    </StoryProvider>
  ),
  ...mockedWorkspace(),
} satisfies Meta<typeof WorkspaceSettings>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AddRecipient: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('contabilidade@example.com');
    await userEvent.click(canvas.getByTestId('workspace.notifications.20.reviewers'));
    await userEvent.type(canvas.getByTestId('workspace.notifications.20.address'), 'arquivo@example.com{Enter}');
    await userEvent.click(canvas.getByTestId('workspace.notifications.save'));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
  },
};

export const InvalidAddress: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByTestId('workspace.notifications.10.address'), 'arquivo{Enter}');
    await canvas.findByText('Escreva um endereço de e-mail completo.');
  },
};

export const Nobody: Story = {
  ...mockedWorkspace({ notifications: { language: 'pt', events: [] } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('workspace.notifications.10.creator')).not.toBeChecked();
    await expect(canvas.getAllByText('Nenhum.')).toHaveLength(2);
  },
};

export const Loading: Story = {
  ...mockedWorkspace({ delay: 60_000 }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByTestId('workspace.notifications')).toBeNull();
  },
};

export const LoadFailed: Story = {
  ...mockedWorkspace({ failReads: 500 }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: /Tentar novamente/ });
  },
};

export const Dark: Story = {
  globals: { skin: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('contabilidade@example.com');
  },
};

export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Une tâche est prête à être révisée');
  },
};
