import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useRovingToolbar } from './useRovingToolbar';

function Bar({ undo = false, hideLast = false }: { undo?: boolean; hideLast?: boolean }) {
  const ref = useRef<HTMLDivElement | null>(null);
  const [page, setPage] = useState('1');
  useRovingToolbar(ref);
  return (
    <>
      <button type="button">Before</button>
      <div role="toolbar" aria-label="Review" ref={ref}>
        <button type="button">Search</button>
        <button type="button" disabled={!undo}>
          Undo
        </button>
        <input aria-label="Page" value={page} onChange={(e) => setPage(e.currentTarget.value)} />
        <button type="button">Finish</button>
        <div inert={hideLast || undefined}>
          <button type="button">More</button>
        </div>
      </div>
      <button type="button">After</button>
    </>
  );
}

const focused = () =>
  (document.activeElement as HTMLElement | null)?.textContent || document.activeElement?.getAttribute('aria-label');

describe('useRovingToolbar', () => {
  it('is one Tab stop; the arrows, Home and End move between its controls, wrapping, skipping disabled ones', async () => {
    const user = userEvent.setup();
    render(<Bar />);
    screen.getByText('Before').focus();
    await user.tab();
    expect(focused()).toBe('Search');
    await user.keyboard('{ArrowRight}');
    // Undo is disabled: the page field is next.
    expect(focused()).toBe('Page');
    // In the field the arrows move the caret.
    await user.keyboard('{ArrowRight}');
    expect(focused()).toBe('Page');
    screen.getByText('Finish').focus();
    await user.keyboard('{ArrowRight}');
    expect(focused()).toBe('More');
    await user.keyboard('{ArrowRight}');
    expect(focused()).toBe('Search');
    await user.keyboard('{ArrowLeft}');
    expect(focused()).toBe('More');
    await user.keyboard('{Home}');
    expect(focused()).toBe('Search');
    await user.keyboard('{End}');
    expect(focused()).toBe('More');
    // Tab leaves the toolbar; Shift+Tab comes back to where the reviewer was.
    await user.tab();
    expect(focused()).toBe('After');
    await user.tab({ shift: true });
    expect(focused()).toBe('More');
  });

  it('the Tab stop moves on when its control is disabled or hidden, and controls turned on join', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Bar />);
    screen.getByText('More').focus();
    rerender(<Bar hideLast />);
    await act(async () => undefined);
    screen.getByText('Before').focus();
    await user.tab();
    expect(focused()).toBe('Search');
    rerender(<Bar undo hideLast />);
    await act(async () => undefined);
    await user.keyboard('{ArrowRight}');
    expect(focused()).toBe('Undo');
    const tabStops = screen.getAllByRole('button').filter((b) => b.closest('[role="toolbar"]') && b.tabIndex === 0);
    expect(tabStops.map((b) => b.textContent)).toEqual(['Undo']);
  });
});
