import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/app';
import { protectedRoutes, serverPages } from './paths';

describe('routes behind their permission', () => {
  it.each(protectedRoutes)('$path opens for a user holding $permission', async ({ path, permission }) => {
    const { router } = renderApp({ path, abilities: [permission] });
    // Each screen's landmark: a package's screen (template lists too), the home greeting, the help links
    // or the profile.
    await waitFor(
      () =>
        expect(
          screen.queryByTestId('task-list') ??
            screen.queryByTestId('metrics') ??
            screen.queryByTestId('templates.configure') ??
            screen.queryByTestId('templates.labelling') ??
            screen.queryByTestId('templates.training') ??
            screen.queryByTestId('batch-list') ??
            screen.queryByTestId('workspace-settings') ??
            screen.queryByTestId('tenant-settings') ??
            screen.queryByTestId('licensing') ??
            screen.queryByTestId('viewer.no-task') ??
            screen.queryByTestId('traces.no-task') ??
            screen.queryByTestId('home.welcome') ??
            screen.queryByTestId('help.documentation') ??
            screen.queryByTestId('profile'),
        ).not.toBeNull(),
      // The task list and the viewer are lazy chunks; on a busy machine they take more than a second.
      { timeout: 5000 },
    );
    expect(router.state.location.pathname).toBe(path);
  });

  it.each(protectedRoutes)('$path sends a user without $permission to /not-authorized', async ({ path }) => {
    // Home.View alone, so the user is signed in with some abilities (none at all for /home itself).
    const { router } = renderApp({ path, abilities: path === '/home' ? [] : ['Home.View'] });
    await screen.findByTestId('status.not-authorized');
    expect(router.state.location.pathname).toBe('/not-authorized');
  });

  it('denies a granted permission the server blacklisted', async () => {
    const { router } = renderApp({ path: '/task/list', abilities: ['Task.ListView'], blacklist: ['Task.ListView'] });
    await screen.findByTestId('status.not-authorized');
    expect(router.state.location.pathname).toBe('/not-authorized');
  });

  it('sends a signed-out user to sign in, with the way back', async () => {
    const { router, session } = renderApp({ path: '/task/list?tab=processed', status: 'signed-out' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/login'));
    expect(new URLSearchParams(router.state.location.search).get('returnUrl')).toBe('/task/list?tab=processed');
    await waitFor(() => expect(session.calls.map((c) => c.method)).toContain('signIn'));
  });

  it('opens the template builder route in the viewer page, which asks for a task', async () => {
    renderApp({ path: '/task/viewer/templatebuilder', abilities: ['Viewer.View'], language: 'en' });
    expect(await screen.findByTestId('viewer.no-task')).toBeTruthy();
  });
});

describe('other routes', () => {
  it('opens /home at the root', async () => {
    const { router } = renderApp({ path: '/', abilities: ['Home.View'] });
    await screen.findByTestId('home.welcome');
    expect(router.state.location.pathname).toBe('/home');
  });

  it.each(['/not-authorized', '/forbidden', '/error'])('shows %s without any permission', async (path) => {
    renderApp({ path, abilities: [] });
    expect(await screen.findByTestId(`status.${path.slice(1)}`)).toBeTruthy();
  });

  it('says so for an unknown address', async () => {
    renderApp({ path: '/no/such/page' });
    expect(await screen.findByTestId('status.not-found')).toBeTruthy();
  });

  it('shows the sign-in failure on /authentication/login-failed, translated', async () => {
    renderApp({ path: '/authentication/login-failed', status: 'signed-out', language: 'de' });
    const page = await screen.findByTestId('login-error');
    expect(page.textContent).toContain('Bei der Anmeldung ist ein Fehler aufgetreten.');
    expect(screen.getByTestId('auth.forgot-password').getAttribute('href')).toBe(
      '/Identity/Account/ForgotPassword?lang=de',
    );
  });

  it.each(serverPages)('hands %s over to the server without signing in', async (path) => {
    const { environment, session } = renderApp({ path: `${path}?code=abc`, status: 'signed-out' });
    await waitFor(() => expect(environment.assign).toHaveBeenCalledWith(`${path}?code=abc`));
    expect(session.calls).toEqual([]);
  });

  it('does not reload a server page the SPA was itself loaded at (that would loop)', async () => {
    const { environment } = renderApp({ path: '/confirm/email', initialPath: '/confirm/email', status: 'signed-out' });
    expect(await screen.findByTestId('server-page.continue')).toBeTruthy();
    expect(environment.assign).not.toHaveBeenCalled();
  });
});
