import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createStaticAuthSession, type StaticAuthSessionOptions } from '../static-session';
import { AuthProvider } from './AuthProvider';
import { Can, type CanProps } from './Can';

type Args = CanProps & { auth: StaticAuthSessionOptions };

/** `<Can>` shows its children only when the signed-in user holds the permission. */
const meta = {
  title: 'auth/Can',
  component: Can,
  args: {
    I: 'Task.Review',
    children: <button type="button">Finish review</button>,
    fallback: <p>You can only view this task.</p>,
    auth: { status: 'signed-in', abilities: ['Task.View', 'Task.Review'] },
  },
  render: ({ auth, ...props }) => (
    <AuthProvider session={createStaticAuthSession(auth)}>
      <Can {...props} />
    </AuthProvider>
  ),
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Allowed: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Finish review' })).toBeVisible();
  },
};

export const PermissionDenied: Story = {
  args: { auth: { status: 'signed-in', abilities: ['Task.View'] } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.getByText('You can only view this task.')).toBeVisible();
  },
};

export const Blacklisted: Story = {
  args: { auth: { status: 'signed-in', abilities: ['Task.Review'], blacklist: ['Task.Review'] } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const AnyOf: Story = {
  args: { I: undefined, anyOf: ['Task.Review', 'Task.View'], auth: { status: 'signed-in', abilities: ['Task.View'] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Finish review' })).toBeVisible();
  },
};

export const SignedOut: Story = {
  args: { auth: { status: 'signed-out' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('You can only view this task.')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { auth: { status: 'loading' } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { auth: { status: 'error' } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.getByText('You can only view this task.')).toBeVisible();
  },
};
