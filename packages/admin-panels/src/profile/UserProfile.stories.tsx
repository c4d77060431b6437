import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../styles/index.css';
import { APP_CODE, CURRENT_PASSWORD, mockedProfile } from '../test/mock-profile';
import { StoryProvider } from '../test/StoryProvider';
import { UserProfile } from './UserProfile';

/** The signed-in person's profile against the profile calls mocked by MSW (src/test/mock-profile.ts). */
const meta = {
  title: 'admin-panels/UserProfile',
  component: UserProfile,
  args: { onSaved: fn(), onError: fn(), onNavigate: fn(), onAccountDeleted: fn() },
  render: (args, { globals, parameters }) => (
    <StoryProvider globals={globals} grants={parameters.grants}>
      <UserProfile {...args} />
    </StoryProvider>
  ),
  ...mockedProfile(),
} satisfies Meta<typeof UserProfile>;
export default meta;
type Story = StoryObj<typeof meta>;

export const EmailAndPersonalData: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect((await canvas.findByTestId('profile.email')).textContent).toBe('dana@example.com');
    const name = canvas.getByTestId('profile.full-name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Dana R.');
    await userEvent.click(canvas.getByTestId('profile.save'));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledWith({ screen: 'profile', tab: 'email' }));
  },
};

export const UnconfirmedEmail: Story = {
  ...mockedProfile({ emailConfirmed: false }),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect((await canvas.findByTestId('profile.email.state')).textContent).toBe('Não confirmado');
    await userEvent.click(canvas.getByTestId('profile.send-verification'));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledWith({ screen: 'profile', tab: 'email' }));
  },
};

export const ChangeEmailRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByTestId('profile.new-email'), 'taken@example.com');
    await userEvent.click(canvas.getByTestId('profile.change-email.submit'));
    await canvas.findByTestId('profile.change-email.errors');
  },
};

export const PictureRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = await canvas.findByTestId('profile.picture.file');
    await userEvent.upload(input, new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    await expect(canvas.getByTestId('profile.picture.error').textContent).toBe(
      'A fotografia tem de ser uma imagem PNG, JPEG, GIF ou WebP.',
    );
  },
};

export const DefaultTenant: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const select = await canvas.findByTestId('profile.default-tenant.select');
    await userEvent.selectOptions(select, 'Dana Consultoria');
    await userEvent.click(canvas.getByTestId('profile.default-tenant.save'));
    await waitFor(() => expect(canvas.getByTestId('profile.default-tenant.save')).toBeDisabled());
  },
};

export const DeleteAccount: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('profile.deletion.open'));
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.type(await page.findByTestId('profile.deletion.confirm'), 'ELIMINAR');
    await userEvent.click(page.getByTestId('profile.deletion.submit'));
    await waitFor(() => expect(args.onAccountDeleted).toHaveBeenCalled());
  },
};

export const DeleteWithOwnedTenants: Story = {
  ...mockedProfile({ deletion: 'withData' }),
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByTestId('profile.deletion.open'));
    const page = within(canvasElement.ownerDocument.body);
    await expect((await page.findByTestId('profile.deletion.owned')).textContent).toBe('Dana Consultoria');
  },
};

export const DeletionBlocked: Story = {
  ...mockedProfile({ deletion: 'blocked' }),
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByTestId('profile.deletion.open'));
    const page = within(canvasElement.ownerDocument.body);
    await page.findByTestId('profile.deletion.reasons');
    await expect(page.queryByTestId('profile.deletion.submit')).toBeNull();
  },
};

export const Password: Story = {
  args: { tab: 'password' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByTestId('profile.current-password'), CURRENT_PASSWORD);
    await userEvent.type(canvas.getByTestId('profile.new-password'), 'New-password-1');
    await userEvent.type(canvas.getByTestId('profile.confirm-password'), 'New-password-2');
    await userEvent.click(canvas.getByTestId('profile.change-password'));
    await expect((await canvas.findByTestId('profile.password.errors')).textContent).toBe(
      'As novas palavras-passe são diferentes.',
    );
    await userEvent.clear(canvas.getByTestId('profile.confirm-password'));
    await userEvent.type(canvas.getByTestId('profile.confirm-password'), 'New-password-1');
    await userEvent.click(canvas.getByTestId('profile.change-password'));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledWith({ screen: 'profile', tab: 'password' }));
  },
};

