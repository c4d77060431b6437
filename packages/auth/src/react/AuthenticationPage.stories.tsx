import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { AuthError } from '../messages';
import type { AuthSession } from '../session';
import { createStaticAuthSession, type StaticAuthSessionOptions } from '../static-session';
import { AuthenticationPage, type AuthenticationPageProps } from './AuthenticationPage';
import { AuthProvider } from './AuthProvider';
import type { Navigate } from './context';

type Behaviour = 'pending' | 'callback-fails' | 'config-missing' | 'succeeds';
type Args = AuthenticationPageProps & { auth: StaticAuthSessionOptions; behaviour: Behaviour; navigate: Navigate };

const never = () => new Promise<never>(() => {});

/** A session whose sign-in calls behave as the story needs; nothing reaches a real provider. */
function sessionFor(auth: StaticAuthSessionOptions, behaviour: Behaviour): AuthSession {
  const base = createStaticAuthSession(auth);
  switch (behaviour) {
    case 'pending':
      return { ...base, signIn: never, completeSignIn: never, signOut: never, completeSignOut: never };
    case 'callback-fails':
      return {
        ...base,
        completeSignIn: async () => {
          throw new AuthError('sign-in-failed', 'There was an error signing in.');
        },
      };
    case 'config-missing':
      return {
        ...base,
        signIn: async () => {
          throw new AuthError('missing-configuration', "The client configuration for 'reviewdesk-web' is missing.");
        },
      };
    default:
      return { ...base, signIn: async () => 'signed-in', completeSignIn: async () => ({ returnUrl: '/task/list' }) };
  }
}

const page = (action: string, query = '') => `${globalThis.location?.origin ?? ''}/authentication/${action}${query}`;

/** `<AuthenticationPage>` renders each `/authentication/*` route and runs its action. */
const meta = {
  title: 'auth/AuthenticationPage',
  component: AuthenticationPage,
  args: {
    action: 'login',
    url: page('login', '?returnUrl=%2Ftask%2Flist'),
    navigate: fn(),
    redirect: fn(),
    behaviour: 'pending',
    auth: { status: 'signed-out' },
  },
  render: ({ auth, behaviour, navigate, ...props }) => (
    <AuthProvider session={sessionFor(auth, behaviour)} navigate={navigate}>
      <AuthenticationPage {...props} />
    </AuthProvider>
  ),
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SigningIn: Story = {
  name: 'Loading (signing in)',
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Signing in…');
    await expect(args.navigate).not.toHaveBeenCalled();
  },
};

export const SignedInAllowed: Story = {
  name: 'Allowed (signed in, back to the page)',
  args: { behaviour: 'succeeds', auth: { status: 'signed-in' } },
  play: async ({ args }) => {
    await waitFor(() => expect(args.navigate).toHaveBeenCalledWith('/task/list'));
  },
};

export const CallbackError: Story = {
  name: 'Error (callback failed)',
  args: { action: 'login-callback', url: page('login-callback', '?code=x&state=y'), behaviour: 'callback-fails' },
  play: async ({ args }) => {
    await waitFor(() =>
      expect(args.navigate).toHaveBeenCalledWith('/authentication/login-failed?error=sign-in-failed'),
    );
  },
};

export const MissingConfiguration: Story = {
  name: 'Error (missing configuration)',
  args: { behaviour: 'config-missing' },
  play: async ({ args }) => {
    await waitFor(() =>
      expect(args.navigate).toHaveBeenCalledWith('/authentication/login-failed?error=missing-configuration'),
    );
  },
};

export const LoginFailed: Story = {
  name: 'Signed out (login failed)',
  args: { action: 'login-failed', url: page('login-failed', '?error=sign-in-failed') },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('There was an error signing in.');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in again' }));
    await expect(args.navigate).toHaveBeenCalledWith('/authentication/login');
  },
};

export const LoginFailedMissingConfiguration: Story = {
  name: 'Permission denied (no client configuration)',
  args: { action: 'login-failed', url: page('login-failed', '?error=missing-configuration') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      "The client configuration for 'reviewdesk-web' is missing.",
    );
  },
};

export const LoggedOut: Story = {
  name: 'Signed out (logged out)',
  args: { action: 'logged-out', url: page('logged-out') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('You have signed out.');
    await expect(canvas.getByRole('button', { name: 'Sign in again' })).toBeVisible();
  },
};

export const SigningOut: Story = {
  name: 'Loading (signing out)',
  args: { action: 'logout', url: page('logout'), auth: { status: 'signed-in' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Signing out…');
  },
};
