import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BoxList } from './BoxList';
import { defaultPagesMessages } from './messages';
import { createPagesStore } from './pages-store';
import type { OverlayBox } from './types';

function box(id: string, left: number, top: number, label: string, flags?: OverlayBox['flags']): OverlayBox {
  return {
    id,
    pageNumber: 1,
    box: { left, top, width: 50, height: 10 },
    kind: 'entity',
    fill: '#0011ff1a',
    stroke: '#0011ff',
    label,
    flags,
  };
}

const boxes = [
  box('total', 10, 300, 'Total: 12.00'),
  box('number', 10, 10, 'Invoice number: INV-001'),
  box('date', 200, 10, 'Date: 2026-11-21', ['invalid']),
];

function setup() {
  const onSelect = vi.fn();
  const onFocusBox = vi.fn();
  const store = createPagesStore();
  const view = render(
    <BoxList
      pageNumber={1}
      boxes={boxes}
      store={store}
      messages={defaultPagesMessages}
      onSelect={onSelect}
      onFocusBox={onFocusBox}
    />,
  );
  return { onSelect, onFocusBox, view, store };
}

describe('<BoxList> keyboard access', () => {
  it('lists the boxes in reading order with their labels and flags', () => {
    setup();
    const list = screen.getByRole('list', { name: 'Fields on page 1 (3)' });
    const names = Array.from(list.querySelectorAll('button')).map((b) => b.textContent);
    expect(names).toEqual(['Invoice number: INV-001', 'Date: 2026-11-21 — Invalid value', 'Total: 12.00']);
  });

  it('has one Tab stop and moves with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    const { onFocusBox } = setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Invoice number: INV-001' }));
    expect(onFocusBox).toHaveBeenLastCalledWith('number');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Date/ }));
    expect(onFocusBox).toHaveBeenLastCalledWith('date');
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Total: 12.00' }));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Invoice number: INV-001' }));
    expect(screen.getAllByRole('button').filter((b) => b.tabIndex === 0)).toHaveLength(1);
  });

  it('selects the focused box with Enter and Space', async () => {
    const user = userEvent.setup();
    const { onSelect } = setup();
    await user.tab();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('date');
    await user.keyboard('{ArrowDown} ');
    expect(onSelect).toHaveBeenLastCalledWith('total');
  });

  it('marks the selected box pressed and makes it the Tab stop', () => {
    const { store } = setup();
    act(() => store.setState({ selectedBoxId: 'total' }));
    const total = screen.getByRole('button', { name: 'Total: 12.00' });
    expect(total.getAttribute('aria-pressed')).toBe('true');
    expect(total.tabIndex).toBe(0);
    expect(screen.getByRole('button', { name: 'Invoice number: INV-001' }).tabIndex).toBe(-1);
    act(() => store.setState({ selectedBoxId: null }));
    expect(total.getAttribute('aria-pressed')).toBe('false');
  });

  it('reports the focus leaving the list', () => {
    const { onFocusBox } = setup();
    const first = screen.getByRole('button', { name: 'Invoice number: INV-001' });
    fireEvent.focus(first);
    fireEvent.blur(first, { relatedTarget: null });
    expect(onFocusBox).toHaveBeenLastCalledWith(null);
  });
});
