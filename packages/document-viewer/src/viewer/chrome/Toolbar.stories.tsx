import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../../styles/index.css';
import { storyApi, type ViewerPartArgs, ViewerStoryFrame } from '../../test/ViewerStoryFrame.js';
import { Toolbar, type ToolbarProps } from './Toolbar.js';

/** The viewer's toolbar on a real review session against the MSW stand-in of the viewer's calls. */
const api = storyApi();

type Args = Omit<ViewerPartArgs, 'autosave'> & ToolbarProps;

const meta = {
  title: 'document-viewer/Toolbar',
  args: {
    autosave: true,
    autosaveControlled: false,
    onAutosaveChange: fn(),
    onFinish: fn(),
    onExport: fn(),
  },
  render: ({ readOnly, arrange, ...toolbar }, { globals }) => (
    <ViewerStoryFrame
      locale={String(globals.locale ?? 'en')}
      dark={globals.skin === 'dark'}
      readOnly={readOnly}
      arrange={arrange}
      autosave={toolbar.autosave}
    >
      <div style={{ display: 'flex', flexDirection: 'column' }}>
        <Toolbar {...toolbar} />
      </div>
    </ViewerStoryFrame>
  ),
  globals: { locale: 'en' },
  beforeEach: ({ msw }) => {
    api.install(msw);
  },
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Reviewing: the page, the save state, the autosave switch, save, cancel and finish. */
export const Reviewing: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const toolbar = await canvas.findByRole('toolbar', { name: 'Viewer tools' }, { timeout: 10_000 });
    await expect(toolbar).toHaveTextContent('AzureInterior.pdf');
    await expect(toolbar).toHaveTextContent('Page 1 of 1');
    await expect(canvas.getByTestId('save.state')).toHaveTextContent('All changes saved');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Autosave' }));
    await expect(args.onAutosaveChange).toHaveBeenCalledWith(false);
    await userEvent.click(canvas.getByTestId('toolbar.finish'));
    await expect(args.onFinish).toHaveBeenCalledOnce();
  },
};

/**
 * The toolbar by keyboard (WAI-ARIA toolbar): one Tab stop; Right and Left move between its
 * controls, wrapping around, Home and End go to the ends; in the page field the arrows move the
 * caret and stay there.
 */
export const ArrowKeys: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toolbar = await canvas.findByRole('toolbar', { name: 'Viewer tools' }, { timeout: 10_000 });
    await canvas.findByTestId('toolbar.finish');
    const controls = [...toolbar.querySelectorAll<HTMLElement>('button, input, select')].filter(
      (c) => !(c as HTMLButtonElement).disabled,
    );
    await waitFor(() => expect(controls.filter((c) => c.tabIndex === 0)).toHaveLength(1));
    const active = () => canvasElement.ownerDocument.activeElement;
    const [first, second] = controls as [HTMLElement, HTMLElement];
    const last = controls.at(-1) as HTMLElement;
    last.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(active()).toBe(first);
    second.focus();
    await userEvent.keyboard('{End}');
    await expect(active()).toBe(last);
    await userEvent.keyboard('{Home}');
    await expect(active()).toBe(first);
    second.focus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(active()).toBe(first);
    await userEvent.keyboard('{ArrowLeft}');
    // Walking left from a button reaches the page field, where the arrows stay.
    const page = canvas.getByLabelText('Go to page');
    for (let step = 0; step < controls.length && active() !== page; step++) await userEvent.keyboard('{ArrowLeft}');
    await expect(active()).toBe(page);
    await userEvent.keyboard('{ArrowLeft}');
    await expect(active()).toBe(page);
    await expect(controls.filter((c) => c.tabIndex === 0)).toEqual([page]);
  },
};

/** The host decides autosave: no switch for the reviewer. */
export const AutosaveByHost: Story = {
  args: { autosaveControlled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('toolbar.finish', {}, { timeout: 10_000 });
    await expect(canvas.queryByRole('checkbox', { name: 'Autosave' })).toBeNull();
  },
};

/** Read-only: nothing to save or finish; looking and exporting stay. */
export const ReadOnly: Story = {
  args: { readOnly: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('toolbar', { name: 'Viewer tools' }, { timeout: 10_000 });
    await expect(canvas.queryByTestId('toolbar.finish')).toBeNull();
    await expect(canvas.queryByTestId('toolbar.save')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Export' })).toBeEnabled();
  },
};

/** Cancelling the review gives the task back and turns the toolbar read-only. */
export const Cancel: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByTestId('toolbar.cancel', {}, { timeout: 10_000 }));
    await waitFor(() => expect(canvas.queryByTestId('toolbar.finish')).toBeNull());
    await expect(api.state.cancelled).toBe(true);
  },
};

/** The dark skin, in French. */
export const DarkFrench: Story = {
  globals: { skin: 'dark', locale: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toolbar = await canvas.findByRole('toolbar', {}, { timeout: 10_000 });
    await expect(toolbar.closest('.rd-root')).toHaveClass('rd-theme-dark');
    await expect(toolbar).toHaveTextContent('AzureInterior.pdf');
  },
};
