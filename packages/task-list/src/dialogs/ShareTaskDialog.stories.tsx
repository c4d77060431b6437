import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { StoryProvider } from '../test/StoryProvider';
import { STORY_WORKSPACE, storyAbilities, storyRoles } from '../test/story-mocks';
import '../styles/index.css';
import { ShareTaskDialog } from './ShareTaskDialog';

const task = {
  id: '00000000-0000-4000-8000-000000000001',
  workspaceId: STORY_WORKSPACE,
  displayName: 'Fatura 2026-0183.pdf',
};
const shareUrl = `https://reviewdesk.example/task/viewer?taskId=${task.id}&workspaceId=${STORY_WORKSPACE}`;

/** Invite-check status by address, as SdWorkspace/CheckIfUserCanBeInvited answers. */
const CHECKS: Record<string, number> = {
  'ana@acme.example': 5,
  'rui@acme.example': 4,
  'outra@globex.example': 2,
  'nova@example.org': 1,
};

const roleId = (name: string) => storyRoles.find((r) => r.name === name)?.id;
const rolesHandler = http.get('*/User/AllRoles', () => HttpResponse.json(storyRoles));
const linkHandler = http.get('*/SdTaskShare/GetShareTaskUrl', () => HttpResponse.json({ shareUrl }));
const checkHandler = http.get('*/SdWorkspace/CheckIfUserCanBeInvited', ({ request }) => {
  const email = new URL(request.url).searchParams.get('email') ?? '';
  return HttpResponse.json({ email, workspaceId: STORY_WORKSPACE, inviteCheckStatus: CHECKS[email] ?? 1 });
});

/** Share a task by its link or by e-mail, each address showing what sharing will do to it. */
const meta = {
  title: 'task-list/ShareTaskDialog',
  component: ShareTaskDialog,
  args: { task, onClose: fn(), onShared: fn(), onError: fn() },
  render: (args, { globals }) => (
    <StoryProvider globals={globals}>
      <ShareTaskDialog {...args} />
    </StoryProvider>
  ),
} satisfies Meta<typeof ShareTaskDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const addAddress = async (body: ReturnType<typeof within>, email: string) => {
  await userEvent.type(await body.findByTestId('share-task.email'), email);
  await userEvent.click(body.getByTestId('share-task.add'));
};

/** Four addresses, one per invite-check state; the message and the addresses go to SdTask/Share. */
export const ByEmailToEveryState: Story = {
  beforeEach: ({ msw, args }) => {
    msw.use(
      linkHandler,
      checkHandler,
      rolesHandler,
      http.post('*/SdTask/Share', async ({ request }) => {
        (args.onShared as unknown as { sent?: unknown }).sent = await request.json();
        return HttpResponse.json({ succeeded: true, errors: [], result: true });
      }),
    );
  },
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await waitFor(() => expect(body.getByTestId('share-task.link')).toHaveValue(shareUrl));
    for (const email of Object.keys(CHECKS)) await addAddress(body, email);
    const list = body.getByTestId('share-task.recipients');
    await within(list).findByText('Nova: será convidada como leitor ou com a função que escolher');
    await expect(within(list).getByText('Na área de trabalho')).toBeVisible();
    await expect(within(list).getByText('Será adicionada à área de trabalho')).toBeVisible();
    await expect(within(list).getByText('Será convidada para a organização')).toBeVisible();
    await userEvent.type(body.getByLabelText('Mensagem'), 'Veja o total, por favor.');
    await userEvent.click(body.getByTestId('share-task.send'));
    await waitFor(() => expect(args.onShared).toHaveBeenCalledWith(task));
    await expect((args.onShared as unknown as { sent?: unknown }).sent).toEqual({
      taskId: task.id,
      workspaceId: STORY_WORKSPACE,
      description: 'Veja o total, por favor.',
      // People new to the tenant go with the default role, Viewer; members keep theirs.
      users: Object.entries(CHECKS).map(([email, state]) => ({
        email,
        workspaceId: STORY_WORKSPACE,
        tenantRoleId: state <= 2 ? roleId('Viewer') : null,
      })),
    });
  },
};

/**
 * People new to the tenant get a role picker on their row, with the roles the sharer may give (a
 * manager: not Administrator or Manager), Viewer first chosen; members get none. One is invited
 * as a reviewer, to review the task.
 */
