import { createApiClient } from '@reviewdesk/api-client';
import { ReviewdeskProvider } from '@reviewdesk/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../styles/index.css';
import { invoiceConfig, TASK_ID } from '../test/fixtures.js';
import { createMockViewerApi } from '../test/mock-api.js';
import { createMockTemplateApi, deliveryNoteFields } from '../test/mock-template-api.js';
import { TemplateBuilder } from './TemplateBuilder.js';

/**
 * The template builder against the viewer's and the template's calls mocked by MSW: a task of a
 * labelling workspace (its own configuration has no fields) and a template of a delivery note.
 * The sample page is fixtures/invoices/AzureInterior.pdf.
 */
const PDF_URL = '/fixtures/document-viewer/azure-p1.pdf';
const pdf = async () => (await fetch(PDF_URL)).blob().then((b) => new Blob([b], { type: 'application/pdf' }));

const storyClient = createApiClient({ baseUrl: '/', getAccessToken: () => 'storybook-token' });
const freshUser = () => `story-${Math.random().toString(36).slice(2)}`;
const ABILITIES = ['Viewer.View', 'Templates.CreateField', 'Templates.UpdateField', 'Templates.DeleteField'].map(
  (permission) => {
    const [subject = '', action = ''] = permission.split('.');
    return { subject, action };
  },
);

type Args = Parameters<typeof TemplateBuilder>[0] & { templateEmpty?: boolean };

const meta = {
  title: 'document-viewer/TemplateBuilder',
  component: TemplateBuilder,
  args: { taskId: TASK_ID, onSaveStateChange: fn(), onFinishReview: fn(), onError: fn() },
  render: ({ templateEmpty: _empty, ...args }, { globals }) => (
    <ReviewdeskProvider
      client={storyClient}
      locale={String(globals.locale ?? 'en')}
      theme={globals.skin === 'dark' ? 'dark' : 'light'}
      preferencesStorage={null}
      abilities={ABILITIES}
    >
      <div style={{ height: '100vh' }}>
        <TemplateBuilder {...args} userId={args.userId ?? freshUser()} />
      </div>
    </ReviewdeskProvider>
  ),
  globals: { locale: 'en' },
  beforeEach: ({ msw, args }) => {
    const viewer = createMockViewerApi({
      pageFile: pdf,
      init: {
        workspaceConfig: invoiceConfig({ categories: [], fieldOrder: [], fieldsToDetect: [], requiredFields: [] }),
      },
      pages: { 1: { pageNumber: 1, version: 1, entities: [], tables: [] } as never },
    });
    const template = createMockTemplateApi(args.templateEmpty ? [] : deliveryNoteFields());
    msw.use(...template.handlers, ...viewer.handlers);
  },
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

const pageDrawn = (root: HTMLElement) =>
  waitFor(() => expect(root.querySelector('.rd-page canvas')).not.toBeNull(), { timeout: 15_000 });

/** The template's fields beside the sample page, each with its region actions; the panel lists them too. */
export const Labelling: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const builder = within(await canvas.findByTestId('builder', {}, { timeout: 10_000 }));
    await builder.findByTestId('templates.field.NoteNumber');
    await expect(builder.getByTestId('builder.draw.Lines')).toHaveTextContent('Draw table');
    await expect(canvas.getByTestId('field.NoteDateLabel')).toBeInTheDocument();
    await pageDrawn(canvasElement);
  },
};

/** Without a mouse: the region placed with the keys, read out as it moves, labelled with Enter. */
export const PlaceWithKeys: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('builder.keys.NoteNumber', {}, { timeout: 10_000 }));
    const region = canvas.getByTestId('builder.keyboardRegion');
    await expect(region).toHaveFocus();
    await userEvent.keyboard('{Control>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{/Control}');
    await userEvent.keyboard('{Control>}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{/Control}');
    await userEvent.keyboard(
      '{Shift>}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{/Shift}',
    );
    await expect(canvas.getByTestId('builder.regionStatus')).toHaveTextContent('Azure Interior');
    await userEvent.keyboard('{Enter}');
    const value = await canvas.findByRole('textbox', { name: 'Note number value' });
    await expect((value as HTMLInputElement).value).toContain('Azure Interior');
  },
};

/** A new field with a key the rule refuses, then a key–value part under the date. */
export const AddFields: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('templates.fields.add', {}, { timeout: 10_000 }));
    await userEvent.type(canvas.getByTestId('templates.field.key'), 'Vendor name');
    await userEvent.type(canvas.getByTestId('templates.field.name'), 'Vendor');
    await userEvent.click(canvas.getByTestId('templates.field.save'));
    await expect(canvas.getByTestId('templates.field-form')).toHaveTextContent('Only letters, digits and dots.');
    await userEvent.clear(canvas.getByTestId('templates.field.key'));
    await userEvent.type(canvas.getByTestId('templates.field.key'), 'VendorName');
    await userEvent.click(canvas.getByTestId('templates.field.save'));
    await canvas.findByTestId('field.VendorName');
    await userEvent.click(canvas.getByTestId('templates.field.NoteNumber.addPart'));
    await expect(canvas.getByTestId('templates.field.type')).not.toHaveTextContent('Table');
  },
};

/** A template without fields yet: the builder says so and offers to add one. */
export const EmptyTemplate: Story = {
  args: { templateEmpty: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('This template has no fields yet.', {}, { timeout: 10_000 });
    await expect(canvas.getByTestId('templates.fields.add')).toBeEnabled();
  },
};

/** A DynamicTable field: its columns and the form's column editor. */
export const TableField: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const lines = await canvas.findByTestId('templates.field.Lines', {}, { timeout: 10_000 });
    await expect(lines).toHaveTextContent('Columns: Item*, Quantity');
    await userEvent.click(within(lines).getByRole('button', { name: 'Edit Lines' }));
    await expect(canvas.getByTestId('templates.field.columns')).toBeInTheDocument();
  },
};

export const Portuguese: Story = {
  globals: { locale: 'pt' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Construtor de modelos' }, { timeout: 10_000 });
    await canvas.findByRole('button', { name: 'Desenhar região: Note number' });
  },
};

export const German: Story = {
  globals: { locale: 'de' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { name: 'Vorlagen-Editor' }, { timeout: 10_000 });
  },
};

export const French: Story = {
  globals: { locale: 'fr' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { name: 'Éditeur de modèles' }, { timeout: 10_000 });
  },
};

export const Spanish: Story = {
  globals: { locale: 'es' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { name: 'Constructor de plantillas' }, { timeout: 10_000 });
  },
};

export const Dark: Story = {
  globals: { skin: 'dark' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('builder', {}, { timeout: 10_000 });
    await expect(canvasElement.querySelector('.rd-root')?.getAttribute('data-theme') ?? 'dark').toBe('dark');
  },
};