export const AddPassword: Story = {
  args: { tab: 'password' },
  ...mockedProfile({ noPassword: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('profile.no-password');
    await expect(canvas.queryByTestId('profile.current-password')).toBeNull();
  },
};

export const ExternalLogins: Story = {
  args: { tab: 'external-logins' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('profile.external-login.remove'));
    await canvas.findByTestId('profile.external-logins.none');
  },
};

export const OnlyExternalLogin: Story = {
  args: { tab: 'external-logins' },
  ...mockedProfile({ noPassword: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('profile.external-logins.locked');
    await expect(canvas.queryByTestId('profile.external-login.remove')).toBeNull();
  },
};

export const ExternalLoginsUnavailable: Story = {
  args: { tab: 'external-logins' },
  ...mockedProfile({ notImplemented: ['User_GetExternalLogins'] }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByTestId('profile.unavailable');
  },
};

export const Notifications: Story = {
  args: { tab: 'notifications' },
  ...mockedProfile({ emailConfirmed: false }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('profile.notifications');
    await canvas.findByTestId('profile.notifications.unconfirmed');
  },
};

export const TwoFactorTurnOn: Story = {
  args: { tab: '2fa' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('profile.2fa.begin'));
    await canvas.findByTestId('profile.2fa.qr');
    await userEvent.type(canvas.getByTestId('profile.2fa.code'), APP_CODE);
    await userEvent.click(canvas.getByTestId('profile.2fa.confirm'));
    await canvas.findByTestId('profile.2fa.recovery');
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledWith({ screen: 'profile', tab: '2fa' }));
  },
};

export const TwoFactorKey: Story = {
  args: { tab: '2fa' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('profile.2fa.begin'));
    await canvas.findByTestId('profile.2fa.secret');
  },
};

export const TwoFactorOn: Story = {
  args: { tab: '2fa' },
  ...mockedProfile({ twoFactorOn: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect((await canvas.findByTestId('profile.2fa.codes-left')).textContent).toBe(
      'Códigos de recuperação por usar: 7',
    );
    await userEvent.type(canvas.getByTestId('profile.2fa.disable-password'), 'errada');
    await userEvent.click(canvas.getByTestId('profile.2fa.disable'));
    await canvas.findByTestId('profile.2fa.disable.errors');
  },
};

export const TwoFactorUnavailable: Story = {
  args: { tab: '2fa' },
  // An older server, which cannot list its calls and answers 501 to two-factor's.
  ...mockedProfile({ noCapabilities: true, notImplemented: ['User_TwoFactor'] }),
  play: async ({ canvasElement }) => {
    await expect((await within(canvasElement).findByTestId('profile.unavailable')).textContent).toContain(
      'A autenticação de dois fatores ainda não está disponível neste servidor.',
    );
  },
};

export const Loading: Story = {
  ...mockedProfile({ delay: 60_000 }),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('.rd-state--loading, [aria-busy="true"]')).not.toBeNull());
  },
};

export const LoadFailed: Story = {
  ...mockedProfile({ failReads: 500 }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Não foi possível carregar o seu perfil.');
  },
};

export const NoPermission: Story = {
  globals: { permissions: 'none' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Não tem acesso');
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('E-mail and personal data');
  },
};

export const German: Story = {
  globals: { locale: 'de' },
  args: { tab: 'password' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Aktuelles Passwort');
  },
};

export const Spanish: Story = {
  globals: { locale: 'es' },
  args: { tab: 'notifications' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Notificaciones por correo');
  },
};

export const DarkTwoFactorKey: Story = {
  globals: { skin: 'dark', locale: 'de' },
  args: { tab: '2fa' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('profile.2fa.begin'));
    await canvas.findByText('Mit diesem Code einschalten');
  },
};

export const DarkFrench: Story = {
  globals: { skin: 'dark', locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Données personnelles');
    await expect(canvasElement.querySelector('.rd-theme-dark, [data-theme="dark"]')).not.toBeNull();
  },
};
