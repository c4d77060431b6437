import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APP_CODE,
  CURRENT_PASSWORD,
  createMockProfileApi,
  type MockProfileOptions,
  OTHER_TENANT_ID,
  USER_ID,
} from '../test/mock-profile';
import { abilities, renderAdmin } from '../test/render';
import { UserProfile } from './UserProfile';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

function mock(options: MockProfileOptions = {}) {
  const api = createMockProfileApi(options);
  server.use(...api.handlers);
  return api.state;
}

const grants = abilities('User.Profile');
const png = (bytes: number, type = 'image/png', name = 'me.png') =>
  new File([new Uint8Array(bytes).fill(7)], name, { type });

describe('<UserProfile>', () => {
  it('sends the confirmation mail again for an address not confirmed yet', async () => {
    const state = mock({ emailConfirmed: false });
    const onSaved = vi.fn();
    renderAdmin(<UserProfile onSaved={onSaved} />, { grants });
    expect((await screen.findByTestId('profile.email')).textContent).toBe('dana@example.com');
    expect(screen.getByTestId('profile.email.state').textContent).toBe('Not confirmed');
    await userEvent.click(screen.getByTestId('profile.send-verification'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ screen: 'profile', tab: 'email' }));
    expect(state.mails).toEqual([{ to: 'dana@example.com', kind: 'verify' }]);
    expect(await screen.findByText('We sent a confirmation e-mail to dana@example.com.')).toBeTruthy();
  });

  it('checks a new address before asking for the change, and shows the server’s refusal', async () => {
    const state = mock();
    renderAdmin(<UserProfile />, { grants });
    const field = await screen.findByTestId('profile.new-email');
    await userEvent.type(field, 'not-an-address');
    await userEvent.click(screen.getByTestId('profile.change-email.submit'));
    expect(screen.getByText('Type a whole e-mail address, such as name@example.com.')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, 'DANA@example.com');
    await userEvent.click(screen.getByTestId('profile.change-email.submit'));
    expect(screen.getByText('This is already your e-mail address.')).toBeTruthy();
    expect(state.calls).not.toContain('PATCH /User/ChangeEmail');
    await userEvent.clear(field);
    await userEvent.type(field, 'taken@example.com');
    await userEvent.click(screen.getByTestId('profile.change-email.submit'));
    expect((await screen.findByTestId('profile.change-email.errors')).textContent).toBe(
      'This e-mail address is already in use.',
    );
    expect(field).toHaveProperty('value', 'taken@example.com');
    await userEvent.clear(field);
    await userEvent.type(field, 'dana.new@example.com');
    await userEvent.click(screen.getByTestId('profile.change-email.submit'));
    await waitFor(() => expect(state.mails).toEqual([{ to: 'dana.new@example.com', kind: 'change' }]));
    expect(field).toHaveProperty('value', '');
  });

  it('changes the password, refusing a wrong current one with the server’s words', async () => {
    const state = mock();
    const onSaved = vi.fn();
    renderAdmin(<UserProfile tab="password" onSaved={onSaved} />, { grants });
    await userEvent.type(await screen.findByTestId('profile.current-password'), 'wrong');
    await userEvent.type(screen.getByTestId('profile.new-password'), 'New-password-1');
    await userEvent.type(screen.getByTestId('profile.confirm-password'), 'New-password-1');
    await userEvent.click(screen.getByTestId('profile.change-password'));
    expect((await screen.findByTestId('profile.password.errors')).textContent).toBe('Incorrect password.');
    await userEvent.clear(screen.getByTestId('profile.current-password'));
    await userEvent.type(screen.getByTestId('profile.current-password'), CURRENT_PASSWORD);
    await userEvent.click(screen.getByTestId('profile.change-password'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ screen: 'profile', tab: 'password' }));
    expect(state.password).toBe('New-password-1');
    expect(screen.getByTestId('profile.new-password')).toHaveProperty('value', '');
  });

  it('adds a password to an account that signs in only through an external login', async () => {
    const state = mock({ noPassword: true });
    renderAdmin(<UserProfile tab="password" />, { grants });
    expect(await screen.findByTestId('profile.no-password')).toBeTruthy();
    expect(screen.queryByTestId('profile.current-password')).toBeNull();
    await userEvent.type(screen.getByTestId('profile.new-password'), 'short');
    await userEvent.type(screen.getByTestId('profile.confirm-password'), 'short');
    await userEvent.click(screen.getByTestId('profile.change-password'));
    expect((await screen.findByTestId('profile.password.errors')).textContent).toBe(
      'Passwords must be at least 8 characters.',
    );
    await userEvent.clear(screen.getByTestId('profile.new-password'));
    await userEvent.clear(screen.getByTestId('profile.confirm-password'));
    await userEvent.type(screen.getByTestId('profile.new-password'), 'Long-enough-1');
    await userEvent.type(screen.getByTestId('profile.confirm-password'), 'Long-enough-1');
    await userEvent.click(screen.getByTestId('profile.change-password'));
    // The account has a password now: the tab asks for the current one to change it.
    expect(await screen.findByTestId('profile.current-password')).toBeTruthy();
    expect(state.password).toBe('Long-enough-1');
  });

  it('removes an external login while the account keeps another way in', async () => {
    const state = mock();
    const onNavigate = vi.fn();
    renderAdmin(<UserProfile onNavigate={onNavigate} />, { grants });
    await userEvent.click(await screen.findByTestId('profile.tab.external-logins'));
    expect(onNavigate).toHaveBeenCalledWith({ screen: 'profile', tab: 'external-logins' });
    await userEvent.click(await screen.findByTestId('profile.external-login.remove'));
    expect(await screen.findByTestId('profile.external-logins.none')).toBeTruthy();
    expect(state.logins).toEqual([]);
  });

  it('offers no removal of the only way to sign in', async () => {
    mock({ noPassword: true });
    renderAdmin(<UserProfile tab="external-logins" />, { grants });
    expect((await screen.findByTestId('profile.external-login')).textContent).toBe('Microsoft account');
    expect(screen.queryByTestId('profile.external-login.remove')).toBeNull();
    expect(screen.getByTestId('profile.external-logins.locked')).toBeTruthy();
  });

  it('checks a picture’s type and size before sending it, and shows the stored one', async () => {
    const state = mock();
    renderAdmin(<UserProfile />, { grants });
    const input = await screen.findByTestId('profile.picture.file');
    // applyAccept off: a person can still pick any file through "all files".
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, png(10, 'application/pdf', 'cv.pdf'));
    expect(screen.getByTestId('profile.picture.error').textContent).toBe(
      'The picture must be a PNG, JPEG, GIF or WebP image.',
    );
    await user.upload(input, png(2 * 1024 * 1024 + 1));
    expect(screen.getByTestId('profile.picture.error').textContent).toBe('The picture is larger than 2 MB.');
    expect(state.calls).not.toContain('POST /User/ChangePicture');
    await user.upload(input, png(300));
    const image = await screen.findByTestId('profile.picture.image');
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,Bw/);
    expect(screen.queryByTestId('profile.picture.error')).toBeNull();
  });

  it('changes the default tenant among the person’s tenants', async () => {
    const state = mock();
    renderAdmin(<UserProfile />, { grants });
    const select = await screen.findByTestId('profile.default-tenant.select');
    expect(screen.getByTestId('profile.default-tenant.save')).toHaveProperty('disabled', true);
    await userEvent.selectOptions(select, OTHER_TENANT_ID);
    await userEvent.click(screen.getByTestId('profile.default-tenant.save'));
    await waitFor(() => expect(state.defaultTenant).toBe(OTHER_TENANT_ID));
    await waitFor(() => expect(screen.getByTestId('profile.default-tenant.save')).toHaveProperty('disabled', true));
  });

  it('downloads the personal data as the file the server names', async () => {
    mock();
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:personal-data');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('personal-data.json');
    });
    renderAdmin(<UserProfile />, { grants });
    await userEvent.click(await screen.findByTestId('profile.personal-data.download'));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const blob = created.mock.calls[0]?.[0] as Blob;
    expect(JSON.parse(await blob.text())).toEqual({ email: 'dana@example.com', name: 'Dana Revisora' });
  });

  it('deletes the account after the word is typed, and tells the host', async () => {
    const state = mock();
    const onAccountDeleted = vi.fn();
    renderAdmin(<UserProfile onAccountDeleted={onAccountDeleted} />, { grants });
    await userEvent.click(await screen.findByTestId('profile.deletion.open'));
    const submit = await screen.findByTestId('profile.deletion.submit');
    expect(submit.textContent).toBe('Delete my account');
    expect(submit).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByTestId('profile.deletion.confirm'), 'delete');
    await userEvent.click(submit);
    await waitFor(() => expect(onAccountDeleted).toHaveBeenCalledWith({ userId: USER_ID }));
    expect(state.deleted).toBe('account');
  });

  it('names the tenants deleted with the account of their sole owner', async () => {
    const state = mock({ deletion: 'withData' });
    renderAdmin(<UserProfile />, { grants });
    await userEvent.click(await screen.findByTestId('profile.deletion.open'));
    expect((await screen.findByTestId('profile.deletion.owned')).textContent).toBe('Dana Consultoria');
    await userEvent.type(screen.getByTestId('profile.deletion.confirm'), 'DELETE');
    await userEvent.click(screen.getByTestId('profile.deletion.submit'));
    await waitFor(() => expect(state.deleted).toBe('withData'));
  });

  it('says why an account cannot be deleted, and offers no deletion', async () => {
    mock({ deletion: 'blocked' });
    renderAdmin(<UserProfile />, { grants });
    await userEvent.click(await screen.findByTestId('profile.deletion.open'));
    const reasons = await screen.findByTestId('profile.deletion.reasons');
    expect(within(reasons).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByTestId('profile.deletion.submit')).toBeNull();
    await userEvent.click(screen.getByTestId('profile.deletion.cancel'));
    await waitFor(() => expect(screen.queryByTestId('profile.deletion.dialog')).toBeNull());
  });

  it('says plainly what the server does not offer', async () => {
    mock({ notImplemented: ['User_GetExternalLogins'] });
    renderAdmin(<UserProfile tab="external-logins" />, { grants, locale: 'de' });
    expect((await screen.findByTestId('profile.unavailable')).textContent).toContain(
      'Externe Anmeldungen sind auf diesem Server noch nicht verfügbar.',
    );
  });

  it('offers only the tabs whose calls the server lists', async () => {
    mock({ operations: ['User_GetUserDetails', 'User_ChangePassword'] });
    renderAdmin(<UserProfile />, { grants });
    await screen.findByTestId('profile.email');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'E-mail and personal data',
      'Password',
      'Notifications',
    ]);
    expect(screen.queryByTestId('profile.change-email')).toBeNull();
  });

  it('is refused without User.Profile, and asks nothing of the server', async () => {
    const state = mock();
    renderAdmin(<UserProfile />, { grants: [] });
    expect(await screen.findByText('You do not have access')).toBeTruthy();
    expect(state.calls).toEqual([]);
  });
});

