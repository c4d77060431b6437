// Keyboard and screen-reader access to the boxes of one page: a visually hidden list of buttons,
// in reading order, mirroring the canvas. One button is in the Tab order (roving tabindex); arrow
// keys, Home/End and PageUp/PageDown move; Enter or Space selects. The roving index and the
// pressed state are moved on the DOM directly, so a selection does not re-render 5,000 buttons.
import { type KeyboardEvent, memo, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { describeBox } from './messages';
import type { PagesStore } from './pages-store';
import { nextFocusIndex, sortInReadingOrder } from './reading-order';
import type { OverlayBox, PagesMessages } from './types';

export interface BoxListProps {
  pageNumber: number;
  boxes: readonly OverlayBox[];
  /** The engine's store: the selection is read from it without re-rendering the list. */
  store: PagesStore;
  messages: PagesMessages;
  onSelect: (id: string) => void;
  /** Keyboard focus reached (or left, null) a box: the page draws a focus ring and scrolls to it. */
  onFocusBox: (id: string | null) => void;
}

export const BoxList = memo(function BoxList({
  pageNumber,
  boxes,
  store,
  messages,
  onSelect,
  onFocusBox,
}: BoxListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  /** The button in the Tab order (roving tabindex). */
  const tabStop = useRef<HTMLButtonElement | null>(null);
  const ordered = useMemo(() => sortInReadingOrder(boxes), [boxes]);

  const buttons = () => Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-box-id]') ?? []);

  // The buttons by box id, filled where they are built: finding one is a lookup, not a walk of
  // 5,000 elements (which the first click after opening paid three times).
  const buttonsById = useRef(new Map<string, HTMLButtonElement>());

  // The selected box becomes the list's Tab stop and is marked pressed. Only the previous and the
  // new button are touched: a selection must stay O(1) with 5,000 boxes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-apply when the buttons are re-created
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    let previous: string | null = null;
    const find = (id: string | null) => (id ? buttonsById.current.get(id) : undefined);
    const apply = (selectedBoxId: string | null) => {
      if (selectedBoxId === previous) return;
      find(previous)?.setAttribute('aria-pressed', 'false');
      const now = find(selectedBoxId);
      previous = selectedBoxId;
      if (!now) return;
      now.setAttribute('aria-pressed', 'true');
      if (list.contains(list.ownerDocument.activeElement)) return; // do not move the stop under the user's focus
      const stop = tabStop.current;
      if (stop && stop !== now) stop.tabIndex = -1;
      now.tabIndex = 0;
      tabStop.current = now;
    };
    apply(store.getState().selectedBoxId);
    return store.subscribe((state) => apply(state.selectedBoxId));
  }, [store, ordered]);

  // The buttons are built on the DOM directly: thousands of React elements per page would cost
  // more to create and reconcile than the whole overlay (jsx + fibers), for a list that only
  // changes when the boxes do.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const doc = list.ownerDocument;
    const fragment = doc.createDocumentFragment();
    const byId = new Map<string, HTMLButtonElement>();
    ordered.forEach((box, i) => {
      const item = doc.createElement('li');
      const button = doc.createElement('button');
      button.type = 'button';
      button.className = 'rd-box-button';
      button.dataset.boxId = box.id;
      button.tabIndex = i === 0 ? 0 : -1;
      button.setAttribute('aria-pressed', 'false');
      button.textContent = describeBox(box.label, box.flags, messages);
      item.append(button);
      fragment.append(item);
      byId.set(box.id, button);
    });
    list.replaceChildren(fragment);
    buttonsById.current = byId;
    tabStop.current = byId.get(ordered[0]?.id ?? '') ?? null;
  }, [ordered, messages]);

  if (ordered.length === 0) return null;

  const buttonOf = (target: EventTarget | null) =>
    target instanceof HTMLElement ? target.closest<HTMLButtonElement>('button[data-box-id]') : null;

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const button = buttonOf(event.target);
    if (!button) return;
    const all = buttons();
    const index = all.indexOf(button);
    const next = nextFocusIndex(event.key, index, all.length);
    if (next === null || next === index) return;
    event.preventDefault();
    const target = all[next];
    if (!target) return;
    button.tabIndex = -1;
    target.tabIndex = 0;
    tabStop.current = target;
    target.focus();
  };

  return (
    <ul
      ref={listRef}
      className="rd-visually-hidden rd-box-list"
      aria-label={messages.boxListLabel(pageNumber, ordered.length)}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        const id = buttonOf(event.target)?.dataset.boxId;
        if (id) onSelect(id);
      }}
      onFocus={(event) => {
        const button = buttonOf(event.target);
        if (!button) return;
        const stop = tabStop.current;
        if (stop && stop !== button) stop.tabIndex = -1;
        button.tabIndex = 0;
        tabStop.current = button;
        onFocusBox(button.dataset.boxId ?? null);
      }}
      onBlur={(event) => {
        if (!listRef.current?.contains(event.relatedTarget as Node | null)) onFocusBox(null);
      }}
    />
  );
});
