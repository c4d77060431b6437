import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../styles/index.css';
import { renderEditorStory, STORY_AUDIO_URL } from '../test/editor-story.js';
import { TASK_ID, withPredefinedTexts } from '../test/fixtures.js';
import { createMockTranscriptApi } from '../test/mock-api.js';
import { TranscriptEditor } from './TranscriptEditor.js';

/**
 * The review toolbar in the widths a host gives it (a partner's 900 px panel, a 1,600 px screen,
 * a phone-wide 600 px column): always one row; what does not fit is in the "More" menu, reached
 * by keyboard like any menu button, each item with its shortcut.
 */
const render = renderEditorStory([{ subject: 'Task', action: 'ShareMediaSegment' }]);

const meta = {
  title: 'transcript-editor/Toolbar',
  component: TranscriptEditor,
  args: { taskId: TASK_ID, onError: fn() },
  parameters: { width: 900 },
  render: (args, context) => <div style={{ width: context.parameters.width as number }}>{render(args, context)}</div>,
  globals: { locale: 'en' },
  beforeEach: ({ msw }) => {
    msw.use(...createMockTranscriptApi({ init: withPredefinedTexts(), data: { urlResult: STORY_AUDIO_URL } }).handlers);
  },
} satisfies Meta<typeof TranscriptEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every action of a reviewer's toolbar (with the share of a segment and predefined texts). */
const ACTION_TEST_IDS = [
  'toolbar.search',
  'toolbar.speakers',
  'toolbar.shortcuts',
  'share-segment.open',
  'export.open',
  'toolbar.bold',
  'toolbar.texts',
  'toolbar.undo',
  'toolbar.redo',
  'toolbar.save',
  'toolbar.cancel',
  'toolbar.finish',
];

async function toolbarOf(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await waitFor(() => expect(canvasElement.querySelector('[data-phase="ready"]')).not.toBeNull(), { timeout: 10_000 });
  return canvas.getByRole('toolbar');
}

/** The buttons a person sees in the row (those in the menu are hidden there). */
const shownButtons = (toolbar: HTMLElement) =>
  [...toolbar.querySelectorAll<HTMLButtonElement>('button')].filter((b) =>
    b.checkVisibility({ visibilityProperty: true }),
  );

/** One row: every button seen has the same top, and none sticks out of the toolbar. */
async function expectOneRow(toolbar: HTMLElement) {
  await waitFor(() => {
    const buttons = shownButtons(toolbar);
    const tops = new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
    expect(tops.size).toBe(1);
    const box = toolbar.getBoundingClientRect();
    for (const b of buttons) expect(b.getBoundingClientRect().right).toBeLessThanOrEqual(box.right);
  });
}

/** The actions the menu offers, by the ids the row's buttons have. */
async function menuItemIds(canvasElement: HTMLElement) {
  const body = within(canvasElement.ownerDocument.body);
  const menu = await body.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.getAttribute('data-rd-item'));
}

/** 1,600 px: everything in the row, no "More". */
export const Wide: Story = {
  parameters: { width: 1600 },
  play: async ({ canvasElement }) => {
    const toolbar = await toolbarOf(canvasElement);
    await expectOneRow(toolbar);
    for (const id of ACTION_TEST_IDS) await expect(within(toolbar).getByTestId(id)).toBeVisible();
    await expect(within(toolbar).getByTestId('toolbar.more')).not.toBeVisible();
  },
};

/** A partner's 900 px panel: one row; the most used actions stay, the rest are in "More". */
export const Narrow: Story = {
  play: async ({ canvasElement }) => {
    const toolbar = await toolbarOf(canvasElement);
    await expectOneRow(toolbar);
    const more = within(toolbar).getByTestId('toolbar.more');
    await waitFor(() => expect(more).toBeVisible());
    for (const id of ['toolbar.finish', 'toolbar.undo', 'toolbar.redo', 'toolbar.bold', 'toolbar.search'])
      await expect(within(toolbar).getByTestId(id)).toBeVisible();
    // Nothing lost: what is not in the row is in the menu.
    await userEvent.click(more);
    const inMenu = await menuItemIds(canvasElement);
    const hidden = ACTION_TEST_IDS.filter(
      (id) => !within(toolbar).getByTestId(id).checkVisibility({ visibilityProperty: true }),
    );
    await expect(hidden.length).toBeGreaterThan(0);
    const ids: Record<string, string> = {
      'share-segment.open': 'share',
      'export.open': 'export',
      'toolbar.bold': 'bold',
    };
    for (const id of hidden) await expect(inMenu).toContain(ids[id] ?? id.replace('toolbar.', ''));
  },
};

