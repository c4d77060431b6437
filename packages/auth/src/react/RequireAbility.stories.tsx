import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { AuthError } from '../messages';
import { createStaticAuthSession, type StaticAuthSessionOptions } from '../static-session';
import { AuthProvider } from './AuthProvider';
import type { Navigate } from './context';
import { RequireAbility, type RequireAbilityProps } from './RequireAbility';

type Args = RequireAbilityProps & { auth: StaticAuthSessionOptions; navigate: Navigate };

/** `<RequireAbility>` guards a route: the page, a redirect to sign-in, or /not-authorized. */
const meta = {
  title: 'auth/RequireAbility',
  component: RequireAbility,
  args: {
    I: 'Task.ListView',
    children: <h1>Task list</h1>,
    fallback: <p>Redirecting…</p>,
    loading: <p>Checking your permissions…</p>,
    returnUrl: '/task/list',
    navigate: fn(),
    auth: { status: 'signed-in', abilities: ['Task.ListView'] },
  },
  render: ({ auth, navigate, ...props }) => (
    <AuthProvider session={createStaticAuthSession(auth)} navigate={navigate}>
      <RequireAbility {...props} />
    </AuthProvider>
  ),
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Allowed: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Task list' })).toBeVisible();
    await expect(args.navigate).not.toHaveBeenCalled();
  },
};

export const PermissionDenied: Story = {
  args: { auth: { status: 'signed-in', abilities: ['Task.View'] } },
  play: async ({ canvas, args }) => {
    await expect(canvas.queryByRole('heading')).toBeNull();
    await expect(canvas.getByText('Redirecting…')).toBeVisible();
    await expect(args.navigate).toHaveBeenCalledWith('/not-authorized');
  },
};

export const PermissionDeniedHandledByHost: Story = {
  args: {
    auth: { status: 'signed-in', abilities: [] },
    onDenied: fn(),
    fallback: <p role="alert">You need the Task.ListView permission.</p>,
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('You need the Task.ListView permission.');
    await expect(args.onDenied).toHaveBeenCalledOnce();
    await expect(args.navigate).not.toHaveBeenCalled();
  },
};

export const SignedOut: Story = {
  args: { auth: { status: 'signed-out' } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Redirecting…')).toBeVisible();
    await expect(args.navigate).toHaveBeenCalledWith('/authentication/login?returnUrl=%2Ftask%2Flist');
  },
};

export const Loading: Story = {
  args: { auth: { status: 'loading' } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Checking your permissions…')).toBeVisible();
    await expect(args.navigate).not.toHaveBeenCalled();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: {
    auth: {
      status: 'error',
      error: new AuthError('missing-configuration', "The client configuration for 'reviewdesk-web' is missing."),
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      "The client configuration for 'reviewdesk-web' is missing.",
    );
  },
};
