import { createApiClient } from '@reviewdesk/api-client';
import { ReviewdeskProvider } from '@reviewdesk/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../styles/index.css';
import { TASK_ID } from '../test/fixtures.js';
import { createMockViewerApi } from '../test/mock-api.js';
import { DocumentViewer } from '../viewer/DocumentViewer.js';
import { mockInvoiceDocAi, TOTAL_LINE } from './mock-docai-api.js';

/**
 * DocAI in the viewer's side panel, in the whole viewer (fixtures/invoices/AzureInterior.pdf page 1)
 * against the viewer's and DocAI's calls mocked by MSW: a citation names its page and opens its
 * line's box. The chat's own states (language model, nothing found, failure) are ui's stories.
 */
const PDF_URL = '/fixtures/document-viewer/azure-p1.pdf';
const pdf = async () => (await fetch(PDF_URL)).blob().then((b) => new Blob([b], { type: 'application/pdf' }));
const storyClient = createApiClient({ baseUrl: '/', getAccessToken: () => 'storybook-token' });
const freshUser = () => `story-${Math.random().toString(36).slice(2)}`;

const meta = {
  title: 'document-viewer/DocAI',
  component: DocumentViewer,
  args: { taskId: TASK_ID, onError: fn() },
  render: (args, { globals }) => (
    <ReviewdeskProvider
      client={storyClient}
      locale={String(globals.locale ?? 'en')}
      theme={globals.skin === 'dark' ? 'dark' : 'light'}
      preferencesStorage={null}
      abilities={[{ subject: 'Task', action: 'AccessChatbot' }]}
    >
      <div style={{ height: '100vh' }}>
        <DocumentViewer {...args} userId={freshUser()} />
      </div>
    </ReviewdeskProvider>
  ),
  globals: { locale: 'en' },
  beforeEach: ({ msw }) => {
    msw.use(...createMockViewerApi({ pageFile: pdf }).handlers, ...mockInvoiceDocAi().handlers);
  },
} satisfies Meta<typeof DocumentViewer>;
export default meta;
type Story = StoryObj<typeof meta>;

const openDocAi = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByTestId('docai.toggle', {}, { timeout: 15_000 }));
  return canvas;
};

/** Ask the total, read the quoted line, open it: its box is drawn on page 1. */
export const AskTheTotal: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await openDocAi(canvasElement);
    await userEvent.type(await canvas.findByTestId('docai.question'), 'What is the total?');
    await userEvent.click(canvas.getByTestId('docai.ask'));
    const reference = await canvas.findByTestId('docai.reference.1.0');
    await expect(reference).toHaveTextContent(`Page 1${TOTAL_LINE}`);
    await expect(canvas.getByText(/Passages quoted from the document/)).toBeVisible();
    await userEvent.click(reference);
    await waitFor(() => expect(canvasElement.querySelector('button[data-box-id="docai:citation"]')).not.toBeNull());
  },
};

export const Portuguese: Story = {
  globals: { locale: 'pt' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('docai.toggle', {}, { timeout: 15_000 })).toHaveTextContent(
      'Perguntar ao DocAI',
    );
  },
};
