import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createStaticAuthSession, type StaticAuthSessionOptions } from '../static-session';
import { AuthProvider, type AuthProviderProps } from './AuthProvider';
import { useAuth } from './useAuth';

/** What a host component sees through `useAuth()`. */
function SessionPanel() {
  const { status, user, error, abilities } = useAuth();
  return (
    <dl>
      <dt>Status</dt>
      <dd data-testid="auth.status">{status}</dd>
      <dt>User</dt>
      <dd data-testid="auth.user">{user?.name ?? '—'}</dd>
      <dt>Error</dt>
      <dd data-testid="auth.error-text">{error?.message ?? '—'}</dd>
      <dt>Abilities</dt>
      <dd data-testid="auth.abilities">{abilities.list.join(', ') || '—'}</dd>
    </dl>
  );
}

type Args = AuthProviderProps & { auth: StaticAuthSessionOptions };

/** `<AuthProvider>` gives its subtree one session; `useAuth()` reads it. */
const meta = {
  title: 'auth/AuthProvider',
  component: AuthProvider,
  args: { auth: { status: 'signed-in', abilities: ['Task.ListView', 'Task.Review'] } },
  render: ({ auth }) => (
    <AuthProvider session={createStaticAuthSession(auth)}>
      <SessionPanel />
    </AuthProvider>
  ),
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignedIn: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('auth.status')).toHaveTextContent('signed-in');
    await expect(canvas.getByTestId('auth.user')).toHaveTextContent('Dana Reviewer');
    await expect(canvas.getByTestId('auth.abilities')).toHaveTextContent('Task.ListView, Task.Review');
  },
};

export const PermissionDenied: Story = {
  name: 'Signed in without abilities',
  args: { auth: { status: 'signed-in', abilities: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('auth.status')).toHaveTextContent('signed-in');
    await expect(canvas.getByTestId('auth.abilities')).toHaveTextContent('—');
  },
};

export const SignedOut: Story = {
  args: { auth: { status: 'signed-out' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('auth.status')).toHaveTextContent('signed-out');
    await expect(canvas.getByTestId('auth.user')).toHaveTextContent('—');
  },
};

export const Loading: Story = {
  args: { auth: { status: 'loading' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('auth.status')).toHaveTextContent('loading');
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { auth: { status: 'error' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('auth.status')).toHaveTextContent('error');
    await expect(canvas.getByTestId('auth.error-text')).toHaveTextContent('There was an error signing in.');
  },
};
