import 'fake-indexeddb/auto';
import { createApiClient } from '@reviewdesk/api-client';
import { ReviewdeskProvider } from '@reviewdesk/ui';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { forwardRef, useImperativeHandle } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocumentPagesHandle, DocumentPagesProps } from '../pages/types.js';
import { invoiceConfig } from '../test/fixtures.js';
import { createMockViewerApi, type MockViewerOptions } from '../test/mock-api.js';
import { DocumentViewer, type DocumentViewerProps } from './DocumentViewer.js';

// The page engine draws with pdf.js in a real browser (see its own tests and the stories); here a
// stand-in renders each box as a button and records what the viewer asked of it.
const engine = vi.hoisted(() => ({ scrolledTo: [] as string[], props: null as DocumentPagesProps | null }));
vi.mock('../pages/index.js', () => ({
  DocumentPages: forwardRef<DocumentPagesHandle, DocumentPagesProps>(function StubPages(props, ref) {
    engine.props = props;
    useImperativeHandle(ref, () => ({
      scrollToPage: () => undefined,
      scrollToBox: (id) => engine.scrolledTo.push(id),
    }));
    return (
      <div data-testid="stub-pages" data-drawing={props.drawing || undefined}>
        {props.boxes.map((box) => (
          <button
            key={box.id}
            type="button"
            aria-pressed={props.selectedBoxId === box.id}
            onClick={() => props.onSelectBox?.(box.id)}
          >
            {box.label}
          </button>
        ))}
      </div>
    );
  }),
  PageThumbnails: () => null,
}));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  engine.scrolledTo = [];
});
afterAll(() => server.close());

let n = 0;
function renderViewer(mock: MockViewerOptions = {}, props: Partial<DocumentViewerProps> = {}) {
  const api = createMockViewerApi(mock);
  server.use(...api.handlers);
  const client = createApiClient({
    baseUrl: 'https://api.reviewdesk.test',
    getAccessToken: () => 't',
    fetch: (r) => globalThis.fetch(r),
  });
  const utils = render(
    <ReviewdeskProvider client={client} locale="en" preferencesStorage={null}>
      <DocumentViewer taskId={api.init.taskId} userId={`user-${++n}`} {...props} />
    </ReviewdeskProvider>,
  );
  return { api, ...utils };
}

const text = (element: Element) => element.textContent ?? '';
const attr = (element: Element, name: string) => element.getAttribute(name);
const value = (element: Element) => (element as HTMLInputElement).value;
const totalInput = () => screen.getByRole('textbox', { name: 'Total value' });

