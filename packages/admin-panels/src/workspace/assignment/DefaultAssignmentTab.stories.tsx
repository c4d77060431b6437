import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../../styles/index.css';
import { WORKSPACE_ID } from '../../test/mock-api';
import { StoryProvider } from '../../test/StoryProvider';
import { mocked } from '../../test/story-helpers';
import { WorkspaceSettings } from '../WorkspaceSettings';

/** The default-assignment tab of workspace edit against the admin mock (src/test/mock-api.ts). */
const meta = {
  title: 'admin-panels/WorkspaceSettings/DefaultAssignment',
  component: WorkspaceSettings,
  args: { workspaceId: WORKSPACE_ID, tab: 'default-assignment', onSaved: fn(), onError: fn(), onNavigate: fn() },
  render: (args, { globals, parameters }) => (
    <StoryProvider globals={globals} grants={parameters.grants}>
      <WorkspaceSettings {...args} />
    </StoryProvider>
  ),
  ...mocked(),
} satisfies Meta<typeof WorkspaceSettings>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('workspace.assignment.enabled')).not.toBeChecked();
    await canvas.findByText('Ainda ninguém escolhido.');
  },
};

export const InSequence: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('workspace.assignment.enabled'));
    await userEvent.click(canvas.getByTestId('workspace.assignment.order.30'));
    await waitFor(() => expect(canvas.getByTestId('workspace.assignment.add')).toHaveTextContent('Rui Costa'));
    await userEvent.selectOptions(canvas.getByTestId('workspace.assignment.add'), 'Rui Costa');
    await userEvent.selectOptions(canvas.getByTestId('workspace.assignment.add'), 'Ana Silva');
    await userEvent.click(canvas.getByRole('button', { name: 'Subir Ana Silva' }));
    await userEvent.click(canvas.getByTestId('workspace.assignment.save'));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
  },
};

export const NeedsPeople: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('workspace.assignment.enabled'));
    await userEvent.click(canvas.getByTestId('workspace.assignment.save'));
    await canvas.findByText('Escolha pelo menos uma pessoa, ou desligue a atribuição predefinida.');
  },
};

export const LoadFailed: Story = {
  ...mocked({ failReads: 500 }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: /Tentar novamente/ });
  },
};

export const Dark: Story = {
  globals: { skin: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByTestId('workspace.assignment.enabled');
  },
};

export const German: Story = {
  globals: { locale: 'de' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Neue Aufgaben standardmäßig zuweisen');
  },
};