describe('<UserProfile> two-factor authentication', () => {
  it('turns on with a first code from the app, and shows the recovery codes once', async () => {
    const state = mock();
    const onSaved = vi.fn();
    renderAdmin(<UserProfile tab="2fa" onSaved={onSaved} />, { grants });
    expect((await screen.findByTestId('profile.2fa.state')).textContent).toContain('Two-factor authentication is off.');
    await userEvent.click(screen.getByTestId('profile.2fa.begin'));
    expect((await screen.findByTestId('profile.2fa.secret')).textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(screen.getByTestId('profile.2fa.qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await userEvent.click(screen.getByTestId('profile.2fa.confirm'));
    expect(screen.getByText('Type the 6 digits your app shows.')).toBeTruthy();
    await userEvent.type(screen.getByTestId('profile.2fa.code'), '654321');
    await userEvent.click(screen.getByTestId('profile.2fa.confirm'));
    expect((await screen.findByTestId('profile.2fa.errors')).textContent).toContain('The code is not right.');
    await userEvent.clear(screen.getByTestId('profile.2fa.code'));
    await userEvent.type(screen.getByTestId('profile.2fa.code'), APP_CODE);
    await userEvent.click(screen.getByTestId('profile.2fa.confirm'));
    const codes = await screen.findByTestId('profile.2fa.recovery');
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(onSaved).toHaveBeenCalledWith({ screen: 'profile', tab: '2fa' });
    expect(state.twoFactor.enabled).toBe(true);
    await userEvent.click(screen.getByTestId('profile.2fa.recovery.done'));
    expect((await screen.findByTestId('profile.2fa.codes-left')).textContent).toBe('Recovery codes left: 10');
    expect(screen.queryByTestId('profile.2fa.recovery')).toBeNull();
  });

  it('turns off with the password, refusing a wrong one with the server’s words', async () => {
    const state = mock({ twoFactorOn: true });
    renderAdmin(<UserProfile tab="2fa" />, { grants });
    expect((await screen.findByTestId('profile.2fa.codes-left')).textContent).toBe('Recovery codes left: 7');
    await userEvent.click(screen.getByTestId('profile.2fa.disable'));
    expect((await screen.findByTestId('profile.2fa.disable.errors')).textContent).toBe('Type a code or your password.');
    await userEvent.type(screen.getByTestId('profile.2fa.disable-password'), 'wrong');
    await userEvent.click(screen.getByTestId('profile.2fa.disable'));
    await waitFor(() =>
      expect(screen.getByTestId('profile.2fa.disable.errors').textContent).toBe(
        'The code or the password is not right.',
      ),
    );
    await userEvent.clear(screen.getByTestId('profile.2fa.disable-password'));
    await userEvent.type(screen.getByTestId('profile.2fa.disable-password'), CURRENT_PASSWORD);
    await userEvent.click(screen.getByTestId('profile.2fa.disable'));
    expect(await screen.findByTestId('profile.2fa.begin')).toBeTruthy();
    expect(state.twoFactor.enabled).toBe(false);
  });
});
