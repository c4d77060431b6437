import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../styles/index.css';
import { tenantEn } from '../i18n/locales/tenant/en';
import { tenantEs } from '../i18n/locales/tenant/es';
import { tenantFr } from '../i18n/locales/tenant/fr';
import { MANAGER_ABILITIES, mockedTenant, TENANT_ABILITIES } from '../test/mock-tenant';
import { StoryProvider, toAbilities } from '../test/StoryProvider';
import { TenantSettings } from './TenantSettings';

/** The settings of the signed-in person's tenant against the tenant calls mocked by MSW (src/test/mock-tenant.ts). */
const meta = {
  title: 'admin-panels/TenantSettings',
  component: TenantSettings,
  args: { onSaved: fn(), onError: fn(), onNavigate: fn() },
  parameters: { grants: TENANT_ABILITIES },
  render: (args, { globals, parameters }) => (
    <StoryProvider globals={globals} grants={parameters.grants}>
      <TenantSettings {...args} />
    </StoryProvider>
  ),
  ...mockedTenant(),
} satisfies Meta<typeof TenantSettings>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Basic: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByLabelText(/^Nome/);
    await expect(name).toHaveValue('Acme Documentos');
    await expect(canvas.getByRole('tab', { name: 'Básico' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.type(name, ' SA');
    await userEvent.click(canvas.getByTestId('tenant.basic.save'));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledWith({ screen: 'tenant', tab: 'basic' }));
  },
};

export const Users: Story = {
  args: { tab: 'users' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('tenant.users.row.rui.costa@example.com');
    // The owner's chip, looked for in the owner's row (a role's name may appear in other rows' pickers).
    const owner = within(canvas.getByTestId('tenant.users.row.ana.silva@example.com'));
    await expect(await owner.findByText('Proprietário', {}, { timeout: 4000 })).toBeVisible();
    // The super-user help comes with the roles, which may arrive after the people.
    await expect(await canvas.findByTestId('tenant.users.superUserHelp', {}, { timeout: 4000 })).toBeVisible();
    await expect(canvas.queryByTestId('tenant.users.toggle.ana.silva@example.com')).toBeNull();
  },
};

export const SuperUserTooltip: Story = {
  args: { tab: 'users' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.hover(await canvas.findByTestId('tenant.users.superUserHelp'));
    await within(canvasElement.ownerDocument.body).findByText(/acedem a todas as áreas de trabalho/);
  },
};

export const InviteNewPerson: Story = {
  args: { tab: 'users' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByTestId('tenant.invite.email'), 'nova@example.com');
    await canvas.findByText('Ainda sem conta: será enviado um convite para a criar.', {}, { timeout: 4000 });
    await userEvent.type(canvas.getByTestId('tenant.invite.name'), 'Nova Pessoa');
    await userEvent.click(canvas.getByTestId('tenant.invite.submit'));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledWith({ screen: 'tenant', tab: 'users' }));
  },
};

export const InvitationsBlocked: Story = {
  args: { tab: 'users' },
  ...mockedTenant({ invitationsBlockedBecause: 'a licença não permite mais utilizadores' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/a licença não permite mais utilizadores/);
    await expect(canvas.getByTestId('tenant.invite.email')).toBeDisabled();
  },
};

export const ManagerSeesOnlyUsers: Story = {
  parameters: { grants: MANAGER_ABILITIES },
  ...mockedTenant({ role: 'Manager' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('tenant.users');
    await expect(canvas.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Utilizadores']);
    await expect(canvas.queryByTestId('tenant.users.superUserHelp')).toBeNull();
  },
};

export const SecretShownOnce: Story = {
  args: { tab: 'secrets' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await canvas.findByText('Expirado');
    await userEvent.click(canvas.getByTestId('tenant.secrets.create'));
    const secret = await body.findByTestId('tenant.secrets.secret');
    const value = secret.textContent ?? '';
    await expect(value).toMatch(/^sk-/);
    await expect(body.getByText(/É a única vez que o segredo é mostrado/)).toBeVisible();
    await userEvent.click(body.getByTestId('tenant.secrets.done'));
    await waitFor(() => expect(canvasElement.ownerDocument.body.textContent).not.toContain(value));
  },
};

export const Connectors: Story = {
  args: { tab: 'connectors' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('tenant.connectors.row.finance');
    await userEvent.click(canvas.getByTestId('tenant.connectors.testButton.finance'));
    await canvas.findByText('Ligado: a raiz tem 3 itens.');
  },
};

export const ConnectionRefusedBySite: Story = {
  args: { tab: 'connectors' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByTestId('tenant.connectors.add'));
    await userEvent.type(body.getByTestId('tenant.connection.displayName'), 'Arquivo');
    await userEvent.type(body.getByTestId('tenant.connection.name'), 'arquivo');
    await userEvent.type(body.getByTestId('tenant.connection.hostname'), 'https://files.example.com/dav/');
    await userEvent.type(body.getByTestId('tenant.connection.clientId'), 'reviewdesk');
    await userEvent.type(body.getByTestId('tenant.connection.clientSecret'), 'errada');
    await userEvent.click(body.getByTestId('tenant.connection.save'));
    const refusal = await body.findByTestId('tenant.connection.error');
    await expect(refusal.textContent).toContain('refused the user name or password');
    await expect(body.getByTestId('tenant.connection.displayName')).toHaveValue('Arquivo');
  },
};

export const Empty: Story = {
  args: { tab: 'connectors' },
  ...mockedTenant({ empty: true }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Ainda não há ligações.');
  },
};

export const Loading: Story = {
  ...mockedTenant({ delay: 60_000 }),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('.rd-state--loading, [aria-busy="true"]')).not.toBeNull());
  },
};

export const LoadFailed: Story = {
  ...mockedTenant({ failReads: 500 }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: /Tentar novamente/ });
  },
};

export const NotOnThisServer: Story = {
  ...mockedTenant({ failReads: 501 }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Esta parte ainda não está disponível neste servidor.');
  },
};

export const ReadOnly: Story = {
  parameters: { grants: toAbilities(['Tenant.View', 'Tenant.Edit']) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText(/^Nome/)).toBeDisabled();
    await expect(canvas.queryByTestId('tenant.basic.save')).toBeNull();
  },
};

export const NoPermission: Story = {
  globals: { permissions: 'none' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Não tem acesso');
  },
};

export const Dark: Story = {
  args: { tab: 'users' },
  globals: { skin: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByTestId('tenant.users.row.rui.costa@example.com');
    await expect(canvasElement.querySelector('.rd-theme-dark, [data-theme="dark"]')).not.toBeNull();
  },
};

export const German: Story = {
  args: { tab: 'connectors' },
  globals: { locale: 'de' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('tab', { name: 'Konnektoren' });
    await canvas.findByText('Verbindungen des Mandanten');
    await expect(await canvas.findByText('WebDAV-Server')).toBeVisible();
  },
};

/** The other languages, each on a tab of its own: the strings come from the locale files. */
const inLanguage = (
  locale: 'en' | 'fr' | 'es',
  strings: typeof tenantEn,
  tab: 'basic' | 'users' | 'secrets',
): Story => ({
  args: { tab },
  globals: { locale },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('tab', { name: strings.tabs[tab], selected: true });
    await canvas.findByRole('tab', { name: strings.tabs.connectors });
  },
});

export const English: Story = inLanguage('en', tenantEn, 'secrets');
export const French: Story = inLanguage('fr', tenantFr, 'users');
export const Spanish: Story = inLanguage('es', tenantEs, 'basic');