export const ChoosesTheRoleOfNewcomers: Story = {
  beforeEach: ({ msw, args }) => {
    msw.use(
      linkHandler,
      checkHandler,
      rolesHandler,
      http.post('*/SdTask/Share', async ({ request }) => {
        (args.onShared as unknown as { sent?: unknown }).sent = await request.json();
        return HttpResponse.json({ succeeded: true, errors: [], result: true });
      }),
    );
  },
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    for (const email of ['ana@acme.example', 'nova@example.org', 'outra@globex.example']) await addAddress(body, email);
    const list = body.getByTestId('share-task.recipients');
    // Each address is checked on its own; wait for both answers.
    const newcomer = await within(list).findByLabelText('Função de nova@example.org ao ser convidado');
    await expect(await within(list).findByLabelText('Função de outra@globex.example ao ser convidado')).toHaveValue(
      roleId('Viewer'),
    );
    await expect(within(list).getAllByTestId('share-task.role')).toHaveLength(2);
    await expect([...(newcomer as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Creator',
      'Reviewer',
      'Viewer',
    ]);
    await expect(newcomer).toHaveValue(roleId('Viewer'));
    await userEvent.selectOptions(newcomer, roleId('Reviewer') ?? '');
    await userEvent.click(body.getByTestId('share-task.send'));
    await waitFor(() => expect(args.onShared).toHaveBeenCalledWith(task));
    await expect((args.onShared as unknown as { sent?: { users?: unknown } }).sent?.users).toEqual([
      { email: 'ana@acme.example', workspaceId: STORY_WORKSPACE, tenantRoleId: null },
      { email: 'nova@example.org', workspaceId: STORY_WORKSPACE, tenantRoleId: roleId('Reviewer') },
      { email: 'outra@globex.example', workspaceId: STORY_WORKSPACE, tenantRoleId: roleId('Viewer') },
    ]);
  },
};

/** A mistyped or repeated address is refused at once and never checked. */
export const RefusesBadAddresses: Story = {
  beforeEach: ({ msw }) => msw.use(linkHandler, checkHandler),
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await addAddress(body, 'not-an-address');
    await body.findByText('Introduza um endereço de e-mail.');
    await userEvent.clear(body.getByTestId('share-task.email'));
    await addAddress(body, 'ana@acme.example');
    await addAddress(body, 'ANA@acme.example');
    await body.findByText('Este endereço já está na lista.');
    await expect(body.getByTestId('share-task.send')).toBeEnabled();
  },
};

/** Without Workspace.AddUsers only the workspace's people can be chosen; anyone else stops the share. */
export const MembersOnly: Story = {
  render: (args, { globals }) => (
    <StoryProvider
      globals={globals}
      abilities={storyAbilities.filter((a) => !(a.subject === 'Workspace' && a.action === 'AddUsers'))}
    >
      <ShareTaskDialog {...args} />
    </StoryProvider>
  ),
  beforeEach: ({ msw }) =>
    msw.use(
      linkHandler,
      http.get('*/SdWorkspace/ValidUsersForTaskShare', () =>
        HttpResponse.json([
          {
            userId: 'u1',
            name: 'Ana Silva',
            userName: 'ana',
            email: 'ana@acme.example',
            profilePicture: null,
            roleId: null,
            isValidForTaskSharing: true,
          },
        ]),
      ),
    ),
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await body.findByText('Apenas pessoas desta área de trabalho.');
    await addAddress(body, 'ana@acme.example');
    await within(body.getByTestId('share-task.recipients')).findByText('Na área de trabalho');
    // The button follows every address's check, which may settle after its label shows.
    await waitFor(() => expect(body.getByTestId('share-task.send')).toBeEnabled());
    await addAddress(body, 'nova@example.org');
    await body.findByText('Fora da área de trabalho: não pode adicionar pessoas');
    await waitFor(() => expect(body.getByTestId('share-task.send')).toBeDisabled());
  },
};

/** The server refuses (an inactive person, say): the dialog reports its words and stays open. */
export const ServerRefuses: Story = {
  beforeEach: ({ msw }) =>
    msw.use(
      linkHandler,
      checkHandler,
      http.post('*/SdTask/Share', () =>
        HttpResponse.json({
          succeeded: false,
          errors: [{ code: 0, message: 'Person 1 is inactive in this workspace.' }],
          result: false,
        }),
      ),
    ),
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await addAddress(body, 'ana@acme.example');
    await within(body.getByTestId('share-task.recipients')).findByText('Na área de trabalho');
    await userEvent.click(body.getByTestId('share-task.send'));
    await waitFor(() => expect(args.onError).toHaveBeenCalled());
    await expect(args.onShared).not.toHaveBeenCalled();
  },
};

/** The same dialog in English, with the link the server could not give. */
export const EnglishWithoutLink: Story = {
  globals: { locale: 'en' },
  beforeEach: ({ msw }) =>
    msw.use(
      checkHandler,
      http.get('*/SdTaskShare/GetShareTaskUrl', () => HttpResponse.json({ title: 'Not implemented' }, { status: 501 })),
    ),
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await waitFor(() =>
      expect(body.getByTestId('share-task.link')).toHaveAttribute('placeholder', 'The link is not available.'),
    );
    await expect(body.getByTestId('share-task.copy')).toBeDisabled();
  },
};
