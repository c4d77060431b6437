import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../../styles/index.css';
import { WORKSPACE_ID } from '../../test/mock-api';
import { mockedWorkspace } from '../../test/mock-workspace-config';
import { StoryProvider, toAbilities } from '../../test/StoryProvider';
import { WorkspaceSettings } from '../WorkspaceSettings';

/** The export tab of workspace edit against the configuration mock. */
const meta = {
  title: 'admin-panels/WorkspaceSettings/Export',
  component: WorkspaceSettings,
  args: { workspaceId: WORKSPACE_ID, tab: 'export', onSaved: fn(), onError: fn(), onNavigate: fn() },
  render: (args, { globals, parameters }) => (
    <StoryProvider globals={globals} grants={parameters.grants}>
      <WorkspaceSettings {...args} />
    </StoryProvider>
  ),
  ...mockedWorkspace({ storage: { serviceName: 'webdav-docs', exportDirectoryPath: '/Exports/Faturas' } }),
} satisfies Meta<typeof WorkspaceSettings>;
export default meta;
type Story = StoryObj<typeof meta>;

export const DeleteAfterExport: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('workspace.export.isToDelAfterExport'));
    await userEvent.click(canvas.getByTestId('workspace.export.after.save'));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
  },
};

export const ConfigureStep: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const folder = await canvas.findByTestId('workspace.export.step.export-erp.folder');
    await userEvent.type(folder, 'entrada ERP');
    await userEvent.click(canvas.getByTestId('workspace.export.step.export-erp.save'));
    await canvas.findByText('Só letras, algarismos, /, _ e -.');
    await userEvent.clear(folder);
    await userEvent.type(folder, 'erp/entrada');
    await userEvent.click(canvas.getByTestId('workspace.export.step.export-erp.save'));
    await canvas.findByText('Configurado');
  },
};

export const StepsNotAvailable: Story = {
  ...mockedWorkspace({ notImplemented: ['SdWorkspace_IntegrationStepConfigs'] }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByTestId('workspace.export.stepsNotAvailable');
  },
};

export const NoSteps: Story = {
  ...mockedWorkspace({ steps: [] }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('O fluxo da área de trabalho não tem passos de exportação.');
  },
};

export const Loading: Story = {
  ...mockedWorkspace({ delay: 60_000 }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByTestId('workspace.export.after')).toBeNull();
  },
};

export const LoadFailed: Story = {
  ...mockedWorkspace({ failReads: 500 }),
  play: async ({ canvasElement }) => {
    await expect(
      (await within(canvasElement).findAllByRole('button', { name: /Tentar novamente/ })).length,
    ).toBeGreaterThan(0);
  },
};

export const ReadOnly: Story = {
  parameters: { grants: toAbilities(['Workspace.View', 'Workspace.Edit']) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('workspace.export.step.export-erp.folder')).toBeDisabled();
  },
};

export const Dark: Story = {
  globals: { skin: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Exportar para o ERP');
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Delete a task’s files after a successful export');
  },
};
