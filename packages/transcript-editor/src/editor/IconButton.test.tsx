import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { editorTestServer } from '../test/render-editor.js';

vi.mock('wavesurfer.js', () => ({ default: { create: () => ({ destroy: () => undefined }) } }));

const renderEditor = editorTestServer();
/** The text of what describes `element` (its `aria-describedby`). */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('glyph buttons of the toolbar and the waveform', () => {
  it('are named for what they do, described once by their keys, and show both in a tooltip on keyboard focus', async () => {
    await renderEditor();
    const toolbar = screen.getByRole('toolbar', { name: 'Review tools' });
    for (const [name, keys, glyph] of [
      ['Bold', 'Control+B', 'B'],
      ['Italic', 'Control+I', 'I'],
      ['Underline', 'Control+U', 'U'],
    ] as const) {
      const button = within(toolbar).getByRole('button', { name });
      expect(button.getAttribute('aria-keyshortcuts')).toBe(keys);
      expect(button.querySelector('[aria-hidden="true"]')?.textContent).toBe(glyph);
      expect(description(button)).toBe(keys);
    }
    const zoomIn = screen.getByRole('button', { name: 'Zoom in on the waveform' });
    expect(zoomIn.querySelector('[aria-hidden="true"]')?.textContent).toBe('+');
    within(toolbar).getByRole('button', { name: 'Italic' }).focus();
    const tooltip = await waitFor(() => {
      const shown = document.querySelector<HTMLElement>('.rd-tooltip');
      expect(shown).not.toBeNull();
      return shown as HTMLElement;
    });
    expect(tooltip.textContent).toBe('ItalicControl+I');
    // The tooltip is for the eye: the keys were the description from the focus on, and the tooltip
    // appearing does not describe the button again (the keys were said twice).
    expect(tooltip.getAttribute('aria-hidden')).toBe('true');
    const italic = within(toolbar).getByRole('button', { name: 'Italic' });
    expect(description(italic)).toBe('Control+I');
    expect(italic.getAttribute('aria-describedby')).not.toBe(tooltip.id);
  });
});
