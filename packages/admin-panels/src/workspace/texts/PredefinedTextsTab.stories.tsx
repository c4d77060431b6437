import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../../styles/index.css';
import { WORKSPACE_ID } from '../../test/mock-api';
import { mockedWorkspace } from '../../test/mock-workspace-config';
import { StoryProvider, toAbilities } from '../../test/StoryProvider';
import { WorkspaceSettings } from '../WorkspaceSettings';

/** The predefined-texts tab of workspace edit against the configuration mock (src/test/mock-workspace-config.ts). */
const meta = {
  title: 'admin-panels/WorkspaceSettings/PredefinedTexts',
  component: WorkspaceSettings,
  args: { workspaceId: WORKSPACE_ID, tab: 'predefined-texts', onSaved: fn(), onError: fn(), onNavigate: fn() },
  render: (args, { globals, parameters }) => (
    <StoryProvider globals={globals} grants={parameters.grants}>
      <WorkspaceSettings {...args} />
    </StoryProvider>
  ),
  ...mockedWorkspace(),
} satisfies Meta<typeof WorkspaceSettings>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AddAndReorder: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByDisplayValue('Fatura duplicada.');
    await userEvent.click(canvas.getByTestId('workspace.texts.add'));
    await userEvent.type(canvas.getByTestId('workspace.texts.text.2'), 'Falta o NIF.');
    await expect(canvas.getByTestId('workspace.texts.state.2')).toHaveTextContent('Por guardar');
    canvas.getByRole('button', { name: 'Reordenar Falta o NIF.' }).focus();
    await userEvent.keyboard('{Home}');
    await expect(canvas.getByTestId('workspace.texts.text.0')).toHaveValue('Falta o NIF.');
    await userEvent.click(canvas.getByTestId('workspace.texts.save'));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
    await waitFor(() => expect(canvas.getByTestId('workspace.texts.state.0')).toHaveTextContent('Guardado'));
  },
};

export const EmptyRowRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByDisplayValue('Fatura duplicada.');
    await userEvent.click(canvas.getByTestId('workspace.texts.add'));
    await userEvent.click(canvas.getByTestId('workspace.texts.save'));
    await canvas.findByText('Escreva o texto, ou elimine a linha.');
  },
};

export const Empty: Story = {
  ...mockedWorkspace({ texts: [] }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Ainda não há textos predefinidos.');
  },
};

export const Loading: Story = {
  ...mockedWorkspace({ delay: 60_000 }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByTestId('workspace.texts')).toBeNull();
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
    await expect(canvas.getByDisplayValue('Fatura duplicada.')).toBeDisabled();
    await expect(canvas.queryByTestId('workspace.texts.save')).toBeNull();
  },
};

export const Dark: Story = {
  globals: { skin: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByDisplayValue('Fatura duplicada.');
  },
};

export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: 'Ajouter un texte' });
  },
};
