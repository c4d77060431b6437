import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../../styles/index.css';
import { WORKSPACE_ID } from '../../test/mock-api';
import { mockedWorkspace } from '../../test/mock-workspace-config';
import { StoryProvider, toAbilities } from '../../test/StoryProvider';
import { WorkspaceSettings } from '../WorkspaceSettings';

/** The predefined-speakers tab of workspace edit against the configuration mock. */
const meta = {
  title: 'admin-panels/WorkspaceSettings/PredefinedSpeakers',
  component: WorkspaceSettings,
  args: { workspaceId: WORKSPACE_ID, tab: 'predefined-speakers', onSaved: fn(), onError: fn(), onNavigate: fn() },
  render: (args, { globals, parameters }) => (
    <StoryProvider globals={globals} grants={parameters.grants}>
      <WorkspaceSettings {...args} />
    </StoryProvider>
  ),
  ...mockedWorkspace(),
} satisfies Meta<typeof WorkspaceSettings>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AddDefaultSpeaker: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByDisplayValue('Ana Silva');
    await userEvent.click(canvas.getByTestId('workspace.speakers.add'));
    await userEvent.type(canvas.getByTestId('workspace.speakers.name.2'), 'Marta Sousa');
    await userEvent.click(canvas.getByTestId('workspace.speakers.default.2'));
    await expect(canvas.getByTestId('workspace.speakers.default.0')).not.toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Subir Marta Sousa' }));
    await userEvent.click(canvas.getByTestId('workspace.speakers.save'));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
  },
};

export const RepeatedName: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByDisplayValue('Ana Silva');
    await userEvent.click(canvas.getByTestId('workspace.speakers.add'));
    await userEvent.type(canvas.getByTestId('workspace.speakers.name.2'), 'ANA SILVA');
    await userEvent.click(canvas.getByTestId('workspace.speakers.save'));
    await canvas.findByText('Outro orador já tem este nome.');
  },
};

export const Empty: Story = {
  ...mockedWorkspace({ speakers: [] }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Ainda não há oradores predefinidos.');
  },
};

export const Loading: Story = {
  ...mockedWorkspace({ delay: 60_000 }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByTestId('workspace.speakers')).toBeNull();
  },
};

export const LoadFailed: Story = {
  ...mockedWorkspace({ failReads: 500 }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: /Tentar novamente/ });
  },
};

export const ReadOnly: Story = {
  parameters: { grants: toAbilities(['Workspace.View']) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Pode ver estas definições, mas não alterá-las.');
    await expect(canvas.getByDisplayValue('Ana Silva')).toBeDisabled();
  },
};

export const Dark: Story = {
  globals: { skin: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByDisplayValue('Ana Silva');
  },
};

export const Spanish: Story = {
  globals: { locale: 'es' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: 'Añadir hablante' });
  },
};
