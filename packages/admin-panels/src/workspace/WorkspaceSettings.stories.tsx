import type { Meta, StoryObj } from '@storybook/react-vite';
import type { HttpHandler } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../styles/index.css';
import { createMockAdminApi, type MockAdminOptions, WORKSPACE_ID } from '../test/mock-api';
import { StoryProvider, toAbilities } from '../test/StoryProvider';
import { WorkspaceSettings } from './WorkspaceSettings';

/** The settings of one workspace against the admin calls mocked by MSW (src/test/mock-api.ts). */
const mocked = (options: MockAdminOptions = {}) => ({
  beforeEach: ({ msw }: { msw: { use: (...handlers: HttpHandler[]) => void } }) => {
    msw.use(...createMockAdminApi(options).handlers);
  },
});

const meta = {
  title: 'admin-panels/WorkspaceSettings',
  component: WorkspaceSettings,
  args: { workspaceId: WORKSPACE_ID, onSaved: fn(), onError: fn(), onNavigate: fn() },
  render: (args, { globals, parameters }) => (
    <StoryProvider globals={globals} grants={parameters.grants}>
      <WorkspaceSettings {...args} />
    </StoryProvider>
  ),
  ...mocked(),
} satisfies Meta<typeof WorkspaceSettings>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Basic: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByLabelText(/^Nome/);
    await expect(name).toHaveValue('Faturas de fornecedores');
    await expect(canvas.getByRole('tab', { name: 'Básico' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByTestId('workspace.basic.save')).toBeDisabled();
  },
};

export const EditAndSave: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByLabelText(/^Nome/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Faturas 2027');
    await expect(canvas.getByText('Alterações por guardar')).toBeVisible();
    await userEvent.click(canvas.getByTestId('workspace.basic.save'));
    await waitFor(() =>
      expect(args.onSaved).toHaveBeenCalledWith({ screen: 'workspace', tab: 'basic', workspaceId: WORKSPACE_ID }),
    );
    await waitFor(() => expect(canvas.queryByText('Alterações por guardar')).toBeNull());
  },
};

export const NameRequired: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(await canvas.findByLabelText(/^Nome/));
    await userEvent.click(canvas.getByTestId('workspace.basic.save'));
    await canvas.findByText('Dê um nome à área de trabalho.');
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};

export const SaveRefused: Story = {
  ...mocked({ failSaves: 400 }),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/^Nome/), ' 2');
    await userEvent.click(canvas.getByTestId('workspace.basic.save'));
    await canvas.findByTestId('workspace.basic.error');
    await expect(args.onError).toHaveBeenCalledTimes(1);
    await expect(canvas.getByLabelText(/^Nome/)).toHaveValue('Faturas de fornecedores 2');
  },
};

export const Loading: Story = {
  ...mocked({ delay: 60_000 }),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.rd-state--loading, [aria-busy="true"]')).not.toBeNull();
  },
};

export const LoadFailed: Story = {
  ...mocked({ failReads: 500 }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: /Tentar novamente/ });
  },
};

export const NotOnThisServer: Story = {
  ...mocked({ failReads: 501 }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Esta parte ainda não está disponível neste servidor.');
  },
};

export const ReadOnly: Story = {
  parameters: { grants: toAbilities(['Workspace.View', 'Workspace.Edit']) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText(/^Nome/)).toBeDisabled();
    await canvas.findByText('Pode ver estas definições, mas não alterá-las.');
    await expect(canvas.queryByTestId('workspace.basic.save')).toBeNull();
  },
};

export const NoPermission: Story = {
  globals: { permissions: 'none' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Não tem acesso');
  },
};

export const Dark: Story = {
  globals: { skin: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByLabelText(/^Nome/);
    await expect(canvasElement.querySelector('.rd-theme-dark, [data-theme="dark"]')).not.toBeNull();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByLabelText(/^Name/);
    await expect(canvas.getByRole('tab', { name: 'Basic' })).toBeVisible();
    await expect(canvas.getByText('Default workspace of the tenant')).toBeVisible();
  },
};
