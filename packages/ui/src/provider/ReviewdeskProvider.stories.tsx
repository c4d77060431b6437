import { createApiClient, enumCodeOf } from '@reviewdesk/api-client';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Switch } from '../components/Field/Field';
import { TaskStatusBadge } from '../components/TaskStatusBadge/TaskStatusBadge';
import { useUiTranslation } from '../i18n/useTranslation';
import { useCan, usePreferences } from './hooks';
import { ReviewdeskProvider } from './ReviewdeskProvider';

const client = createApiClient({ baseUrl: '/', getAccessToken: () => undefined });

function Panel({ name }: { name: string }) {
  const { t, culture } = useUiTranslation();
  const can = useCan();
  const autosave = usePreferences((p) => p.autosave);
  const ocrLayer = usePreferences((p) => p.ocrLayer);
  const setPreferences = usePreferences((p) => p.setPreferences);
  return (
    <section aria-label={name} style={{ display: 'grid', gap: '0.75rem', padding: '1rem' }}>
      <strong>
        {name} · {culture}
      </strong>
      <TaskStatusBadge status={enumCodeOf('TaskStatus', 'InReview')} />
      <span>
        Task.Delete: {String(can('Task.Delete'))} · {t('common.close')}
      </span>
      <Switch label="Autosave" checked={autosave} onChange={(e) => setPreferences({ autosave: e.target.checked })} />
      <Switch label="OCR" checked={ocrLayer} onChange={(e) => setPreferences({ ocrLayer: e.target.checked })} />
    </section>
  );
}

const meta = {
  title: 'ui/ReviewdeskProvider',
  component: ReviewdeskProvider,
  args: { client },
} satisfies Meta<typeof ReviewdeskProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two embedded instances side by side: own language, skin, abilities and preferences each. */
export const TwoInstances: Story = {
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '1rem' }}>
      <ReviewdeskProvider
        client={client}
        locale="en"
        theme="light"
        abilities={[{ subject: 'Task', action: 'Delete' }]}
        preferencesStorage={null}
      >
        <Panel name="Instance A" />
      </ReviewdeskProvider>
      <ReviewdeskProvider
        client={client}
        locale="fr"
        theme="dark"
        abilities={[{ subject: 'Task', action: 'Delete' }]}
        abilityBlacklist={[{ subject: 'Task', action: 'Delete' }]}
        preferencesStorage={null}
      >
        <Panel name="Instance B" />
      </ReviewdeskProvider>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const a = within(canvas.getByRole('region', { name: 'Instance A' }));
    const b = within(canvas.getByRole('region', { name: 'Instance B' }));
    await expect(a.getByText('In review')).toBeVisible();
    await expect(b.getByText('En révision')).toBeVisible();
    await expect(a.getByText(/Task.Delete: true/)).toBeVisible();
    await expect(b.getByText(/Task.Delete: false/)).toBeVisible();
    await userEvent.click(a.getByRole('switch', { name: 'OCR' }));
    await expect(a.getByRole('switch', { name: 'OCR' })).toBeChecked();
    await expect(b.getByRole('switch', { name: 'OCR' })).not.toBeChecked();
  },
};

/** The device preferences with their spec defaults (autosave on, OCR layer off). */
export const Preferences: Story = {
  render: () => <Panel name="Preferences" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('switch', { name: 'Autosave' })).toBeChecked();
    await expect(canvas.getByRole('switch', { name: 'OCR' })).not.toBeChecked();
  },
};
