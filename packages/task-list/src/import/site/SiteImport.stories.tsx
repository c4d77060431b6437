import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StoryProvider } from '../../test/StoryProvider';
import { common, STORY_WORKSPACE } from '../../test/story-mocks';
import '../../styles/index.css';
import { ImportDialog } from '../ImportDialog';

const item = (folderPath: string, name: string, isFolder = false) => ({
  id: `${folderPath === '/' ? '' : folderPath}/${name}`,
  name,
  isFile: !isFolder,
  isFolder,
  folderPath,
});

/** A workspace connected to the tenant's "financas" share, with an Invoices folder of three files. */
const site = [
  http.get('*/SdWorkspace/Configuration', () =>
    HttpResponse.json({
      workspaceId: STORY_WORKSPACE,
      storageConfig: { serviceName: 'financas', exportDirectoryPath: '/Exports' },
    }),
  ),
  http.get('*/SharePoint/Items/:serviceName', ({ request }) => {
    const folder = new URL(request.url).searchParams.get('directoryPath') || '/';
    if (folder === '/') return HttpResponse.json([item('/', 'Faturas', true), item('/', 'Exports', true)]);
    if (folder === '/Faturas') {
      return HttpResponse.json([
        item('/Faturas', 'Fatura 0190.pdf'),
        item('/Faturas', 'Fatura grande.pdf'),
        item('/Faturas', 'notas.docx'),
      ]);
    }
    return HttpResponse.json([]);
  }),
  http.post('*/SdTask/Process', async ({ request }) => {
    const body = (await request.json()) as { context: { sharePointItemId: string } };
    if (body.context.sharePointItemId.includes('grande')) {
      return HttpResponse.json(
        { message: 'Refused', errors: [{ code: 13, message: 'The file is larger than this workspace allows.' }] },
        { status: 400 },
      );
    }
    return HttpResponse.json({ taskId: '99999999-9999-4999-8999-999999999999', externalId: null });
  }),
];

/** The import dialog of a workspace with a file-sharing site: browse its folders and import files from it. */
const meta = {
  title: 'task-list/ImportDialog/FromSite',
  component: ImportDialog,
  args: { workspaceId: STORY_WORKSPACE, open: true, onClose: fn(), onOpenImported: fn() },
  render: (args, { globals }) => (
    <StoryProvider globals={globals}>
      <ImportDialog {...args} />
    </StoryProvider>
  ),
  beforeEach: ({ msw }) => {
    msw.use(...site, ...common);
  },
} satisfies Meta<typeof ImportDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The site's tab, opened with the keyboard: arrow to the tab, then into the Faturas folder. */
export const Browsing: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const computer = await page.findByRole('tab', { name: 'Este computador' });
    computer.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(page.getByRole('tab', { name: 'Site de partilha financas' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(await page.findByRole('button', { name: 'Abrir a pasta Faturas' }));
    await expect(await page.findByTestId('import.site.file.notas.docx')).toBeInTheDocument();
  },
};

/** Every file of the folder chosen: one imported, one refused by the server as too large, one of a type the workspace does not take. */
export const ImportedWithRefusals: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await page.findByRole('tab', { name: 'Site de partilha financas' }));
    await userEvent.click(await page.findByRole('button', { name: 'Abrir a pasta Faturas' }));
    await userEvent.click(await page.findByLabelText('Escolher os 3 ficheiros desta pasta'));
    const notes = page.getByTestId('import.site.entry.notas.docx');
    await expect(notes).toHaveAttribute('data-status', 'invalid');
    await expect(page.getByTestId('import.start').textContent).toContain('Importar 2 ficheiros do site');
    await userEvent.click(page.getByTestId('import.start'));
    const big = page.getByTestId('import.site.entry.Fatura grande.pdf');
    await expect(await within(big).findByRole('alert')).toHaveTextContent('Fatura grande.pdf não foi importado');
    await expect(page.getByTestId('import.site.entry.Fatura 0190.pdf')).toHaveAttribute('data-status', 'done');
    await expect(page.getByTestId('import.site.progress').textContent).toBe('1 de 2 importados');
  },
};

/** Another language (English) and the site unreachable: the connector's refusal with a retry. */
export const SiteUnreachable: Story = {
  globals: { locale: 'en' },
  beforeEach: ({ msw }) => {
    msw.use(
      http.get('*/SharePoint/Items/:serviceName', () =>
        HttpResponse.json(
          { message: 'Unreachable', errors: [{ code: 10, message: 'The site did not answer.' }] },
          {
            status: 400,
          },
        ),
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await page.findByRole('tab', { name: 'File-sharing site financas' }));
    await expect(await page.findByRole('button', { name: /retry|try again/i })).toBeInTheDocument();
  },
};
