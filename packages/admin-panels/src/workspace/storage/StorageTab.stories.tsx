import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../../styles/index.css';
import { WORKSPACE_ID } from '../../test/mock-api';
import { mockedWorkspace } from '../../test/mock-workspace-config';
import { StoryProvider, toAbilities } from '../../test/StoryProvider';
import { WorkspaceSettings } from '../WorkspaceSettings';

/** The storage tab of workspace edit against the configuration mock (a WebDAV connection with a few folders). */
const meta = {
  title: 'admin-panels/WorkspaceSettings/Storage',
  component: WorkspaceSettings,
  args: { workspaceId: WORKSPACE_ID, tab: 'storage', onSaved: fn(), onError: fn(), onNavigate: fn() },
  render: (args, { globals, parameters }) => (
    <StoryProvider globals={globals} grants={parameters.grants}>
      <WorkspaceSettings {...args} />
    </StoryProvider>
  ),
  parameters: {
    grants: toAbilities(['Workspace.View', 'Workspace.ManageStorage', 'Tenant.ViewSharePointConnector']),
  },
  ...mockedWorkspace(),
} satisfies Meta<typeof WorkspaceSettings>;
export default meta;
type Story = StoryObj<typeof meta>;

export const BrowseAndConnect: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const connection = await canvas.findByTestId('workspace.storage.connection');
    await waitFor(() => expect(connection).toHaveTextContent('Arquivo WebDAV'));
    await userEvent.selectOptions(connection, 'arquivo-dav');
    await userEvent.click(canvas.getByTestId('workspace.storage.browse.exportDirectoryPath'));
    await userEvent.click(await canvas.findByRole('button', { name: 'Abrir Exportacoes' }));
    await userEvent.click(await canvas.findByTestId('workspace.storage.browser.choose'));
    await expect(canvas.getByTestId('workspace.storage.exportDirectoryPath')).toHaveValue('/Exportacoes');
    await userEvent.click(canvas.getByTestId('workspace.storage.save'));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
  },
};

export const FolderRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const connection = await canvas.findByTestId('workspace.storage.connection');
    await waitFor(() => expect(connection).toHaveTextContent('Arquivo WebDAV'));
    await userEvent.selectOptions(connection, 'arquivo-dav');
    await userEvent.type(canvas.getByTestId('workspace.storage.exportDirectoryPath'), '/Nao/Existe');
    await userEvent.click(canvas.getByTestId('workspace.storage.save'));
    await canvas.findByText('Não foi possível ler esta pasta (código 50).');
  },
};

export const NoConnections: Story = {
  ...mockedWorkspace({ connections: [] }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/A organização ainda não tem ligações/);
  },
};

export const Connected: Story = {
  ...mockedWorkspace({ storage: { serviceName: 'arquivo-dav', exportDirectoryPath: '/Exportacoes/Faturas' } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('workspace.storage.exportDirectoryPath')).toHaveValue(
      '/Exportacoes/Faturas',
    );
    await canvas.findByTestId('workspace.storage.disconnect');
  },
};

export const Loading: Story = {
  ...mockedWorkspace({ delay: 60_000 }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByTestId('workspace.storage')).toBeNull();
  },
};

export const LoadFailed: Story = {
  ...mockedWorkspace({ failReads: 500 }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: /Tentar novamente/ });
  },
};

export const ReadOnly: Story = {
  ...mockedWorkspace({ storage: { serviceName: 'arquivo-dav', exportDirectoryPath: '/Exportacoes/Faturas' } }),
  parameters: { grants: toAbilities(['Workspace.View', 'Workspace.Edit']) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('workspace.storage.exportDirectoryPath')).toBeDisabled();
  },
};

export const Dark: Story = {
  globals: { skin: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByTestId('workspace.storage.connection');
  },
};

export const German: Story = {
  globals: { locale: 'de' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Exportordner');
  },
};
