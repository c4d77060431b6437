import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthError } from '../messages';
import { createStaticAuthSession, type StaticAuthSessionOptions } from '../static-session';
import { AuthProvider } from './AuthProvider';
import { RequireAbility, type RequireAbilityProps } from './RequireAbility';

function guard(state: StaticAuthSessionOptions, props: Omit<RequireAbilityProps, 'children'> = {}) {
  const navigate = vi.fn();
  const view = render(
    <AuthProvider session={createStaticAuthSession(state)} navigate={navigate}>
      <RequireAbility {...props}>
        <p>task list</p>
      </RequireAbility>
    </AuthProvider>,
  );
  return { navigate, ...view };
}

describe('<RequireAbility>', () => {
  it('renders the route when the permission is granted', () => {
    const { navigate } = guard({ abilities: ['Task.ListView'] }, { I: 'Task.ListView' });
    expect(screen.getByText('task list')).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('accepts any of several permissions', () => {
    guard({ abilities: ['Viewer.View'] }, { anyOf: ['Task.View', 'Viewer.View'] });
    expect(screen.getByText('task list')).toBeTruthy();
  });

  it('only requires sign-in when no permission is named', () => {
    guard({ abilities: [] });
    expect(screen.getByText('task list')).toBeTruthy();
  });

  it('sends a signed-in user without the permission to /not-authorized', () => {
    const { navigate } = guard({ abilities: ['Task.View'] }, { I: 'Task.ListView', fallback: <p>no access</p> });
    expect(screen.queryByText('task list')).toBeNull();
    expect(screen.getByText('no access')).toBeTruthy();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/not-authorized');
  });

  it('calls onDenied instead of navigating when given', () => {
    const onDenied = vi.fn();
    const { navigate } = guard({ abilities: [] }, { I: 'Tenant.Edit', onDenied });
    expect(onDenied).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('denies blacklisted permissions', () => {
    const { navigate } = guard({ abilities: ['Tenant.Edit'], blacklist: ['Tenant.Edit'] }, { I: 'Tenant.Edit' });
    expect(screen.queryByText('task list')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/not-authorized');
  });

  it('sends a signed-out user to sign in, with the way back', () => {
    const { navigate } = guard({ status: 'signed-out' }, { I: 'Task.ListView', returnUrl: '/task/list?tab=archive' });
    expect(screen.queryByText('task list')).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/authentication/login?returnUrl=%2Ftask%2Flist%3Ftab%3Darchive');
  });

  it('uses the current location and the base path by default', () => {
    window.history.replaceState(null, '', '/rd/batch/list?x=1');
    const navigate = vi.fn();
    render(
      <AuthProvider session={createStaticAuthSession({ status: 'signed-out', basePath: '/rd' })} navigate={navigate}>
        <RequireAbility I="Batches.ListBatches">batches</RequireAbility>
      </AuthProvider>,
    );
    expect(navigate).toHaveBeenCalledWith('/rd/authentication/login?returnUrl=%2Frd%2Fbatch%2Flist%3Fx%3D1');
  });

  it('shows the loading element while the session loads, without navigating', () => {
    const { navigate } = guard({ status: 'loading' }, { I: 'Task.ListView', loading: <p>loading…</p> });
    expect(screen.getByText('loading…')).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows the sign-in error', () => {
    guard({ status: 'error' }, { I: 'Task.ListView' });
    expect(screen.getByRole('alert').textContent).toBe('There was an error signing in.');
    guard(
      { status: 'error', error: new AuthError('missing-configuration', 'config missing') },
      { renderError: (error) => <p>custom: {error.message}</p> },
    );
    expect(screen.getByText('custom: config missing')).toBeTruthy();
  });

  it('navigates once even when re-rendered with new inline callbacks', () => {
    const session = createStaticAuthSession({ abilities: [] });
    const navigate = vi.fn();
    const view = (n: number) => (
      <AuthProvider session={session} navigate={(url) => navigate(url, n)}>
        <RequireAbility I="Home.View">home</RequireAbility>
      </AuthProvider>
    );
    const { rerender } = render(view(1));
    rerender(view(2));
    rerender(view(3));
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
