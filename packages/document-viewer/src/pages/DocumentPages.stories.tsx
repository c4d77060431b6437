import type { Meta, StoryObj } from '@storybook/react-vite';
import { useRef, useState } from 'react';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import '../styles/pages.css';
import { DocumentPages } from './DocumentPages';
import {
  azureFieldBoxes,
  gridBoxes,
  imagePage,
  invoicePages,
  loadAzureWords,
  manyPages,
  pdfPage,
} from './story-fixtures';
import type { DocumentPagesHandle, DocumentPagesProps, FitMode } from './types';

/**
 * A small host around <DocumentPages>: it owns zoom, fit and selection like the viewer does, so
 * the stories exercise the controlled props and the imperative handle.
 */
function Harness(props: DocumentPagesProps) {
  const ref = useRef<DocumentPagesHandle>(null);
  const [zoom, setZoom] = useState(props.zoom);
  const [fit, setFit] = useState<FitMode>(props.fit ?? null);
  const [selected, setSelected] = useState(props.selectedBoxId ?? null);
  const [page, setPage] = useState(1);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100vh' }}>
      <div className="rd-sb-toolbar" style={{ display: 'flex', gap: 8, padding: 8, alignItems: 'center' }}>
        <button
          type="button"
          onClick={() => {
            setFit(null);
            setZoom((z) => Math.min(8, z * 1.25));
          }}
        >
          Zoom in
        </button>
        <button
          type="button"
          onClick={() => {
            setFit(null);
            setZoom((z) => Math.max(0.1, z / 1.25));
          }}
        >
          Zoom out
        </button>
        <button type="button" onClick={() => setFit('width')}>
          Fit width
        </button>
        <button type="button" onClick={() => setFit('page')}>
          Fit page
        </button>
        <button type="button" onClick={() => ref.current?.scrollToPage(props.pages.length)}>
          Last page
        </button>
        <button type="button" onClick={() => ref.current?.scrollToPage(1)}>
          First page
        </button>
        <output aria-label="Current page">{page}</output>
        <output aria-label="Zoom">{Math.round(zoom * 100)}%</output>
        <output aria-label="Selected box">{selected ?? 'none'}</output>
      </div>
      <div style={{ flex: 1, minHeight: 0 }}>
        <DocumentPages
          {...props}
          ref={ref}
          zoom={zoom}
          fit={fit}
          selectedBoxId={selected}
          onZoomChange={(z) => {
            setZoom(z);
            props.onZoomChange?.(z);
          }}
          onSelectBox={(id) => {
            setSelected(id);
            props.onSelectBox?.(id);
          }}
          onVisiblePageChange={(n) => {
            setPage(n);
            props.onVisiblePageChange?.(n);
          }}
        />
      </div>
    </div>
  );
}

const meta = {
  title: 'document-viewer/pages/DocumentPages',
  component: DocumentPages,
  render: (args) => <Harness {...args} />,
  args: {
    pages: invoicePages,
    boxes: [],
    zoom: 1,
    onSelectBox: fn(),
    onHoverBox: fn(),
    onZoomChange: fn(),
    onDrawBox: fn(),
    onSelectOcrWords: fn(),
    onVisiblePageChange: fn(),
    onMountedPagesChange: fn(),
  },
  loaders: [async () => ({ words: await loadAzureWords() })],
} satisfies Meta<typeof DocumentPages>;

export default meta;
type Story = StoryObj<typeof meta>;

const pageCanvas = (root: HTMLElement, n: number) =>
  root.querySelector<HTMLCanvasElement>(`.rd-page[data-page-number="${n}"] .react-pdf__Page__canvas`);
const pageSlot = (root: HTMLElement, n: number) => root.querySelector<HTMLElement>(`.rd-page[data-page-number="${n}"]`);
/** Client point at page-unit coordinates of an upright page, for pointer events. */
function clientPoint(slot: HTMLElement, x: number, y: number, zoom: number) {
  const rect = slot.getBoundingClientRect();
  return { clientX: rect.left + x * zoom, clientY: rect.top + y * zoom };
}

