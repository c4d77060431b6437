import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import '../styles/index.css';
import { IconButton } from './IconButton.js';

/** The glyph buttons of the editor's toolbar and waveform: named, described by their keys, shown in a tooltip. */
const meta = {
  title: 'transcript-editor/IconButton',
  component: IconButton,
  args: { label: 'Bold', glyph: <b>B</b>, keys: 'Control+B', onClick: fn() },
} satisfies Meta<typeof IconButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Keyboard focus shows the name and the keys; activating it calls the action. A screen reader
 * gets the keys once, as the description; the tooltip is for the eye.
 */
export const WithShortcut: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Bold' });
    await expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+B');
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await expect(button).toHaveAccessibleDescription('Control+B');
    const tooltip = await waitFor(() => {
      const shown = canvasElement.ownerDocument.querySelector('.rd-tooltip');
      if (!shown) throw new Error('no tooltip yet');
      return shown;
    });
    await expect(tooltip.textContent).toBe('BoldControl+B');
    await expect(tooltip).toHaveAttribute('aria-hidden', 'true');
    await expect(button).toHaveAccessibleDescription('Control+B');
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

/** Without a shortcut the tooltip says the name alone; a disabled button does nothing. */
export const DisabledWithoutShortcut: Story = {
  args: { label: 'Zoom out on the waveform', glyph: '−', keys: undefined, disabled: true },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Zoom out on the waveform' });
    await expect(button).toBeDisabled();
    await expect(button).not.toHaveAttribute('aria-keyshortcuts');
  },
};
