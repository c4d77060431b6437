import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StoryProvider } from '../test/StoryProvider';
import { common, STORY_WORKSPACE } from '../test/story-mocks';
import '../styles/index.css';
import { ImportDialog } from './ImportDialog';

const NEW_TASK = '99999999-9999-4999-8999-999999999999';

/** A tus server that takes each upload in one request, and the task it becomes. */
const tusServer = [
  http.post('*/files/', () =>
    HttpResponse.text('', { status: 201, headers: { Location: '/files/upload-1', 'Tus-Resumable': '1.0.0' } }),
  ),
  http.patch('*/files/:id', async ({ request }) => {
    const size = (await request.arrayBuffer()).byteLength;
    return HttpResponse.text('', { status: 204, headers: { 'Upload-Offset': String(size), 'Tus-Resumable': '1.0.0' } });
  }),
  http.post('*/SdTask/Process', () => HttpResponse.json({ taskId: NEW_TASK, externalId: null })),
];

/** The import dialog: choosing files, and, once every upload is a task, close or open what was imported. */
const meta = {
  title: 'task-list/ImportDialog',
  component: ImportDialog,
  args: {
    workspaceId: STORY_WORKSPACE,
    open: true,
    onClose: fn(),
    onOpenImported: fn(),
    uploadEndpoint: '/files/',
  },
  render: (args, { globals }) => (
    <StoryProvider globals={globals}>
      <ImportDialog {...args} />
    </StoryProvider>
  ),
  beforeEach: ({ msw }) => {
    msw.use(...common, ...tusServer);
  },
} satisfies Meta<typeof ImportDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ChoosingFiles: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await page.findByTestId('import.drop');
    await expect(page.getByTestId('import.start').textContent).toContain('Carregar ficheiros (0)');
  },
};

export const Imported: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    const input = await page.findByTestId('import.input');
    await userEvent.upload(input as HTMLInputElement, [
      new File(['%PDF-1.7 fatura'], 'Fatura 2026-0190.pdf', { type: 'application/pdf' }),
    ]);
    await userEvent.click(page.getByTestId('import.start'));
    await expect((await page.findByTestId('import.done', {}, { timeout: 10_000 })).textContent).toBe(
      '1 ficheiro foi importado.',
    );
    await userEvent.click(page.getByTestId('import.open'));
    await expect(args.onOpenImported).toHaveBeenCalledWith([{ taskId: NEW_TASK, fileName: 'Fatura 2026-0190.pdf' }]);
  },
};

/**
 * A Translation workspace whose pair the server does not offer: the upload goes, the task is
 * refused (ContextInvalidOutputLanguage 1025) and its row says why in the person's language, the
 * server's words (the pairs it does translate) as detail.
 */
export const TranslationPairRefused: Story = {
  beforeEach: ({ msw }) => {
    msw.use(
      http.post('*/SdTask/Process', () =>
        HttpResponse.json(
          {
            succeeded: false,
            errors: [
              {
                code: 1025,
                message:
                  'Translation English → German is not available on this server (Apertium (rule-based machine translation, offline)); it translates English → Spanish, Spanish → English.',
              },
            ],
          },
          { status: 400 },
        ),
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const input = await page.findByTestId('import.input');
    await userEvent.upload(input as HTMLInputElement, [
      new File(['%PDF-1.7 contrato'], 'Contrato.pdf', { type: 'application/pdf' }),
    ]);
    await userEvent.click(page.getByTestId('import.start'));
    const refusal = await page.findByTestId('import.file.refusal', {}, { timeout: 10_000 });
    await expect(refusal.textContent).toContain('Falta a língua de destino, ou este servidor não traduz para ela.');
    await expect(refusal.textContent).toContain('English → German is not available');
    await expect(refusal.textContent).toContain('it translates English → Spanish');
    await expect(page.getByTestId('import.file.Contrato.pdf').getAttribute('data-status')).toBe('failed');
  },
};
