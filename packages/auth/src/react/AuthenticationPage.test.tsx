import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AuthError } from '../messages';
import type { AuthenticationAction } from '../routes';
import type { AuthSession } from '../session';
import { createStaticAuthSession } from '../static-session';
import { AuthenticationPage, type AuthenticationPageProps } from './AuthenticationPage';
import { AuthProvider } from './AuthProvider';

const ORIGIN = 'http://localhost:3000';

function page(
  action: AuthenticationAction,
  overrides: Partial<AuthSession> = {},
  props: Partial<AuthenticationPageProps> = {},
) {
  const session = { ...createStaticAuthSession({ status: 'signed-out' }), ...overrides };
  const navigate = vi.fn();
  const redirect = vi.fn();
  const url = props.url ?? `${ORIGIN}/authentication/${action}`;
  const view = render(
    <StrictMode>
      <AuthProvider session={session} navigate={navigate}>
        <AuthenticationPage action={action} url={url} redirect={redirect} {...props} />
      </AuthProvider>
    </StrictMode>,
  );
  return { navigate, redirect, session, ...view };
}

describe('<AuthenticationPage>', () => {
  it('login: signs in once with the return URL and goes back when the silent sign-in succeeded', async () => {
    const signIn = vi.fn(async () => 'signed-in' as const);
    const { navigate } = page('login', { signIn }, { url: `${ORIGIN}/authentication/login?returnUrl=%2Fmetrics` });
    expect(screen.getByRole('status').textContent).toBe('Signing in…');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/metrics'));
    expect(signIn).toHaveBeenCalledExactlyOnceWith({ returnUrl: '/metrics' });
  });

  it('login: stays put while the browser redirects to the provider', async () => {
    const signIn = vi.fn(async () => 'redirecting' as const);
    const { navigate } = page('login', { signIn });
    await waitFor(() => expect(signIn).toHaveBeenCalled());
    expect(navigate).not.toHaveBeenCalled();
  });

  it('login: a failed sign-in goes to login-failed with an error code', async () => {
    const signIn = vi.fn(async () => {
      throw new AuthError('missing-configuration', 'whatever');
    });
    const { navigate } = page('login', { signIn });
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/authentication/login-failed?error=missing-configuration'),
    );
  });

  it('login-callback: completes the sign-in and navigates to the return URL', async () => {
    const completeSignIn = vi.fn(async () => ({ returnUrl: '/task/list' }));
    const url = `${ORIGIN}/authentication/login-callback?code=abc&state=xyz`;
    const { navigate } = page('login-callback', { completeSignIn }, { url });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/task/list'));
    expect(completeSignIn).toHaveBeenCalledExactlyOnceWith(url);
  });

  it('login-callback: inside the silent iframe it hands over and does nothing else', async () => {
    const completeSignIn = vi.fn(async () => null);
    const { navigate, container } = page('login-callback', { completeSignIn });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(navigate).not.toHaveBeenCalled();
    expect(container.textContent).toBe('');
  });

  it('login-callback: an error ends on login-failed showing "There was an error signing in."', async () => {
    const completeSignIn = vi.fn(async () => {
      throw new AuthError('sign-in-failed', 'There was an error signing in.');
    });
    const { navigate } = page('login-callback', { completeSignIn });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/authentication/login-failed?error=sign-in-failed'));
    page('login-failed', {}, { url: `${ORIGIN}/authentication/login-failed?error=sign-in-failed` });
    expect(screen.getByRole('alert').textContent).toBe('There was an error signing in.');
  });

  it('login-failed: shows the spec texts for known codes and never echoes text from the URL', () => {
    page('login-failed', {}, { url: `${ORIGIN}/authentication/login-failed?error=user-closed-window` });
    expect(screen.getByRole('alert').textContent).toBe('The user closed the window.');
    screen.getByRole('alert').remove();
    page('login-failed', {}, { url: `${ORIGIN}/authentication/login-failed?error=Call+0800+now` });
    expect(screen.getByRole('alert').textContent).toBe('There was an error signing in.');
  });

  it('login-failed: offers to sign in again, in the host language', async () => {
    const { navigate } = page('login-failed', {}, { messages: { signInAgain: 'Erneut anmelden' } });
    await userEvent.click(screen.getByRole('button', { name: 'Erneut anmelden' }));
    expect(navigate).toHaveBeenCalledWith('/authentication/login');
  });

  it('logout: signs out with the return URL', async () => {
    const signOut = vi.fn(async () => {});
    page('logout', { signOut }, { url: `${ORIGIN}/authentication/logout?returnUrl=%2Fhome` });
    await waitFor(() => expect(signOut).toHaveBeenCalledExactlyOnceWith({ returnUrl: '/home' }));
    expect(screen.getByRole('status').textContent).toBe('Signing out…');
  });

  it('logout-callback: goes to the return URL, else to logged-out', async () => {
    const { navigate } = page('logout-callback', { completeSignOut: async () => ({ returnUrl: null }) });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/authentication/logged-out'));
    const second = page('logout-callback', { completeSignOut: async () => ({ returnUrl: '/home' }) });
    await waitFor(() => expect(second.navigate).toHaveBeenCalledWith('/home'));
  });

  it('logged-out: says so', () => {
    page('logged-out');
    expect(screen.getByRole('status').textContent).toBe('You have signed out.');
  });

  it('profile: goes to the user profile route', async () => {
    const { navigate } = page('profile');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/user'));
  });

  it('register: opens the server registration page with the way back', async () => {
    const { redirect } = page('register', {}, { url: `${ORIGIN}/authentication/register?returnUrl=%2Fhome` });
    await waitFor(() =>
      expect(redirect).toHaveBeenCalledExactlyOnceWith('/Identity/Account/Register?returnUrl=%2Fhome'),
    );
  });
});
