import { createApiClient } from '@reviewdesk/api-client';
import { ReviewdeskProvider } from '@reviewdesk/ui';
import { JOURNAL_DB, openJournal } from '@reviewdesk/ui/review-session';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { DocumentResult } from '../session/types.js';
import '../styles/index.css';
import { invoicePage, TASK_ID } from '../test/fixtures.js';
import { createMockViewerApi, heldByAnother, type MockViewerOptions } from '../test/mock-api.js';
import { DocumentViewer } from './DocumentViewer.js';

/**
 * The whole review screen against the viewer's calls mocked by MSW (src/test/mock-api.ts keeps
 * page versions like the server does). The page is fixtures/invoices/AzureInterior.pdf.
 */
const PDF_URL = '/fixtures/document-viewer/azure-p1.pdf';
const pdf = async () => (await fetch(PDF_URL)).blob().then((b) => new Blob([b], { type: 'application/pdf' }));

const handlers = (options: MockViewerOptions = {}) => createMockViewerApi({ pageFile: pdf, ...options });

// The stories render their own provider from the package's public dependency (the global
// decorator's provider comes from ui's sources, another module instance with another context).
const storyClient = createApiClient({ baseUrl: '/', getAccessToken: () => 'storybook-token' });

// Each story run is its own reviewer, so no story restores another one's journal.
const freshUser = () => `story-${Math.random().toString(36).slice(2)}`;

const meta = {
  title: 'document-viewer/DocumentViewer',
  component: DocumentViewer,
  args: {
    taskId: TASK_ID,
    onSaveStateChange: fn(),
    onFinishReview: fn(),
    onCheckoutLost: fn(),
    onError: fn(),
  },
  render: (args, { globals }) => (
    <ReviewdeskProvider
      client={storyClient}
      locale={String(globals.locale ?? 'pt')}
      theme={globals.skin === 'dark' ? 'dark' : 'light'}
      preferencesStorage={null}
    >
      <div style={{ height: '100vh' }}>
        <DocumentViewer {...args} userId={args.userId ?? freshUser()} />
      </div>
    </ReviewdeskProvider>
  ),
  beforeEach: ({ msw }) => {
    msw.use(...handlers().handlers);
  },
} satisfies Meta<typeof DocumentViewer>;

export default meta;
type Story = StoryObj<typeof meta>;

const pageDrawn = (root: HTMLElement) =>
  waitFor(() => expect(root.querySelector('.rd-page canvas')).not.toBeNull(), { timeout: 15_000 });

/** A processed invoice ready for review (Portuguese, the initial language): fields, boxes, flags. */
export const Review: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox', { name: 'Valor de Total' }, { timeout: 10_000 });
    await pageDrawn(canvasElement);
    await expect(canvas.getByTestId('save.state')).toHaveTextContent('Todas as alterações gravadas');
    await expect(canvas.getByTestId('checkout.countdown')).toHaveTextContent(/Reservada durante 1[45]:/);
  },
};

/** The reviewer corrects the total; it is saved 500 ms later and the state says so. */
export const CorrectAndSave: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const total = await canvas.findByRole('textbox', { name: 'Total value' }, { timeout: 10_000 });
    await expect(total).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(total);
    await userEvent.type(total, '279.84');
    await expect(total).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(canvas.getByTestId('save.state')).toHaveTextContent('All changes saved'), {
      timeout: 5_000,
    });
    await expect(args.onSaveStateChange).toHaveBeenLastCalledWith('saved');
  },
};

/** Keyboard alone: the guided pass, marking as checked, the shortcut help. */
export const KeyboardReview: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = await canvas.findByRole('textbox', { name: 'Invoice number value' }, { timeout: 10_000 });
    first.focus();
    await userEvent.keyboard('{Alt>}n{/Alt}');
    await expect(canvas.getByRole('textbox', { name: 'Due date value' })).toHaveFocus();
    await userEvent.keyboard('{Alt>}s{/Alt}');
    await expect(canvas.getByTestId('field.DueDate')).toHaveTextContent('Checked');
    await userEvent.keyboard('{Alt>}n{/Alt}');
    await expect(canvas.getByRole('textbox', { name: 'Purchase order value' })).toHaveFocus();
    canvas.getByRole('button', { name: 'Zoom in' }).focus();
    await userEvent.keyboard('?');
    await expect(await within(canvasElement.ownerDocument.body).findByTestId('shortcuts.help')).toHaveTextContent(
      'Next field to check',
    );
  },
};