/**
 * The menu by keyboard (WAI-ARIA menu button): ArrowDown opens on the first item, arrows move,
 * each item names its keys, Escape closes and gives the focus back; Enter runs an item.
 */
export const MenuOpen: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const toolbar = await toolbarOf(canvasElement);
    const more = within(toolbar).getByTestId('toolbar.more');
    await waitFor(() => expect(more).toBeVisible());
    await expect(more).toHaveAttribute('aria-haspopup', 'menu');
    more.focus();
    await userEvent.keyboard('{ArrowDown}');
    const menu = await body.findByRole('menu', { name: 'More' });
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    const items = within(menu).getAllByRole('menuitem');
    await waitFor(() => expect(items[0]).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(items[1]).toHaveFocus();
    const shortcuts = within(menu).getByRole('menuitem', { name: /Keyboard shortcuts/ });
    await expect(shortcuts).toHaveAttribute('aria-keyshortcuts', '?');
    await expect(shortcuts).toHaveTextContent('Keyboard shortcuts?');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(more).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    within(await body.findByRole('menu'))
      .getByRole('menuitem', { name: /Keyboard shortcuts/ })
      .focus();
    await userEvent.keyboard('{Enter}');
    await expect(await body.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  },
};

/** A 600 px column: Search too is in the menu, with its keys; Control+F still opens it. */
export const Narrowest: Story = {
  parameters: { width: 600 },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const toolbar = await toolbarOf(canvasElement);
    await expectOneRow(toolbar);
    await waitFor(() => expect(within(toolbar).getByTestId('toolbar.search')).not.toBeVisible());
    await userEvent.click(within(toolbar).getByTestId('toolbar.more'));
    const search = within(await body.findByRole('menu')).getByRole('menuitem', { name: /Search/ });
    await expect(search).toHaveAttribute('aria-keyshortcuts', 'Control+F');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
    await userEvent.keyboard('{Control>}f{/Control}');
    await waitFor(() => expect(body.getByTestId('search.query')).toHaveFocus());
  },
};

/** Opened from the menu, a dialog gets the focus (the menu's closing does not take it back) and gives it back to "More". */
export const OpensExportFromTheMenu: Story = {
  parameters: { width: 600 },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const toolbar = await toolbarOf(canvasElement);
    await userEvent.click(within(toolbar).getByTestId('toolbar.more'));
    await userEvent.click(within(await body.findByRole('menu')).getByRole('menuitem', { name: 'Export' }));
    const dialog = await body.findByRole('dialog', { name: 'Export the transcript' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // Closed, the focus is back where the person was: on "More".
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(toolbar).getByTestId('toolbar.more')).toHaveFocus());
  },
};

export const MenuOpenDark: Story = {
  globals: { skin: 'dark' },
  play: async ({ canvasElement }) => {
    const toolbar = await toolbarOf(canvasElement);
    await expectOneRow(toolbar);
    await userEvent.click(within(toolbar).getByTestId('toolbar.more'));
    await expect(await within(canvasElement.ownerDocument.body).findByRole('menu')).toBeVisible();
  },
};

/** German labels are longer: still one row at 900 px, the menu named in German. */
export const MenuOpenGerman: Story = {
  globals: { locale: 'de' },
  play: async ({ canvasElement }) => {
    const toolbar = await toolbarOf(canvasElement);
    await expectOneRow(toolbar);
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Mehr' }));
    await expect(await within(canvasElement.ownerDocument.body).findByRole('menu', { name: 'Mehr' })).toBeVisible();
  },
};

