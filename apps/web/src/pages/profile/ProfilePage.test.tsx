import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/app';
import { API, implementing, server, withoutCapabilities } from '../../test/server';

const open = (tab = '') => renderApp({ path: `/user${tab}`, abilities: ['User.Profile'], language: 'en' });

describe('the profile', () => {
  it('shows the account from GetUserDetails', async () => {
    open();
    expect((await screen.findByTestId('profile.email')).textContent).toBe('dana@example.com');
    expect(screen.getByTestId('profile.role').textContent).toBe('Reviewer');
    expect((screen.getByTestId('profile.full-name') as HTMLInputElement).value).toBe('Dana Reviewer');
  });

  it('offers only the tabs whose call the server has, the selected one in the address', async () => {
    const { router } = open('?tab=2fa');
    expect(await screen.findByTestId('profile.tab.password')).toBeTruthy();
    expect(screen.getByTestId('profile.tab.email')).toBeTruthy();
    for (const id of ['external-logins', '2fa']) expect(screen.queryByTestId(`profile.tab.${id}`)).toBeNull();
    // Notifications are said from the account itself (the API keeps them per workspace).
    expect(screen.getByTestId('profile.tab.notifications')).toBeTruthy();
    // A tab that is not offered is not opened by its address either.
    expect(screen.getByTestId('profile.email')).toBeTruthy();
    await userEvent.click(screen.getByTestId('profile.tab.password'));
    expect(router.state.location.search).toBe('?tab=password');
  });

  it('offers the change of e-mail address only where the server has the call', async () => {
    open();
    await screen.findByTestId('profile.email');
    expect(screen.queryByText('Change e-mail address')).toBeNull();
  });

  it('has the five tabs of the spec on a server that cannot list its calls', async () => {
    server.use(withoutCapabilities);
    const { router } = open();
    for (const id of ['email', 'password', 'external-logins', 'notifications', '2fa']) {
      expect(await screen.findByTestId(`profile.tab.${id}`)).toBeTruthy();
    }
    await userEvent.click(screen.getByTestId('profile.tab.password'));
    expect(router.state.location.search).toBe('?tab=password');
  });

  it('saves the personal data with SetPersonalInfo and shows its errors', async () => {
    let sent: unknown;
    server.use(
      http.patch(`${API}/v1/User/SetPersonalInfo`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ succeeded: false, errors: ['The full name cannot be empty.'] });
      }),
    );
    open();
    const name = await screen.findByTestId('profile.full-name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Dana R.');
    await userEvent.type(screen.getByTestId('profile.contact'), '+351 210 000 000');
    await userEvent.click(screen.getByTestId('profile.save'));
    expect((await screen.findByTestId('profile.personal.errors')).textContent).toBe('The full name cannot be empty.');
    expect(sent).toEqual({ fullName: 'Dana R.', contact: '+351 210 000 000' });
  });

  it("shows the server's IdentityResult errors of ChangePassword", async () => {
    server.use(
      http.post(`${API}/v1/User/ChangePassword`, () =>
        HttpResponse.json({ succeeded: false, errors: ['Incorrect password.'] }),
      ),
    );
    open('?tab=password');
    await userEvent.type(await screen.findByTestId('profile.current-password'), 'wrong');
    await userEvent.type(screen.getByTestId('profile.new-password'), 'New-password-1');
    await userEvent.type(screen.getByTestId('profile.confirm-password'), 'New-password-1');
    await userEvent.click(screen.getByTestId('profile.change-password'));
    expect((await screen.findByTestId('profile.password.errors')).textContent).toBe('Incorrect password.');
  });

  it('does not send a new password that was repeated differently', async () => {
    let called = false;
    server.use(
      http.post(`${API}/v1/User/ChangePassword`, () => {
        called = true;
        return HttpResponse.json({ succeeded: true, errors: [] });
      }),
    );
    open('?tab=password');
    await userEvent.type(await screen.findByTestId('profile.current-password'), 'old');
    await userEvent.type(screen.getByTestId('profile.new-password'), 'New-password-1');
    await userEvent.type(screen.getByTestId('profile.confirm-password'), 'New-password-2');
    await userEvent.click(screen.getByTestId('profile.change-password'));
    expect((await screen.findByTestId('profile.password.errors')).textContent).toBe('The new passwords differ.');
    expect(called).toBe(false);
  });

  it('says external logins are unavailable when the server answers 501', async () => {
    server.use(withoutCapabilities);
    open('?tab=external-logins');
    const note = await screen.findByTestId('profile.unavailable');
    expect(note.textContent).toContain('External logins are not available on this server yet.');
  });

  it('lists external logins when the server has them', async () => {
    server.use(
      implementing('User_GetExternalLogins'),
      http.get(`${API}/v1/User/GetExternalLogins`, () =>
        HttpResponse.json({
          canRemoveLogin: true,
          currentLogins: [{ loginProvider: 'Microsoft', providerKey: 'k', providerDisplayName: 'Microsoft account' }],
        }),
      ),
    );
    open('?tab=external-logins');
    const login = await screen.findByTestId('profile.external-login');
    expect(login.textContent).toContain('Microsoft account');
    expect(screen.getByTestId('profile.external-login.remove').textContent).toBe('Remove Microsoft account');
  });

  it('names two-factor authentication as unavailable and says where notifications are set, without made-up settings', async () => {
    server.use(withoutCapabilities);
    open('?tab=2fa');
    expect((await screen.findByTestId('profile.unavailable')).textContent).toContain(
      'Two-factor authentication is not available on this server yet.',
    );
    await userEvent.click(screen.getByTestId('profile.tab.notifications'));
    const notifications = await screen.findByTestId('profile.notifications');
    expect(notifications.textContent).toContain('They go to dana@example.com.');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('signs the person out after they delete their account', async () => {
    server.use(
      http.get(`${API}/v1/User/VerifyRulesToDelete`, () =>
        HttpResponse.json({ canDelete: true, canDeleteWithAllData: true, ownedTenants: [], reasons: [] }),
      ),
      http.delete(`${API}/v1/User/Delete`, () => HttpResponse.json({ succeeded: true, errors: [] })),
    );
    const { router } = open();
    await userEvent.click(await screen.findByTestId('profile.deletion.open'));
    await userEvent.type(await screen.findByTestId('profile.deletion.confirm'), 'DELETE');
    await userEvent.click(screen.getByTestId('profile.deletion.submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/logout'));
  });

  it('makes the Portuguese sentence agree with a plural feature', async () => {
    server.use(withoutCapabilities);
    renderApp({ path: '/user?tab=external-logins', abilities: ['User.Profile'], language: 'pt' });
    const note = await screen.findByTestId('profile.unavailable');
    expect(note.textContent).toContain('Os inícios de sessão externos ainda não estão disponíveis neste servidor.');
  });
});
