import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { setValue } from '../../session/document-edits.js';
import '../../styles/index.css';
import { storyApi, type ViewerPartArgs, viewerPartStories } from '../../test/ViewerStoryFrame.js';
import type { ViewerContextValue } from '../context.js';
import { SaveIndicator } from './SaveIndicator.js';

/**
 * The save state, always visible, driven by a real review session against the MSW stand-in of the
 * viewer's calls: saved, unsaved (autosave off), saving (a slow answer), failed, conflict.
 */
const api = storyApi();

const typeTotal = ({ session }: ViewerContextValue) =>
  session.getState().edit(1, 'value', (page) => setValue(page, '0.1.a7', 0, '279.84', new Date().toISOString()));

const meta = {
  title: 'document-viewer/SaveIndicator',
  ...viewerPartStories(api, SaveIndicator),
} satisfies Meta<ViewerPartArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const stateIs = async (root: HTMLElement, state: string, text: string) => {
  const indicator = await within(root).findByTestId('save.state', {}, { timeout: 10_000 });
  await waitFor(() => expect(indicator).toHaveAttribute('data-state', state), { timeout: 5_000 });
  await expect(indicator).toHaveTextContent(text);
};

export const Saved: Story = {
  play: ({ canvasElement }) => stateIs(canvasElement, 'saved', 'All changes saved'),
};

/** Autosave off and an edit made: nothing is sent until the reviewer saves. */
export const Unsaved: Story = {
  args: { autosave: false, arrange: typeTotal },
  play: async ({ canvasElement }) => {
    await stateIs(canvasElement, 'unsaved', 'Unsaved changes');
    await expect(api.state.calls).not.toContain('Save');
  },
};

/** A save on its way (the server answers slowly). */
export const Saving: Story = {
  beforeEach: ({ msw }) => {
    api.install(msw, { saveDelay: 60_000 });
  },
  args: {
    arrange: (viewer) => {
      typeTotal(viewer);
      void viewer.session.getState().flush();
    },
  },
  play: ({ canvasElement }) => stateIs(canvasElement, 'saving', 'Saving…'),
};

/** The server is unavailable: the save is retried and the state says so. */
export const Failed: Story = {
  beforeEach: ({ msw }) => {
    api.install(msw, { failSaves: 100 });
  },
  args: {
    arrange: async (viewer) => {
      typeTotal(viewer);
      await viewer.session.getState().flush();
    },
  },
  play: ({ canvasElement }) => stateIs(canvasElement, 'failed', 'Saving failed — retrying'),
};

/** Someone else saved the page first. */
export const Conflict: Story = {
  args: {
    arrange: async (viewer) => {
      api.state.bumpVersion(1);
      typeTotal(viewer);
      await viewer.session.getState().flush();
    },
  },
  play: ({ canvasElement }) => stateIs(canvasElement, 'conflict', 'Conflict: changed by someone else'),
};

/** In Portuguese, the initial language, in the dark skin. */
export const DarkPortuguese: Story = {
  globals: { skin: 'dark', locale: 'pt' },
  play: async ({ canvasElement }) => {
    await stateIs(canvasElement, 'saved', 'Todas as alterações gravadas');
    await expect(within(canvasElement).getByTestId('save.state').closest('.rd-root')).toHaveClass('rd-theme-dark');
  },
};