/** Three one-page PDFs from the fixtures, scrolled by the handle; the page indicator follows. */
export const MultiPagePdf: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(pageCanvas(canvasElement, 1)).not.toBeNull(), { timeout: 10000 });
    await expect(canvas.getByRole('group', { name: 'Page 1 of 3' })).toBeVisible();
    await expect(args.onMountedPagesChange).toHaveBeenCalledWith([1, 2, 3]);
    await userEvent.click(canvas.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(canvas.getByLabelText('Current page')).toHaveTextContent('3'));
    await expect(args.onVisiblePageChange).toHaveBeenLastCalledWith(3);
    await waitFor(() => expect(pageCanvas(canvasElement, 3)).not.toBeNull(), { timeout: 10000 });
  },
};

/** An image page fetched with the bearer token and shown through an object URL. */
export const ImagePage: Story = {
  args: { pages: [imagePage] },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('.rd-page-image')).not.toBeNull(), { timeout: 10000 });
    const image = canvasElement.querySelector<HTMLImageElement>('.rd-page-image');
    await expect(image?.src).toMatch(/^blob:/);
    await expect(pageSlot(canvasElement, 1)?.style.width).toBe('789px');
  },
};

/**
 * 5,000 boxes on one page: one canvas culled to the viewport and painted by the engine's box
 * worker (OffscreenCanvas), hit-testing through rbush.
 */
export const FiveThousandBoxes: Story = {
  // axe over 5,000 identical hidden buttons takes longer than the story timeout on a loaded
  // machine (it walks every node even when they are excluded); the same markup is checked with a
  // handful of boxes in SelectionAndHover and every other story.
  parameters: { a11y: { test: 'off' } },
  args: { pages: [invoicePages[0] as (typeof invoicePages)[number]], boxes: gridBoxes(5000) },
  play: async ({ canvasElement, args }) => {
    const slot = pageSlot(canvasElement, 1) as HTMLElement;
    const boxCanvas = slot.querySelector<HTMLCanvasElement>('canvas.rd-page-boxes') as HTMLCanvasElement;
    await expect(boxCanvas).not.toBeNull();
    // Handed to the worker: the element has no 2D context of its own any more...
    await expect(() => boxCanvas.getContext('2d')).toThrow();
    // ...and is placed over the page once the worker reports its bitmap painted.
    await waitFor(() => expect(boxCanvas.style.width).not.toBe(''));
    await expect(slot.querySelectorAll('.rd-box-list button')).toHaveLength(5000);
    // Hover the first cell of the grid: the highlight is a DOM element above the canvas.
    fireEvent.pointerMove(slot, { ...clientPoint(slot, 4, 4, 1), pointerId: 1, pointerType: 'mouse' });
    await waitFor(() => expect(slot.querySelector('.rd-box-highlight-hover')).not.toBeNull());
    await expect(args.onHoverBox).toHaveBeenLastCalledWith('box-0');
  },
};

/** Click and keyboard selection: a hidden list of the boxes in reading order, Enter selects. */
export const SelectionAndHover: Story = {
  args: { pages: [invoicePages[0] as (typeof invoicePages)[number]] },
  render: (args, { loaded }) => <Harness {...args} boxes={azureFieldBoxes(loaded.words)} selectedBoxId="total" />,
  play: async ({ canvasElement, args, loaded }) => {
    const canvas = within(canvasElement);
    const slot = pageSlot(canvasElement, 1) as HTMLElement;
    const boxes = azureFieldBoxes(loaded.words);
    await expect(slot.querySelector('.rd-box-highlight-selected[data-box-id="total"]')).not.toBeNull();
    const zip = boxes.find((b) => b.id === 'zip')?.box;
    if (!zip) throw new Error('fixture without the postcode');
    const at = clientPoint(slot, zip.left + zip.width / 2, zip.top + zip.height / 2, 1);
    fireEvent.pointerMove(slot, { ...at, pointerId: 1, pointerType: 'mouse' });
    await waitFor(() => expect(slot.querySelector('.rd-box-highlight-hover[data-box-id="zip"]')).not.toBeNull());
    await expect(slot.querySelector('.rd-box-highlight-hover')?.getAttribute('title')).toBe(
      'Postcode: 94538 — Invalid value',
    );
    fireEvent.pointerDown(slot, { ...at, pointerId: 1, button: 0, pointerType: 'mouse' });
    fireEvent.pointerUp(slot, { ...at, pointerId: 1, button: 0, pointerType: 'mouse' });
    await expect(args.onSelectBox).toHaveBeenLastCalledWith('zip');
    await waitFor(() => expect(canvas.getByLabelText('Selected box')).toHaveTextContent('zip'));
    // Keyboard: the selected box is the list's Tab stop; arrows move, Enter selects.
    const list = canvas.getByRole('list', { name: /Fields on page 1/ });
    const pressed = within(list).getByRole('button', { pressed: true });
    await expect(pressed).toHaveAccessibleName('Postcode: 94538 — Invalid value');
    pressed.focus();
    await waitFor(() => expect(slot.querySelector('.rd-box-highlight-focus[data-box-id="zip"]')).not.toBeNull());
    await userEvent.keyboard('{Home}{Enter}');
    await expect(args.onSelectBox).toHaveBeenLastCalledWith('issuer');
  },
};

