import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { editorTestServer } from '../test/render-editor.js';

vi.mock('wavesurfer.js', () => ({ default: { create: () => ({ destroy: () => undefined }) } }));

const renderEditor = editorTestServer();

describe('glyph buttons of the toolbar and the waveform', () => {
  it('are named for what they do, give their keys, and show both in a tooltip on keyboard focus', async () => {
    await renderEditor();
    const toolbar = screen.getByRole('toolbar', { name: 'Review tools' });
    for (const [name, keys, glyph] of [
      ['Bold', 'Control+B', 'B'],
      ['Italic', 'Control+I', 'I'],
      ['Underline', 'Control+U', 'U'],
    ] as const) {
      const button = within(toolbar).getByRole('button', { name });
      expect(button.getAttribute('aria-keyshortcuts')).toBe(keys);
      expect(button.textContent).toBe(glyph);
    }
    const zoomIn = screen.getByRole('button', { name: 'Zoom in on the waveform' });
    expect(zoomIn.textContent).toBe('+');
    within(toolbar).getByRole('button', { name: 'Italic' }).focus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('ItalicControl+I');
    // A screen reader gets the keys as the description: the name is not said twice.
    expect(tooltip.querySelector('[aria-hidden="true"]')?.textContent).toBe('Italic');
    await waitFor(() =>
      expect(within(toolbar).getByRole('button', { name: 'Italic' }).getAttribute('aria-describedby')).toBe(tooltip.id),
    );
  });
});