/** What a screen reader would call an element, near enough for the check below. */
function nameOf(element: HTMLElement): string {
  const labelledBy = element.getAttribute('aria-labelledby');
  const byId = labelledBy ? element.ownerDocument.getElementById(labelledBy)?.textContent : '';
  const labels = 'labels' in element ? [...((element as HTMLInputElement).labels ?? [])].map((l) => l.textContent) : [];
  return (
    element.getAttribute('aria-label') ||
    byId ||
    labels.join(' ') ||
    element.textContent ||
    element.title ||
    ''
  ).trim();
}

/**
 * The review by keyboard alone, at a partner's 900 px: Tab goes from the toolbar through the
 * player, the paragraphs and the annotations; every stop has a name and a visible focus.
 */
export const KeyboardWalk: Story = {
  play: async ({ canvasElement }) => {
    const toolbar = await toolbarOf(canvasElement);
    const editor = within(canvasElement).getByTestId('transcript-editor');
    editor.focus();
    const stops: { name: string; shown: boolean; where: string }[] = [];
    for (let step = 0; step < 80; step++) {
      await userEvent.tab();
      const active = canvasElement.ownerDocument.activeElement as HTMLElement | null;
      if (!active || !editor.contains(active)) break;
      const style = getComputedStyle(active);
      stops.push({
        name: nameOf(active),
        shown: style.outlineStyle !== 'none' || style.boxShadow !== 'none',
        where: active.getAttribute('data-testid') ?? active.tagName,
      });
    }
    await expect(stops.length).toBeGreaterThan(15);
    await expect(stops.filter((s) => !s.name)).toEqual([]);
    await expect(stops.filter((s) => !s.shown)).toEqual([]);
    // The toolbar first, as one stop (its arrows move inside it), then the rest of the review.
    const inToolbar = stops.filter((s) =>
      toolbar.contains(toolbar.ownerDocument.querySelector(`[data-testid="${s.where}"]`)),
    );
    await expect(inToolbar.map((s) => s.where)).toEqual([stops[0]?.where]);
    for (const place of ['player.toggle', 'paragraph.0.edit', 'annotations.add-paragraph'])
      await expect(stops.map((s) => s.where)).toContain(place);
  },
};

/**
 * The toolbar by keyboard (WAI-ARIA toolbar): one Tab stop; Right and Left go from button to button
 * in the row, "More" included, wrapping around; Home and End go to the ends; Tab leaves and comes
 * back to the button last used.
 */
export const ArrowKeys: Story = {
  play: async ({ canvasElement }) => {
    const toolbar = await toolbarOf(canvasElement);
    const more = within(toolbar).getByTestId('toolbar.more');
    await waitFor(() => expect(more).toBeVisible());
    const editor = within(canvasElement).getByTestId('transcript-editor');
    editor.focus();
    await userEvent.tab();
    const active = () => canvasElement.ownerDocument.activeElement as HTMLElement;
    const first = active();
    await expect(toolbar.contains(first)).toBe(true);
    // The buttons seen in the row, in order, each once, then back to the first.
    const reachable = shownButtons(toolbar).filter((b) => !b.disabled);
    const walked: HTMLElement[] = [first];
    for (let step = 1; step < reachable.length; step++) {
      await userEvent.keyboard('{ArrowRight}');
      walked.push(active());
    }
    await expect(walked).toEqual(reachable);
    await expect(walked).toContain(more);
    await userEvent.keyboard('{ArrowRight}');
    await expect(active()).toBe(first);
    await userEvent.keyboard('{ArrowLeft}');
    await expect(active()).toBe(reachable.at(-1));
    await userEvent.keyboard('{Home}');
    await expect(active()).toBe(first);
    await userEvent.keyboard('{End}');
    await expect(active()).toBe(reachable.at(-1));
    // Hidden in the row (in the menu): never reached by the arrows.
    await expect(walked.every((b) => b.checkVisibility({ visibilityProperty: true }))).toBe(true);
    // Tab leaves the toolbar; Shift+Tab comes back to the button last used.
    await userEvent.keyboard('{ArrowLeft}');
    const last = active();
    await userEvent.tab();
    await expect(toolbar.contains(active())).toBe(false);
    await userEvent.tab({ shift: true });
    await expect(active()).toBe(last);
    // "More" opens its menu from the keyboard as before.
    more.focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(await within(canvasElement.ownerDocument.body).findByRole('menu')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(active()).toBe(more));
  },
};