/** OCR words as transparent text; with selectingText a drag reports the words under it. */
export const OcrLayer: Story = {
  args: { pages: [invoicePages[0] as (typeof invoicePages)[number]], showOcrLayer: true, selectingText: true },
  render: (args, { loaded }) => <Harness {...args} ocrWords={{ 1: loaded.words }} />,
  play: async ({ canvasElement, args }) => {
    const slot = pageSlot(canvasElement, 1) as HTMLElement;
    await waitFor(() => expect(slot.querySelectorAll('.rd-page-ocr text').length).toBe(162));
    // "Azure Interior" sits at about (30–93, 46–57) in page units.
    fireEvent.pointerDown(slot, { ...clientPoint(slot, 25, 44, 1), pointerId: 2, button: 0, pointerType: 'mouse' });
    fireEvent.pointerMove(slot, { ...clientPoint(slot, 95, 58, 1), pointerId: 2, pointerType: 'mouse' });
    await expect(slot.querySelector('.rd-page-drag-words')).not.toBeNull();
    fireEvent.pointerUp(slot, { ...clientPoint(slot, 95, 58, 1), pointerId: 2, button: 0, pointerType: 'mouse' });
    await expect(args.onSelectOcrWords).toHaveBeenCalledTimes(1);
    const [pageNumber, words] = (args.onSelectOcrWords as ReturnType<typeof fn>).mock.calls[0] as [
      number,
      { text: string }[],
    ];
    await expect(pageNumber).toBe(1);
    await expect(words.map((w) => w.text)).toEqual(['Azure', 'Interior']);
  },
};

/** Drawing mode: a drag reports a rectangle in page units; Escape cancels a drag. */
export const Drawing: Story = {
  args: { pages: [invoicePages[0] as (typeof invoicePages)[number]], drawing: true, zoom: 1.5 },
  play: async ({ canvasElement, args }) => {
    const slot = pageSlot(canvasElement, 1) as HTMLElement;
    await waitFor(() => expect(slot.style.width).toBe(`${595 * 1.5}px`));
    fireEvent.pointerDown(slot, { ...clientPoint(slot, 100, 100, 1.5), pointerId: 3, button: 0, pointerType: 'mouse' });
    fireEvent.pointerMove(slot, { ...clientPoint(slot, 140, 120, 1.5), pointerId: 3, pointerType: 'mouse' });
    await expect(slot.querySelector('.rd-page-drag-draw')).not.toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(slot.querySelector('.rd-page-drag-draw')).toBeNull());
    fireEvent.pointerUp(slot, { ...clientPoint(slot, 140, 120, 1.5), pointerId: 3, button: 0, pointerType: 'mouse' });
    await expect(args.onDrawBox).not.toHaveBeenCalled();
    fireEvent.pointerDown(slot, { ...clientPoint(slot, 100, 100, 1.5), pointerId: 4, button: 0, pointerType: 'mouse' });
    fireEvent.pointerMove(slot, { ...clientPoint(slot, 250, 130, 1.5), pointerId: 4, pointerType: 'mouse' });
    fireEvent.pointerUp(slot, { ...clientPoint(slot, 250, 130, 1.5), pointerId: 4, button: 0, pointerType: 'mouse' });
    await expect(args.onDrawBox).toHaveBeenCalledTimes(1);
    const [pageNumber, box] = (args.onDrawBox as ReturnType<typeof fn>).mock.calls[0] as [
      number,
      { left: number; top: number; width: number; height: number },
    ];
    await expect(pageNumber).toBe(1);
    await expect(box.left).toBeCloseTo(100, 0);
    await expect(box.top).toBeCloseTo(100, 0);
    await expect(box.width).toBeCloseTo(150, 0);
    await expect(box.height).toBeCloseTo(30, 0);
  },
};