describe('<DocumentViewer>', () => {
  it('lists the fields in the workspace order with confidence, flags and required marks', async () => {
    renderViewer();
    await screen.findByRole('textbox', { name: 'Invoice number value' });
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings.slice(0, 3)).toEqual(['Invoice number*Required', 'Vendor', 'Invoice date']);
    expect(headings.at(-1)).toContain('Not a field of this workspace'); // IncotermCode, unknown to the workspace
    expect(attr(totalInput(), 'aria-invalid')).toBe('true');
    expect(text(screen.getByTestId('field.DueDate'))).toContain('Very low confidence');
    expect(text(screen.getByTestId('field.DueDate'))).toContain('42%');
    expect(text(screen.getByTestId('panel.attention'))).toContain('4 fields need attention');
    // The unknown field's boxes get a random colour at opacity 0.32 (alpha 0x52).
    const unknown = engine.props?.boxes.find((b) => b.id === '0.1.a8');
    expect(unknown?.fill).toMatch(/^#[0-9a-f]{6}52$/);
    expect(engine.props?.boxes.find((b) => b.id === '0.1.a7')?.flags).toEqual(['low-confidence', 'invalid']);
  });

  it('checks the pattern as the user types and autosaves the correction', async () => {
    const onSaveStateChange = vi.fn();
    const { api } = renderViewer({}, { onSaveStateChange });
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Total value' });
    await user.clear(totalInput());
    expect(text(screen.getByTestId('field.InvoiceTotal'))).toContain('Required: enter a value.');
    await user.type(totalInput(), '279.84');
    expect(attr(totalInput(), 'aria-invalid')).toBeNull();
    await waitFor(() => expect(text(screen.getByTestId('save.state'))).toContain('All changes saved'), {
      timeout: 3000,
    });
    expect(api.state.pages[1]?.version).toBe(2);
    // Unsaved from the first keystroke, then one save. Read from the reported states rather than the
    // indicator right after typing: the autosave starts 500 ms after the last keystroke, and on a busy
    // machine typing and rendering can take that long, so the indicator may already say "Saving…".
    const states = onSaveStateChange.mock.calls.map(([state]) => state);
    expect(states.filter((state, i) => state !== states[i - 1]).slice(-3)).toEqual(['unsaved', 'saving', 'saved']);
  });

  it('registers a value typed into an empty field with the first keystroke, keeping the focus', async () => {
    const { api } = renderViewer();
    const user = userEvent.setup();
    const empty = await screen.findByRole('textbox', { name: 'Purchase order value' });
    await user.click(empty);
    await user.type(empty, 'P');
    // Registered before the field is left: the badge never says saved while it is unsent.
    expect(text(screen.getByTestId('save.state'))).toMatch(/Unsaved changes|Saving…/);
    const input = screen.getByRole('textbox', { name: 'Purchase order value' });
    expect(input).toBe(document.activeElement);
    await user.keyboard('O-77');
    expect(value(screen.getByRole('textbox', { name: 'Purchase order value' }))).toBe('PO-77');
    await waitFor(() => expect(text(screen.getByTestId('save.state'))).toContain('All changes saved'), {
      timeout: 3000,
    });
    const saved = api.state.pages[1]?.entities.filter((e) => e.category === 'PurchaseOrder');
    expect(saved?.map((e) => e.keyValues[0]?.content)).toEqual(['PO-77']);
  });

  it('adds one more value of a field by drawing its box, and removes a value the reviewer added', async () => {
    const { api } = renderViewer();
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Vendor value' });
    await user.click(screen.getAllByTestId('field.VendorName.add')[0] as HTMLElement);
    await waitFor(() => expect(attr(screen.getByTestId('stub-pages'), 'data-drawing')).toBe('true'));
    act(() => engine.props?.onDrawBox?.(1, { left: 100, top: 200, width: 120, height: 30 }));
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: 'Vendor value' })).toHaveLength(2));
    expect(attr(screen.getByTestId('stub-pages'), 'data-drawing')).toBeNull();
    await waitFor(() => expect(text(screen.getByTestId('save.state'))).toContain('All changes saved'), {
      timeout: 3000,
    });
    const vendors = () => api.state.pages[1]?.entities.filter((e) => e.category === 'VendorName') ?? [];
    expect(vendors()).toHaveLength(2);
    expect(vendors()[1]?.keyValues[0]?.boundingBox).toBeTruthy();
    // Only the value the reviewer added offers its removal; the detected one is marked instead.
    const removals = screen.getAllByTestId('field.VendorName.remove');
    expect(removals).toHaveLength(1);
    await user.click(removals[0] as HTMLElement);
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: 'Vendor value' })).toHaveLength(1));
    await waitFor(() => expect(vendors()).toHaveLength(1), { timeout: 3000 });
    expect(vendors()[0]?.keyValues[0]?.content).toBe('Azure Interior');
  });

  it('opens with the keyboard on the first value needing attention; one tab stop per field, chips by arrow keys', async () => {
    renderViewer();
    const user = userEvent.setup();
    // Invoice number is fine; the first value needing attention is the due date (42 %).
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Due date value' })).toBe(document.activeElement));
    await user.keyboard('{Alt>}s{/Alt}');
    expect(text(screen.getByTestId('field.DueDate'))).toContain('Checked');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Reference value' })).toBe(document.activeElement);
    await user.tab({ shift: true });
    await user.keyboard('{ArrowDown}');
    const chips = within(screen.getByRole('group', { name: /Due date/ })).getAllByRole('button');
    expect(chips[0]).toBe(document.activeElement);
    await user.keyboard('{ArrowRight}');
    expect(chips[1]).toBe(document.activeElement);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(chips.at(-1)).toBe(document.activeElement);
    await user.keyboard('{ArrowRight}');
    expect(chips[0]).toBe(document.activeElement);
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('textbox', { name: 'Due date value' })).toBe(document.activeElement);
  });

  it('selects a field from its box and scrolls to the box from the panel', async () => {
    renderViewer();
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Total value' });
    await user.click(screen.getByRole('button', { name: /^Vendor: Azure Interior/ }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Vendor value' })).toBe(document.activeElement));
    expect(attr(screen.getByRole('button', { name: /^Vendor: Azure Interior/ }), 'aria-pressed')).toBe('true');
    await user.click(screen.getByRole('textbox', { name: 'Due date value' }));
    expect(engine.scrolledTo.at(-1)).toBe('0.1.a4');
  });

  it('walks the fields needing attention with the keyboard and marks one as checked', async () => {
    renderViewer();
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Total value' });
    await user.click(screen.getByRole('textbox', { name: 'Invoice number value' }));
    await user.keyboard('{Alt>}n{/Alt}');
    expect(screen.getByRole('textbox', { name: 'Due date value' })).toBe(document.activeElement);
    await user.keyboard('{Alt>}s{/Alt}');
    expect(text(screen.getByTestId('field.DueDate'))).toContain('Checked');
    expect(text(screen.getByTestId('panel.attention'))).toContain('3 fields need attention');
    await user.keyboard('{Alt>}n{/Alt}');
    expect(screen.getByRole('textbox', { name: 'Purchase order value' })).toBe(document.activeElement);
    await user.keyboard('{Alt>}p{/Alt}');
    expect(screen.getByRole('textbox', { name: 'Due date value' })).not.toBe(document.activeElement);
  });

  it('keeps shortcuts inside the viewer unless the host opts in', async () => {
    renderViewer();
    await screen.findByRole('textbox', { name: 'Total value' });
    await act(async () => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '?', bubbles: true }));
    });
    expect(screen.queryByTestId('shortcuts.help')).toBeNull();
    const user = userEvent.setup();
    screen.getByRole('toolbar').focus();
    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(text(await screen.findByTestId('shortcuts.help'))).toContain('Next field to check');
  });

  it('edits a table: rows renumbered after a delete, header keys letters and digits only', async () => {
    const { api } = renderViewer();
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Table Line items' });
    await user.click(screen.getByRole('button', { name: 'Delete row 1' }));
    expect(value(within(table).getByRole('textbox', { name: 'Description, row 1' }))).toBe('Office Chair');
    await user.type(screen.getByRole('textbox', { name: 'New column key' }), 'Tax rate');
    expect(text(screen.getByTestId('table.Items'))).toContain('Letters and digits only');
    await user.clear(screen.getByRole('textbox', { name: 'New column key' }));
    await user.type(screen.getByRole('textbox', { name: 'New column key' }), 'TaxRate{Enter}');
    expect(value(within(table).getByRole('textbox', { name: 'TaxRate, row 1' }))).toBe('');
    await waitFor(() => expect(text(screen.getByTestId('save.state'))).toContain('All changes saved'), {
      timeout: 3000,
    });
    const saved = api.state.pages[1]?.entities.find((e) => e.category === 'Items')?.table;
    expect(saved?.rowCount).toBe(1);
    expect(saved?.tableRows['0']?.[0]?.rowIndex).toBe(0);
    expect(saved?.tableHeaders.map((h) => h.uniqueId)).toEqual(['Description', 'Amount', 'TaxRate']);
  });

  it('shows the columns of a table under the names the workspace gives them, unnamed ones under their keys', async () => {
    const named = invoiceConfig();
    named.categories = named.categories
      .filter((c) => c.categoryKey !== 'Description')
      .map((c) => (c.categoryKey === 'Amount' ? { ...c, displayName: 'Line amount' } : c));
    renderViewer({ init: { workspaceConfig: named } });
    const table = await screen.findByRole('table', { name: 'Table Line items' });
    const headers = within(table).getAllByRole('columnheader').slice(1);
    expect(headers.map((h) => h.textContent?.replace('×', '').trim())).toEqual(['Description', 'Line amount']);
    expect(within(table).getByRole('textbox', { name: 'Line amount, row 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete column Line amount' })).toBeTruthy();
  });

  it('asks for confirmation, shows refused fields, then finishes', async () => {
    const onFinishReview = vi.fn();
    renderViewer({}, { onFinishReview });
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Total value' });
    await user.click(screen.getByTestId('toolbar.finish'));
    await user.click(await screen.findByTestId('finish.confirm'));
    expect(text(await screen.findByTestId('banner.finish-error'))).toContain('Some fields need attention');
    await user.clear(totalInput());
    await user.type(totalInput(), '279.84');
    const po = screen.getByRole('textbox', { name: 'Purchase order value' });
    await user.type(po, '444{Enter}');
    await user.click(screen.getByTestId('toolbar.finish'));
    await user.click(await screen.findByTestId('finish.confirm'));
    expect(text(await screen.findByTestId('viewer.finished'))).toContain('Review finished');
    expect(onFinishReview).toHaveBeenCalledWith(expect.objectContaining({ reviewCompleted: true }));
  });

  it('opens read-only, saying who holds the task', async () => {
    renderViewer({
      checkoutRefusal: 3,
      init: {
        isCheckedOut: true,
        checkout: {
          taskId: 'x',
          checkedOutBy: 'u2',
          checkedOutByUserName: 'Maria Silva',
          until: new Date(Date.now() + 60_000).toISOString(),
          checkoutExpireMinutes: 15,
        },
      },
    });
    expect(text(await screen.findByTestId('banner.read-only'))).toContain('Maria Silva is reviewing this task');
    expect(attr(screen.getByRole('textbox', { name: 'Total value' }), 'readonly')).not.toBeNull();
    expect(screen.queryByTestId('toolbar.finish')).toBeNull();
  });

  it('shows a task still in the pipeline', async () => {
    renderViewer({ init: { status: 41 } });
    expect(text(await screen.findByTestId('viewer.processing'))).toContain('RecognizingInProgress');
  });
});
