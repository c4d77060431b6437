/**
 * Keyboard shortcuts of the transcript editor: one table drives the key handler
 * (useEditorShortcuts.ts) and the help overlay. Playback and navigation use Alt with a physical
 * key, so they work while the reviewer types in a paragraph (J/K/L as in most media players);
 * undo and redo only outside the text box, which keeps its own undo while a paragraph is edited.
 */
import { altKey, controlKey, type KeyboardShortcut, shortcutFor as shortcutIn } from '@reviewdesk/ui';
import type { EditorKey } from '../i18n/resources.js';

export type ShortcutId =
  | 'togglePlay'
  | 'back'
  | 'forward'
  | 'slower'
  | 'faster'
  | 'nextParagraph'
  | 'previousParagraph'
  | 'nextWord'
  | 'previousWord'
  | 'nextLowConfidence'
  | 'speaker'
  | 'predefinedText'
  | 'zoomIn'
  | 'zoomOut'
  | 'search'
  | 'undo'
  | 'redo'
  | 'save'
  | 'bold'
  | 'italic'
  | 'underline'
  | 'help';

export type Shortcut = KeyboardShortcut<ShortcutId, EditorKey>;

/** A key pressed alone on a word of the transcript. */
const onWord =
  (key: string) =>
  (e: KeyboardEvent): boolean =>
    e.key === key &&
    !e.altKey &&
    !e.ctrlKey &&
    !e.metaKey &&
    !e.shiftKey &&
    e.target instanceof Element &&
    e.target.closest('[data-word]') !== null;

export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'togglePlay', keys: 'Alt+K', label: 'shortcuts.togglePlay', matches: altKey('KeyK') },
  { id: 'back', keys: 'Alt+J', label: 'player.back', matches: altKey('KeyJ') },
  { id: 'forward', keys: 'Alt+L', label: 'player.forward', matches: altKey('KeyL') },
  { id: 'slower', keys: 'Alt+,', label: 'shortcuts.slower', matches: altKey('Comma') },
  { id: 'faster', keys: 'Alt+.', label: 'shortcuts.faster', matches: altKey('Period') },
  { id: 'nextParagraph', keys: 'Alt+ArrowDown', label: 'shortcuts.nextParagraph', matches: altKey('ArrowDown') },
  { id: 'previousParagraph', keys: 'Alt+ArrowUp', label: 'shortcuts.previousParagraph', matches: altKey('ArrowUp') },
  // Only on a word with the focus (each paragraph's words are one Tab stop); elsewhere the arrows
  // stay the page's (the player's own seeking, a text box's caret).
  { id: 'nextWord', keys: 'ArrowRight', label: 'shortcuts.nextWord', matches: onWord('ArrowRight') },
  { id: 'previousWord', keys: 'ArrowLeft', label: 'shortcuts.previousWord', matches: onWord('ArrowLeft') },
  { id: 'nextLowConfidence', keys: 'Alt+N', label: 'shortcuts.nextLowConfidence', matches: altKey('KeyN') },
  { id: 'speaker', keys: 'Alt+S', label: 'shortcuts.speaker', matches: altKey('KeyS') },
  { id: 'predefinedText', keys: 'Alt+T', label: 'tools.textsShortcut', matches: altKey('KeyT') },
  { id: 'zoomIn', keys: 'Alt+=', label: 'tools.zoomIn', matches: altKey('Equal') },
  { id: 'zoomOut', keys: 'Alt+-', label: 'tools.zoomOut', matches: altKey('Minus') },
  { id: 'search', keys: 'Control+F', label: 'search.label', matches: controlKey('f') },
  { id: 'undo', keys: 'Control+Z', label: 'toolbar.undo', outsideInputs: true, matches: controlKey('z') },
  {
    id: 'redo',
    keys: 'Control+Y',
    label: 'toolbar.redo',
    outsideInputs: true,
    matches: (e) =>
      (e.ctrlKey || e.metaKey) &&
      !e.altKey &&
      (e.key.toLowerCase() === 'y' || (e.shiftKey && e.key.toLowerCase() === 'z')),
  },
  { id: 'save', keys: 'Control+S', label: 'toolbar.saveNow', matches: controlKey('s') },
  // On the word with the focus (or being played); in the text box the browser's keys stay its own.
  { id: 'bold', keys: 'Control+B', label: 'style.bold', outsideInputs: true, matches: controlKey('b') },
  { id: 'italic', keys: 'Control+I', label: 'style.italic', outsideInputs: true, matches: controlKey('i') },
  { id: 'underline', keys: 'Control+U', label: 'style.underline', outsideInputs: true, matches: controlKey('u') },
  {
    id: 'help',
    keys: '?',
    label: 'shortcuts.help',
    outsideInputs: true,
    matches: (e) => !e.ctrlKey && !e.altKey && e.key === '?',
  },
];

/** The keys of a shortcut as `aria-keyshortcuts` names them. */
export const keysOf = (id: ShortcutId) => SHORTCUTS.find((s) => s.id === id)?.keys;

/** The shortcut an event triggers, if any. */
export function shortcutFor(event: KeyboardEvent): Shortcut | undefined {
  return shortcutIn(SHORTCUTS, event);
}