/** Zoom animates over 200 ms then re-renders; fit width/page come from the container size. */
export const ZoomAndFit: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const pages = canvasElement.querySelector<HTMLElement>('.rd-pages') as HTMLElement;
    await expect(pages.dataset.zoom).toBe('1.000');
    await userEvent.click(canvas.getByRole('button', { name: 'Zoom in' }));
    await waitFor(() => expect(pages.dataset.zoom).toBe('1.250'));
    await waitFor(() => expect(pageSlot(canvasElement, 1)?.style.width).toBe(`${595 * 1.25}px`));
    await userEvent.click(canvas.getByRole('button', { name: 'Fit width' }));
    const expected = (pages.clientWidth - 32) / 595.276; // widest page, 16 px padding each side
    await waitFor(() => expect(Number(pages.dataset.zoom)).toBeCloseTo(expected, 2));
    await expect(args.onZoomChange).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Fit page' }));
    await waitFor(() =>
      expect(Number(pages.dataset.zoom)).toBeCloseTo(Math.min(expected, (pages.clientHeight - 32) / 842), 2),
    );
  },
};

/** A page turned a quarter (PageInfo.rotation 90): the slot is landscape, boxes follow the page. */
export const RotatedPage: Story = {
  args: { pages: [pdfPage(1, 'azure-p1.pdf', 595, 842, 90)] },
  render: (args, { loaded }) => <Harness {...args} boxes={azureFieldBoxes(loaded.words)} selectedBoxId="issuer" />,
  play: async ({ canvasElement }) => {
    const slot = pageSlot(canvasElement, 1) as HTMLElement;
    await expect(slot.style.width).toBe('842px');
    await expect(slot.style.height).toBe('595px');
    // The issuer sits top-left on the upright page, so top-right once turned clockwise.
    const highlight = slot.querySelector('.rd-box-highlight-selected') as HTMLElement;
    const s = slot.getBoundingClientRect();
    const h = highlight.getBoundingClientRect();
    await expect(h.left - s.left).toBeGreaterThan(s.width * 0.8);
    await expect(h.top - s.top).toBeLessThan(s.height * 0.2);
  },
};

/** 2,000 pages: a true scrollbar, a dozen page elements mounted at most, navigation by handle. */
export const TwoThousandPages: Story = {
  args: { pages: manyPages(2000), zoom: 0.5 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const track = canvasElement.querySelector<HTMLElement>('.rd-pages-track') as HTMLElement;
    await expect(Number.parseFloat(track.style.height)).toBeGreaterThan(2000 * 842 * 0.5);
    await expect(canvasElement.querySelectorAll('.rd-page').length).toBeLessThanOrEqual(12);
    await userEvent.click(canvas.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(pageSlot(canvasElement, 2000)).not.toBeNull());
    await expect(canvasElement.querySelectorAll('.rd-page').length).toBeLessThanOrEqual(12);
    await expect(args.onVisiblePageChange).toHaveBeenLastCalledWith(2000);
  },
};

/** The dark skin: the page stays paper-white, the surroundings and selection colours follow. */
export const DarkSkin: Story = {
  globals: { skin: 'dark' },
  args: { pages: [invoicePages[0] as (typeof invoicePages)[number]] },
  render: (args, { loaded }) => (
    <Harness {...args} boxes={azureFieldBoxes(loaded.words)} selectedBoxId="invoice-number" />
  ),
  play: async ({ canvasElement }) => {
    await expect(
      canvasElement.closest('.rd-theme-dark') ?? canvasElement.querySelector('.rd-theme-dark'),
    ).not.toBeNull();
    await waitFor(() => expect(pageCanvas(canvasElement, 1)).not.toBeNull(), { timeout: 10000 });
    await expect(canvasElement.querySelector('.rd-box-highlight-selected')).not.toBeNull();
  },
};
