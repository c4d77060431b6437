import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { healthFails, unhealthy } from '../../../../.storybook/msw/handlers';
import { Button } from '../components/Button/Button';
import { useApiClient } from '../provider/hooks';
import { Notice } from './Notice';
import { HealthCheckWarning, useNotices } from './useNotices';

const meta = {
  title: 'ui/Notice',
  component: Notice,
  args: { children: 'As alterações foram guardadas.' },
  decorators: [(Story) => <div style={{ maxWidth: '30rem', display: 'grid', gap: '0.75rem' }}>{Story()}</div>],
} satisfies Meta<typeof Notice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Tones: Story = {
  render: () => (
    <>
      <Notice tone="info">A tarefa está em fila para reconhecimento.</Notice>
      <Notice tone="success" title="Exportada">
        O ficheiro Excel está pronto.
      </Notice>
      <Notice tone="warning" onDismiss={() => {}}>
        A licença expira em 3 dias.
      </Notice>
      <Notice tone="error" title="Falha na exportação" onDismiss={() => {}}>
        Tente novamente mais tarde.
      </Notice>
    </>
  ),
};

export const TonesDarkSkin: Story = { ...Tones, globals: { skin: 'dark' } };

function Dismissible() {
  const [shown, setShown] = useState(true);
  return shown ? (
    <Notice tone="success" autoDismissMs={600} onDismiss={() => setShown(false)}>
      Guardado.
    </Notice>
  ) : (
    <p>Dispensado</p>
  );
}

export const AutoDismiss: Story = {
  render: () => <Dismissible />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Guardado.');
    await waitFor(() => expect(canvas.getByText('Dispensado')).toBeInTheDocument(), { timeout: 3000 });
  },
};

function ToastButton() {
  const { show } = useNotices();
  return (
    <Button variant="primary" onClick={() => show({ tone: 'success', message: 'Tarefa exportada.', durationMs: 4000 })}>
      Mostrar notificação
    </Button>
  );
}

export const Toast: Story = {
  render: () => <ToastButton />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Mostrar notificação' }));
    const region = await canvas.findByRole('region', { name: 'Notificações' });
    await expect(region).toHaveTextContent('Tarefa exportada.');
    await userEvent.click(within(region).getByRole('button', { name: 'Dispensar' }));
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Notificações' })).toBeNull());
  },
};

/* Spec §2: the health warning, through the real API client with the API mocked by MSW. */

function HealthFromApi() {
  const client = useApiClient();
  return <HealthCheckWarning check={async () => (await client.GET('/api/v{version}/HealthCheck')).data === true} />;
}

export const HealthCheckFalse: Story = {
  beforeEach: ({ msw }) => {
    msw.use(unhealthy);
  },
  render: () => <HealthFromApi />,
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('O serviço não está a responder como esperado');
  },
};

export const HealthCheckServerErrorInEnglish: Story = {
  globals: { locale: 'en' },
  beforeEach: ({ msw }) => {
    msw.use(healthFails(500));
  },
  render: () => <HealthFromApi />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('The service is not responding');
  },
};

export const HealthCheckUnauthorized: Story = {
  beforeEach: ({ msw }) => {
    msw.use(healthFails(401));
  },
  render: () => (
    <>
      <HealthFromApi />
      <p>Sem aviso em 401/403: o início de sessão trata disso.</p>
    </>
  ),
  play: async ({ canvasElement }) => {
    // Give the request time to settle, then check nothing was shown.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};
