import 'fake-indexeddb/auto';
import { createApiClient } from '@reviewdesk/api-client';
import { ReviewdeskProvider } from '@reviewdesk/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { forwardRef, useImperativeHandle } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocumentPagesHandle, DocumentPagesProps } from '../pages/types.js';
import type { Entity } from '../session/types.js';
import { invoiceConfig } from '../test/fixtures.js';
import { createMockViewerApi } from '../test/mock-api.js';
import { createMockTemplateApi } from '../test/mock-template-api.js';
import { TemplateBuilder } from './TemplateBuilder.js';

// The page engine draws with pdf.js in a real browser (stories); here a stand-in records what the
// builder gives it (boxes, drawing) and lets the test draw a box as a mouse would.
const engine = vi.hoisted(() => ({ props: null as DocumentPagesProps | null }));
vi.mock('../pages/index.js', () => ({
  DocumentPages: forwardRef<DocumentPagesHandle, DocumentPagesProps>(function StubPages(props, ref) {
    engine.props = props;
    useImperativeHandle(ref, () => ({ scrollToPage: () => undefined, scrollToBox: () => undefined }));
    return (
      <div data-testid="stub-pages" data-drawing={props.drawing || undefined}>
        {props.boxes.map((box) => (
          <span key={box.id} data-kind={box.kind}>
            {box.label}
          </span>
        ))}
      </div>
    );
  }),
  PageThumbnails: () => null,
}));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let n = 0;
const ABILITIES = ['Viewer.View', 'Templates.CreateField', 'Templates.UpdateField', 'Templates.DeleteField'].map(
  (permission) => {
    const [subject = '', action = ''] = permission.split('.');
    return { subject, action };
  },
);
function renderBuilder(language: 'en' | 'de' = 'en') {
  // A labelling workspace: its own configuration has no fields; the template brings them.
  const viewer = createMockViewerApi({
    init: {
      workspaceConfig: invoiceConfig({ categories: [], fieldOrder: [], fieldsToDetect: [], requiredFields: [] }),
    },
    pages: { 1: { pageNumber: 1, version: 1, entities: [], tables: [] } as never },
  });
  const template = createMockTemplateApi();
  server.use(...template.handlers, ...viewer.handlers);
  const client = createApiClient({
    baseUrl: 'https://api.reviewdesk.test',
    getAccessToken: () => 't',
    fetch: (r) => globalThis.fetch(r),
  });
  render(
    <ReviewdeskProvider client={client} locale={language} preferencesStorage={null} abilities={ABILITIES}>
      <TemplateBuilder taskId={viewer.init.taskId} userId={`builder-${++n}`} autosave />
    </ReviewdeskProvider>,
  );
  return { viewer, template };
}

const savedEntities = (viewer: ReturnType<typeof createMockViewerApi>): Entity[] =>
  viewer.state.pages[1]?.entities ?? [];

