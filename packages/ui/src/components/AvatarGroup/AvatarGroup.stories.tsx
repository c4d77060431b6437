import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AvatarGroup } from './AvatarGroup';

const people = [
  { id: 'u1', name: 'Ana Silva' },
  { id: 'u2', name: 'Rui Costa' },
  { id: 'u3', name: 'Marta Sousa' },
  { id: 'u4', name: 'João Pereira' },
  { id: 'u5', name: 'Inês Almeida' },
];

const meta = {
  title: 'ui/AvatarGroup',
  component: AvatarGroup,
  args: { people },
} satisfies Meta<typeof AvatarGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FiveAssignees: Story = {
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group');
    // Spec: at most 3 assignees shown, the rest as "+N".
    await expect(group.querySelectorAll('.rd-avatar:not(.rd-avatar--more)')).toHaveLength(3);
    await expect(group).toHaveTextContent('ASRCMS+2');
    await expect(within(group).getByText('+2')).toBeVisible();
    await expect(group).toHaveAccessibleName(
      'Atribuída a Ana Silva, Rui Costa, Marta Sousa, João Pereira, Inês Almeida',
    );
  },
};

export const TwoAssignees: Story = {
  args: { people: people.slice(0, 2) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText(/^\+/)).toBeNull();
  },
};

export const Unassigned: Story = {
  args: { people: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Sem atribuição')).toBeInTheDocument();
  },
};

export const Small: Story = { args: { size: 'sm' } };

export const DarkSkinInFrench: Story = {
  globals: { skin: 'dark', locale: 'fr' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('group')).toHaveAccessibleName(/^Attribuée à Ana Silva/);
  },
};
