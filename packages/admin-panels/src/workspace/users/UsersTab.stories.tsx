import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../../styles/index.css';
import { WORKSPACE_ID } from '../../test/mock-api';
import { StoryProvider, toAbilities } from '../../test/StoryProvider';
import { mocked } from '../../test/story-helpers';
import { WorkspaceSettings } from '../WorkspaceSettings';

/** The users tab of workspace edit against the admin calls mocked by MSW (src/test/mock-api.ts). */
const meta = {
  title: 'admin-panels/WorkspaceSettings/Users',
  component: WorkspaceSettings,
  args: { workspaceId: WORKSPACE_ID, tab: 'users', onSaved: fn(), onError: fn(), onNavigate: fn() },
  render: (args, { globals, parameters }) => (
    <StoryProvider globals={globals} grants={parameters.grants}>
      <WorkspaceSettings {...args} />
    </StoryProvider>
  ),
  ...mocked(),
} satisfies Meta<typeof WorkspaceSettings>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Members: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rui = await canvas.findByTestId('workspace.users.row.rui.costa@example.com');
    await expect(within(rui).getByText('Ativo')).toBeVisible();
    await expect(canvas.getByTestId('workspace.users.row.marta.sousa@example.com')).toHaveTextContent('Inativo');
  },
};

export const Deactivate: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const rui = await canvas.findByTestId('workspace.users.row.rui.costa@example.com');
    await userEvent.click(within(rui).getByRole('button', { name: 'Desativar Rui Costa' }));
    await waitFor(() => expect(within(rui).getByText('Inativo')).toBeVisible());
    await expect(args.onSaved).toHaveBeenCalled();
  },
};

export const InviteSomeoneNew: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByTestId('workspace.invite.email'), 'nova.pessoa@example.com');
    await canvas.findByText('Ainda sem conta: será enviado um convite para a criar.', {}, { timeout: 3000 });
    await userEvent.type(canvas.getByTestId('workspace.invite.name'), 'Nova Pessoa');
    await userEvent.click(canvas.getByTestId('workspace.invite.submit'));
    await canvas.findByTestId('workspace.users.row.nova.pessoa@example.com');
    await expect(args.onSaved).toHaveBeenCalled();
  },
};

export const AlreadyAMember: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByTestId('workspace.invite.email'), 'rui.costa@example.com');
    await canvas.findByText('Já é membro desta área de trabalho.', {}, { timeout: 3000 });
    await expect(canvas.getByTestId('workspace.invite.submit')).toBeDisabled();
  },
};

export const NoMembers: Story = {
  beforeEach: ({ msw }) => {
    msw.use(http.get('*/api/:version/SdWorkspace/Users/:workspaceId', () => HttpResponse.json([])));
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Ainda não há nada aqui');
  },
};

export const ListFailed: Story = {
  ...mocked({ failReads: 500 }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: /Tentar novamente/ });
  },
};

export const ListOnly: Story = {
  parameters: { grants: toAbilities(['Workspace.ListUsers']) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('workspace.users.row.ana.silva@example.com');
    await expect(canvas.queryByTestId('workspace.invite')).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Desativar/ })).toBeNull();
  },
};

export const Dark: Story = {
  globals: { skin: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByTestId('workspace.users.row.ana.silva@example.com');
  },
};

export const Spanish: Story = {
  globals: { locale: 'es' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Invitar por correo');
    await expect(canvas.getByRole('tab', { name: 'Usuarios' })).toHaveAttribute('aria-selected', 'true');
  },
};
