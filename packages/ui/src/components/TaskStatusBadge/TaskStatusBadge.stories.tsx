import { enumCodeOf, enumMembers } from '@reviewdesk/api-client';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TaskStatusBadge } from './TaskStatusBadge';

const meta = {
  title: 'ui/TaskStatusBadge',
  component: TaskStatusBadge,
  args: { status: enumCodeOf('TaskStatus', 'ToReview') },
} satisfies Meta<typeof TaskStatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ToReviewPortuguese: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Para rever')).toBeVisible();
  },
};

export const ToReviewEnglish: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('To review')).toBeVisible();
  },
};

export const Failed: Story = {
  args: { status: enumCodeOf('TaskStatus', 'RecognizingFailed') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Reconhecimento falhou')).toBeVisible();
  },
};

export const UnknownCode: Story = {
  args: { status: 999 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Estado desconhecido (999)')).toBeVisible();
  },
};

const all = (
  <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', maxWidth: '60rem' }}>
    {enumMembers('TaskStatus').map(({ code }) => (
      <TaskStatusBadge key={code} status={code} />
    ))}
  </div>
);

export const AllStatuses: Story = { render: () => all };

export const AllStatusesDarkSpanish: Story = { globals: { skin: 'dark', locale: 'es' }, render: () => all };
