import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { EmptyState, ErrorState, LoadingState, PermissionDeniedState } from './States';

const meta = {
  title: 'ui/States',
  component: EmptyState,
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Ainda não há nada aqui')).toBeInTheDocument();
  },
};

export const EmptyWithAction: Story = {
  args: {
    title: 'Sem tarefas',
    description: 'Importe documentos para começar.',
    action: <Button variant="primary">Importar</Button>,
  },
};

export const Loading: Story = {
  render: () => <LoadingState />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('A carregar…');
  },
};

const retry = fn();

export const ErrorWithRetry: Story = {
  render: () => <ErrorState onRetry={retry} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Ocorreu um erro');
    await userEvent.click(canvas.getByRole('button', { name: 'Tentar novamente' }));
    await expect(retry).toHaveBeenCalled();
  },
};

export const PermissionDenied: Story = { render: () => <PermissionDeniedState /> };

export const InGerman: Story = {
  globals: { locale: 'de' },
  render: () => (
    <>
      <EmptyState />
      <ErrorState onRetry={() => {}} />
      <PermissionDeniedState />
    </>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Noch nichts vorhanden')).toBeInTheDocument();
  },
};

export const DarkSkin: Story = {
  globals: { skin: 'dark' },
  render: () => (
    <>
      <LoadingState />
      <EmptyState />
      <ErrorState onRetry={() => {}} />
      <PermissionDeniedState />
    </>
  ),
};
