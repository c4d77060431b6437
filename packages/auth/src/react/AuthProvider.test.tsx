import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ClientSettings } from '../client-settings';
import type { AuthSession } from '../session';
import { createStaticAuthSession } from '../static-session';
import { authDetails } from '../test-fixtures';
import { AuthProvider } from './AuthProvider';
import { useAuth } from './useAuth';

const settings: ClientSettings = {
  authority: 'http://localhost:8080',
  client_id: 'reviewdesk-web',
  redirect_uri: 'http://localhost:3000/authentication/login-callback',
  post_logout_redirect_uri: 'http://localhost:3000/authentication/logout-callback',
  response_type: 'code',
  scope: 'openid profile api',
};

function Status({ onSession }: { onSession?: (session: AuthSession) => void }) {
  const auth = useAuth();
  onSession?.(auth.session);
  return (
    <p>
      {auth.status} {auth.user?.name ?? 'nobody'} {String(auth.abilities.can('Task.Review'))}
    </p>
  );
}

describe('<AuthProvider> and useAuth', () => {
  it('exposes status, user, abilities and the session actions', () => {
    const session = createStaticAuthSession({ abilities: ['Task.Review'] });
    let seen: AuthSession | undefined;
    render(
      <AuthProvider session={session}>
        <Status onSession={(s) => (seen = s)} />
      </AuthProvider>,
    );
    expect(screen.getByText('signed-in Dana Reviewer true')).toBeTruthy();
    expect(seen).toBe(session);
  });

  it.each(['loading', 'signed-out', 'error'] as const)('reports %s', (status) => {
    render(
      <AuthProvider session={createStaticAuthSession({ status, abilities: ['Task.Review'] })}>
        <Status />
      </AuthProvider>,
    );
    expect(screen.getByText(`${status} nobody false`)).toBeTruthy();
  });

  it('re-renders when the session changes', async () => {
    let listener = () => {};
    let state = createStaticAuthSession({ status: 'loading' }).getState();
    const session: AuthSession = {
      ...createStaticAuthSession(),
      getState: () => state,
      subscribe: (l) => {
        listener = l;
        return () => {};
      },
    };
    render(
      <AuthProvider session={session}>
        <Status />
      </AuthProvider>,
    );
    expect(screen.getByText('loading nobody false')).toBeTruthy();
    state = createStaticAuthSession({ abilities: ['Task.Review'] }).getState();
    act(() => listener());
    expect(screen.getByText('signed-in Dana Reviewer true')).toBeTruthy();
  });

  it('connects the session on mount and disconnects on unmount (StrictMode included)', () => {
    const disconnect = vi.fn();
    const session = { ...createStaticAuthSession(), connect: vi.fn(() => disconnect) };
    const { unmount } = render(
      <StrictMode>
        <AuthProvider session={session}>
          <Status />
        </AuthProvider>
      </StrictMode>,
    );
    unmount();
    expect(session.connect.mock.calls.length).toBe(disconnect.mock.calls.length);
    expect(session.connect).toHaveBeenCalled();
  });

  it('creates one session per provider instance from options; two providers stay apart', async () => {
    const sessions: AuthSession[] = [];
    const options = { settings, autoSignIn: false, loadAbilities: async () => authDetails() };
    render(
      <>
        <AuthProvider {...options}>
          <Status onSession={(s) => sessions.push(s)} />
        </AuthProvider>
        <AuthProvider {...options}>
          <Status onSession={(s) => sessions.push(s)} />
        </AuthProvider>
      </>,
    );
    // The real oidc-client-ts, no provider reachable: both settle as signed out.
    expect(await screen.findAllByText('signed-out nobody false')).toHaveLength(2);
    const distinct = new Set(sessions);
    expect(distinct.size).toBe(2);
  });

  it('explains a missing provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Status />)).toThrow('useAuth must be used inside <AuthProvider>.');
  });
});
