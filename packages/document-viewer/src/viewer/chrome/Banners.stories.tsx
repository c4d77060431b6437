import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { setValue } from '../../session/document-edits.js';
import '../../styles/index.css';
import { invoiceConfig } from '../../test/fixtures.js';
import { heldByAnother } from '../../test/mock-api.js';
import { storyApi, type ViewerPartArgs, viewerPartStories } from '../../test/ViewerStoryFrame.js';
import { Banners } from './Banners.js';

/**
 * The notices above the pages, each brought about for real on a review session against the MSW
 * stand-in of the viewer's calls: a conflict, a lost checkout, read-only, a refused finish.
 */
const api = storyApi();

const typeTotal =
  (total: string): ViewerPartArgs['arrange'] =>
  ({ session }) =>
    session.getState().edit(1, 'value', (page) => setValue(page, '0.1.a7', 0, total, new Date().toISOString()));

const meta = {
  title: 'document-viewer/Banners',
  ...viewerPartStories(api, Banners),
} satisfies Meta<ViewerPartArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Someone else saved the page first: both versions are offered; keeping theirs clears the notice. */
export const Conflict: Story = {
  args: {
    arrange: async (viewer) => {
      api.state.bumpVersion(1);
      await typeTotal('279.84')?.(viewer);
      await viewer.session.getState().flush();
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = await canvas.findByTestId('banner.conflict', {}, { timeout: 10_000 });
    await expect(banner).toHaveTextContent('Page 1 was changed by someone else');
    await expect(banner).toHaveTextContent(/Saved by Another Reviewer \(version 2\)\./);
    await userEvent.click(within(banner).getByRole('button', { name: 'Use their version' }));
    await waitFor(() => expect(canvas.queryByTestId('banner.conflict')).toBeNull());
  },
};

/** The checkout ran out: read-only, the unsaved edits stay on the device. */
export const CheckoutLost: Story = {
  beforeEach: ({ msw }) => {
    // A checkout of a few milliseconds: it has run out by the time the page is loaded.
    api.install(msw, { init: { workspaceConfig: invoiceConfig({ checkoutExpireMinutes: 0.0005 }) } });
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = await canvas.findByTestId('banner.read-only', {}, { timeout: 10_000 });
    await expect(banner).toHaveTextContent('Your checkout ended.');
    await expect(banner).toHaveAttribute('data-tone', 'danger');
  },
};

/** Another reviewer holds the task: read-only, with their name. */
export const HeldByOther: Story = {
  beforeEach: ({ msw }) => {
    api.install(msw, heldByAnother());
  },
  play: async ({ canvasElement }) => {
    const banner = await within(canvasElement).findByTestId('banner.read-only', {}, { timeout: 10_000 });
    await expect(banner).toHaveTextContent('Maria Silva is reviewing this task.');
    await expect(banner).toHaveAttribute('data-tone', 'info');
  },
};

/** Finishing was refused: fields need attention. */
export const FinishRefused: Story = {
  args: { arrange: async ({ session }) => void (await session.getState().finish()) },
  play: async ({ canvasElement }) => {
    const banner = await within(canvasElement).findByTestId('banner.finish-error', {}, { timeout: 10_000 });
    await expect(banner).toHaveTextContent('Some fields need attention before the review can finish.');
    await expect(api.state.calls).not.toContain('Finish');
  },
};

/** Nothing to say: no notice at all. */
export const None: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('.rd-viewer-banners')).not.toBeNull(), { timeout: 10_000 });
    await expect(canvasElement.querySelector('.rd-viewer-banners')).toBeEmptyDOMElement();
  },
};

/** A conflict in Spanish, in the dark skin. */
export const DarkSpanish: Story = {
  globals: { skin: 'dark', locale: 'es' },
  args: Conflict.args,
  play: async ({ canvasElement }) => {
    const banner = await within(canvasElement).findByTestId('banner.conflict', {}, { timeout: 10_000 });
    await expect(banner.closest('.rd-root')).toHaveClass('rd-theme-dark');
    await expect(within(banner).getAllByRole('button')).toHaveLength(2);
  },
};
