/**
 * Keyboard shortcut tables of the review editors: one table per editor drives both its key
 * handler and its help overlay ({@link ShortcutsHelp}), so the help never lists a key that does
 * something else. Shortcuts with a modifier work while typing in a field; single keys only
 * outside text inputs, so typing "+" in a value never zooms and a space in a word never plays.
 */

/** One shortcut of an editor's table. */
export interface KeyboardShortcut<Id extends string = string, Label extends string = string> {
  id: Id;
  /** As shown in the help and in `aria-keyshortcuts` (e.g. `Alt+N`, `Control+S`). */
  keys: string;
  /** Translation key of what it does. */
  label: Label;
  /** Needs no text input focused (single keys). */
  outsideInputs?: boolean;
  matches(event: KeyboardEvent): boolean;
}

/** Alt with a physical key (`KeyN`): the same key whatever the layout types with Alt. */
export const altKey = (code: string) => (e: KeyboardEvent) => e.altKey && !e.ctrlKey && !e.metaKey && e.code === code;

/** Control (Command on a Mac) with a letter, without Alt or Shift. */
export const controlKey = (key: string) => (e: KeyboardEvent) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === key;

/** One of these keys with no modifier. */
export const plainKey =
  (...keys: string[]) =>
  (e: KeyboardEvent) =>
    !e.altKey && !e.ctrlKey && !e.metaKey && keys.includes(e.key);

/** Whether the event comes from a place where the user types text. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
}

/** The shortcut of `table` an event triggers, if any. */
export function shortcutFor<S extends KeyboardShortcut>(table: readonly S[], event: KeyboardEvent): S | undefined {
  const typing = isTyping(event.target);
  return table.find((s) => (!s.outsideInputs || !typing) && s.matches(event));
}
