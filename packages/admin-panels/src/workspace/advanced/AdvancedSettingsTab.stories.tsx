import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../../styles/index.css';
import { WORKSPACE_ID } from '../../test/mock-api';
import { mockedWorkspace } from '../../test/mock-workspace-config';
import { StoryProvider, toAbilities } from '../../test/StoryProvider';
import { WorkspaceSettings } from '../WorkspaceSettings';

/** The advanced-settings tab of workspace edit against the configuration mock. */
const meta = {
  title: 'admin-panels/WorkspaceSettings/AdvancedSettings',
  component: WorkspaceSettings,
  args: { workspaceId: WORKSPACE_ID, tab: 'advanced-settings', onSaved: fn(), onError: fn(), onNavigate: fn() },
  render: (args, { globals, parameters }) => (
    <StoryProvider globals={globals} grants={parameters.grants}>
      <WorkspaceSettings {...args} />
    </StoryProvider>
  ),
  ...mockedWorkspace(),
} satisfies Meta<typeof WorkspaceSettings>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SaveHistoryAndTypes: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const days = await canvas.findByTestId('workspace.advanced.daysUntilRemoval');
    await userEvent.clear(days);
    await userEvent.type(days, '60');
    await userEvent.type(canvas.getByTestId('workspace.advanced.newType'), 'tiff{Enter}');
    await userEvent.click(canvas.getByTestId('workspace.advanced.skip..tiff'));
    await userEvent.click(canvas.getByTestId('workspace.advanced.save'));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
  },
};

export const OutOfRange: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const days = await canvas.findByTestId('workspace.advanced.daysUntilRemoval');
    await userEvent.clear(days);
    await userEvent.type(days, '120');
    const stuck = canvas.getByTestId('workspace.advanced.hoursUntilTasksConsideredStuck');
    await userEvent.clear(stuck);
    await userEvent.type(stuck, '0');
    await userEvent.click(canvas.getByTestId('workspace.advanced.save'));
    await canvas.findByText('Entre 1 e 90.');
    await canvas.findByText('Pelo menos 1.');
  },
};

export const RefusedByServer: Story = {
  ...mockedWorkspace({ notSplittable: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('workspace.advanced.splitEnabled'));
    await userEvent.click(canvas.getByTestId('workspace.advanced.save'));
    await canvas.findByText('O servidor recusou este valor (código 10).');
  },
};

export const Loading: Story = {
  ...mockedWorkspace({ delay: 60_000 }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByTestId('workspace.advanced')).toBeNull();
  },
};

export const LoadFailed: Story = {
  ...mockedWorkspace({ failReads: 500 }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: /Tentar novamente/ });
  },
};

export const ReadOnly: Story = {
  parameters: { grants: toAbilities(['Workspace.Edit']) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Pode ver estas definições, mas não alterá-las.');
    await expect(canvas.getByTestId('workspace.advanced.daysUntilRemoval')).toBeDisabled();
  },
};

export const Dark: Story = {
  globals: { skin: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByTestId('workspace.advanced.daysUntilRemoval');
  },
};

export const German: Story = {
  globals: { locale: 'de' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Konfidenzschwellen');
  },
};
