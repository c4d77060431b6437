/**
 * Reordering rows three ways — dragged by the mouse, moved with the arrow keys (Home, End) on a
 * row's handle, or with its up and down buttons — with every move announced to screen readers.
 * The rows' markup is the caller's: the reorderable list and the fields tab both use it.
 */
import { type DragEvent, type KeyboardEvent, useState } from 'react';

export interface ReorderOptions {
  count: number;
  onMove: (from: number, to: number) => void;
  /** The sentence a screen reader hears after a move (already translated). */
  announce: (from: number, to: number) => string;
  /** Selector of the handles inside the list, so the keyboard stays on the moved row's handle. */
  handleSelector: string;
}

export function useReorder({ count, onMove, announce, handleSelector }: ReorderOptions) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const move = (from: number, to: number) => {
    if (to < 0 || to >= count || from === to) return;
    setAnnouncement(announce(from, to));
    onMove(from, to);
  };
  const onHandleKey = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const to = { ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: count - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    move(index, to);
    // The row moved; keep the keyboard on its handle at the new place.
    const list = event.currentTarget.closest('ol');
    requestAnimationFrame(() =>
      list?.querySelectorAll<HTMLButtonElement>(handleSelector)[Math.max(0, Math.min(count - 1, to))]?.focus(),
    );
  };
  const dragProps = (index: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      setDragged(index);
      event.dataTransfer.effectAllowed = 'move';
    },
    onDragOver: (event: DragEvent) => {
      if (dragged !== null) event.preventDefault();
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      if (dragged !== null) move(dragged, index);
      setDragged(null);
    },
    onDragEnd: () => setDragged(null),
  });
  return { move, onHandleKey, dragProps, dragged, announcement };
}
