/**
 * The review actions under a field value (checked, not on the document, draw the box, …) as one
 * toolbar: the field keeps a single tab stop (its input), ArrowDown from the input enters the chips,
 * ArrowLeft/ArrowRight/Home/End move between them, ArrowUp or Escape goes back to the input.
 */
import { type KeyboardEvent, type ReactNode, useLayoutEffect, useRef } from 'react';

const chipsOf = (bar: HTMLElement) =>
  Array.from(bar.querySelectorAll<HTMLElement>('button, [role="button"]')).filter(
    (chip) => !chip.hasAttribute('disabled'),
  );

/** Moves focus from a field's input into its chips (ArrowDown). Returns whether it did. */
export function enterChips(input: HTMLElement): boolean {
  const bar = input.closest('li')?.querySelector<HTMLElement>('[data-chip-bar]');
  const first = bar ? chipsOf(bar)[0] : undefined;
  first?.focus();
  return Boolean(first);
}

export function ChipBar({ label, children }: { label: string; children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);
  // Chips come from several components (and a menu trigger); none of them is a tab stop of its own.
  useLayoutEffect(() => {
    if (bar.current) for (const chip of chipsOf(bar.current)) chip.tabIndex = -1;
  });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = bar.current;
    // Keys pressed in a menu opened from a chip bubble here through the portal: not ours.
    if (!current || !(event.target instanceof HTMLElement) || !current.contains(event.target)) return;
    const chips = chipsOf(current);
    const at = chips.indexOf(event.target);
    if (at < 0) return;
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (at + 1) % chips.length;
    else if (event.key === 'ArrowLeft') next = (at - 1 + chips.length) % chips.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = chips.length - 1;
    else if (event.key === 'ArrowUp' || (event.key === 'Escape' && !event.altKey)) {
      const input = current.closest('li')?.querySelector<HTMLElement>('input');
      if (!input) return;
      event.preventDefault();
      event.stopPropagation();
      input.focus();
      return;
    }
    if (next === null) return;
    event.preventDefault();
    chips[next]?.focus();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of buttons with arrow-key movement, not a form fieldset
    <div
      ref={bar}
      className="rd-viewer-field__actions"
      role="group"
      aria-label={label}
      data-chip-bar
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  );
}