/** Someone else saved the page first: the save is refused and both versions are offered. */
export const Conflict: Story = {
  globals: { locale: 'en' },
  beforeEach: ({ msw }) => {
    const api = handlers();
    msw.use(...api.handlers);
    // Another reviewer saves page 1 as soon as this viewer has loaded it.
    setTimeout(() => api.state.bumpVersion(1), 1_000);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const total = await canvas.findByRole('textbox', { name: 'Total value' }, { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await userEvent.clear(total);
    await userEvent.type(total, '279.84');
    await expect(await canvas.findByTestId('banner.conflict', {}, { timeout: 5_000 })).toHaveTextContent(
      'Page 1 was changed by someone else',
    );
    // Who saved it and the version come from the answer's `conflicts`, not from the error's words.
    await expect(canvas.getByTestId('banner.conflict')).toHaveTextContent(
      /Saved by Another Reviewer \(version \d+\)\./,
    );
    await expect(canvas.getByTestId('save.state')).toHaveTextContent('Conflict');
    await pageDrawn(canvasElement);
  },
};

/** Another reviewer holds the checkout: read-only, with their name. */
export const ReadOnly: Story = {
  globals: { locale: 'en' },
  beforeEach: ({ msw }) => {
    msw.use(...handlers(heldByAnother()).handlers);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('banner.read-only', {}, { timeout: 10_000 })).toHaveTextContent(
      'Maria Silva is reviewing',
    );
    await expect(canvas.getByRole('textbox', { name: 'Total value' })).toHaveAttribute('readonly');
    await expect(canvas.queryByTestId('toolbar.finish')).toBeNull();
  },
};

/** Edits left on this device by a closed tab are restored, announced and saved. */
export const RestoredFromDevice: Story = {
  globals: { locale: 'en' },
  args: { userId: 'story-restored' },
  beforeEach: async () => {
    const journal = openJournal<DocumentResult>(TASK_ID, 'story-restored', JOURNAL_DB);
    const page = invoicePage(1);
    const total = page.entities.find((e) => e.category === 'InvoiceTotal');
    if (total?.keyValues[0]) total.keyValues[0].content = '279.84';
    await journal.write({ 1: { baseVersion: 1, result: page } });
    journal.close();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('banner.restored', {}, { timeout: 10_000 })).toHaveTextContent(
      'restored on page 1',
    );
    await expect(canvas.getByRole('textbox', { name: 'Total value' })).toHaveValue('279.84');
    await waitFor(() => expect(canvas.getByTestId('save.state')).toHaveTextContent('All changes saved'), {
      timeout: 5_000,
    });
  },
};

/** Loading: the answers are slow. */
export const Loading: Story = {
  beforeEach: ({ msw }) => {
    msw.use(...handlers({ delay: 60_000 }).handlers);
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toBeInTheDocument();
  },
};

/** The task is still in the pipeline; the viewer waits for it. */
export const Processing: Story = {
  globals: { locale: 'en' },
  beforeEach: ({ msw }) => {
    msw.use(...handlers({ init: { status: 41 } }).handlers);
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('viewer.processing')).toHaveTextContent(
      'RecognizingInProgress',
    );
  },
};

/** Processing failed. */
export const Failed: Story = {
  globals: { locale: 'en' },
  beforeEach: ({ msw }) => {
    msw.use(...handlers({ init: { status: 42 } }).handlers);
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Processing failed');
  },
};

/** Finish review: confirmation, refusal shown on the fields, then done. */
export const FinishReview: Story = {
  globals: { locale: 'en' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const total = await canvas.findByRole('textbox', { name: 'Total value' }, { timeout: 10_000 });
    await userEvent.clear(total);
    await userEvent.type(total, '279.84');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Purchase order value' }), '444{Enter}');
    await userEvent.click(canvas.getByTestId('toolbar.finish'));
    await userEvent.click(await body.findByTestId('finish.confirm'));
    await expect(await canvas.findByTestId('viewer.finished', {}, { timeout: 15_000 })).toHaveTextContent(
      'Review finished',
    );
    await expect(args.onFinishReview).toHaveBeenCalled();
  },
};

/** The dark skin. */
export const DarkSkin: Story = {
  globals: { skin: 'dark', locale: 'en' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('textbox', { name: 'Total value' }, { timeout: 10_000 });
    await expect(canvasElement.querySelector('.rd-viewer')?.closest('.rd-root')).toHaveClass('rd-theme-dark');
  },
};

const localeStory = (locale: string, label: string): Story => ({
  globals: { locale },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('textbox', { name: label }, { timeout: 10_000 });
  },
});

export const English = localeStory('en', 'Total value');
export const German = localeStory('de', 'Wert von Total');
export const French = localeStory('fr', 'Valeur de Total');
export const Spanish = localeStory('es', 'Valor de Total');