describe('<TemplateBuilder>', () => {
  it("lists the template's fields beside the page and in the field panel, parts after their field", async () => {
    renderBuilder();
    const builder = within(await screen.findByTestId('builder'));
    await builder.findByTestId('templates.field.NoteNumber');
    expect(builder.getByTestId('templates.field.NoteDateLabel').dataset.part).toBe('true');
    expect(builder.getByTestId('templates.field.Lines').textContent).toContain('Item*, Quantity');
    // The panel shows the template's fields, not the workspace's (which has none).
    await screen.findByTestId('field.NoteNumber');
    const panel = document.querySelector<HTMLElement>('.rd-viewer-panel') as HTMLElement;
    const headings = within(panel)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent ?? '');
    expect(headings[0]).toContain('Note number');
    expect(headings[2]).toContain('Note date › Label');
  });

  it('labels a field with the region drawn on the page: the text under it, named by its template field', async () => {
    const { viewer } = renderBuilder();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('builder.draw.NoteNumber'));
    expect(screen.getByTestId('stub-pages').dataset.drawing).toBe('true');
    // "Azure Interior" on the sample page (points).
    engine.props?.onDrawBox?.(1, { left: 28, top: 44, width: 70, height: 14 });
    await waitFor(() => expect(savedEntities(viewer).length).toBe(1), { timeout: 3000 });
    const [entity] = savedEntities(viewer);
    expect(entity?.category).toBe('NoteNumber');
    expect(entity?.keyValues[0]?.content).toBe('Azure Interior');
    expect(entity?.templateBuilderField).toEqual({ fieldUniqueId: 'f-1', type: 50, keyValues: [] });
  });

  it('places a region with the keys only: moved, resized, read out, and labelled with Enter', async () => {
    const { viewer } = renderBuilder();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('builder.keys.NoteDate'));
    const region = screen.getByTestId('builder.keyboardRegion');
    expect(region).toBe(document.activeElement);
    const status = () => screen.getByTestId('builder.regionStatus').textContent ?? '';
    expect(status()).toContain('Page 1: left 35%, top 49%, width 30%, height 3%');
    // To the top-left corner with big steps, then a little wider.
    await user.keyboard(
      '{Control>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{/Control}',
    );
    expect(status()).toContain('left 0%, top 0%');
    expect(engine.props?.boxes.find((b) => b.id === 'draft-region')?.kind).toBe('draft');
    await user.keyboard(
      '{Shift>}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{/Shift}',
    );
    expect(status()).toContain('height 10%');
    expect(status()).toContain('Azure Interior');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(savedEntities(viewer).length).toBe(1), { timeout: 3000 });
    const [entity] = savedEntities(viewer);
    expect(entity?.category).toBe('NoteDate');
    expect(entity?.templateBuilderField?.fieldUniqueId).toBe('f-2');
    expect(entity?.keyValues[0]?.content).toContain('Azure Interior');
    expect(engine.props?.boxes.some((b) => b.id === 'draft-region')).toBe(false);
  });

  it('labels a DynamicTable field as a table with its columns, whose rows are then added', async () => {
    const { viewer } = renderBuilder();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('builder.draw.Lines'));
    engine.props?.onDrawBox?.(1, { left: 28, top: 300, width: 540, height: 120 });
    await waitFor(() => expect(savedEntities(viewer).length).toBe(1), { timeout: 3000 });
    const table = savedEntities(viewer)[0]?.table;
    expect(table?.tableHeaders.map((h) => h.uniqueId)).toEqual(['Item', 'Quantity']);
    expect(table?.rowCount).toBe(0);
  });

  it('adds a field only with a valid key, and a key–value part under a field', async () => {
    const { template } = renderBuilder();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('templates.fields.add'));
    await user.type(screen.getByTestId('templates.field.key'), 'Vendor name');
    await user.type(screen.getByTestId('templates.field.name'), 'Vendor');
    await user.click(screen.getByTestId('templates.field.save'));
    expect(screen.getByTestId('templates.field-form').textContent).toContain('Only letters, digits and dots.');
    expect(template.state.posted).toEqual([]);
    await user.clear(screen.getByTestId('templates.field.key'));
    await user.type(screen.getByTestId('templates.field.key'), 'Vendor.Name');
    await user.selectOptions(screen.getByTestId('templates.field.type'), '51');
    await user.click(screen.getByTestId('templates.field.save'));
    await screen.findByTestId('templates.field.Vendor.Name');
    expect(template.state.posted[0]?.[0]).toMatchObject({ categoryKey: 'Vendor.Name', templateFieldType: 51 });
    // The new field is in the panel at once, to be drawn.
    await screen.findByTestId('field.Vendor.Name');

    await user.click(screen.getByTestId('templates.field.NoteNumber.addPart'));
    await user.type(screen.getByTestId('templates.field.key'), 'Label.1');
    await user.type(screen.getByTestId('templates.field.name'), 'Label');
    await user.click(screen.getByTestId('templates.field.save'));
    expect(screen.getByTestId('templates.field-form').textContent).toContain('Only letters and digits');
    await user.clear(screen.getByTestId('templates.field.key'));
    await user.type(screen.getByTestId('templates.field.key'), 'NoteNumberLabel');
    await user.click(screen.getByTestId('templates.field.save'));
    await screen.findByTestId('templates.field.NoteNumberLabel');
    expect(template.state.posted[1]?.[0]).toMatchObject({
      categoryKey: 'NoteNumberLabel',
      parentCategoryKey: 'NoteNumber',
    });
  });

  it('speaks German', async () => {
    renderBuilder('de');
    expect(await screen.findByRole('heading', { name: 'Vorlagen-Editor' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Bereich zeichnen: Note number' })).toBeTruthy();
  });
});
