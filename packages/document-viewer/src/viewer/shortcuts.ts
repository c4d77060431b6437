/**
 * Keyboard shortcuts of the viewer: one table drives both the key handler and the help overlay
 * (the shared table rules of `@reviewdesk/ui`: single keys only outside text inputs, so typing "+"
 * in a value never zooms). They listen on the viewer element unless the host opts into
 * document-wide shortcuts.
 */
import { altKey as alt, type KeyboardShortcut, plainKey as plain, shortcutFor as shortcutIn } from '@reviewdesk/ui';
import type { ViewerKey } from '../i18n/resources.js';

export type ShortcutId =
  | 'nextAttention'
  | 'previousAttention'
  | 'markSolved'
  | 'notDetected'
  | 'drawBox'
  | 'fromOcr'
  | 'ocrLayer'
  | 'save'
  | 'finish'
  | 'nextPage'
  | 'previousPage'
  | 'zoomIn'
  | 'zoomOut'
  | 'fitWidth'
  | 'help'
  | 'escape';

export type Shortcut = KeyboardShortcut<ShortcutId, ViewerKey>;

export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'nextAttention', keys: 'Alt+N', label: 'shortcuts.nextAttention', matches: alt('KeyN') },
  { id: 'previousAttention', keys: 'Alt+P', label: 'shortcuts.previousAttention', matches: alt('KeyP') },
  { id: 'markSolved', keys: 'Alt+S', label: 'shortcuts.markSolved', matches: alt('KeyS') },
  { id: 'notDetected', keys: 'Alt+X', label: 'shortcuts.notDetected', matches: alt('KeyX') },
  { id: 'drawBox', keys: 'Alt+B', label: 'shortcuts.drawBox', matches: alt('KeyB') },
  { id: 'fromOcr', keys: 'Alt+T', label: 'shortcuts.fromOcr', matches: alt('KeyT') },
  { id: 'ocrLayer', keys: 'Alt+O', label: 'shortcuts.ocrLayer', matches: alt('KeyO') },
  {
    id: 'save',
    keys: 'Control+S',
    label: 'shortcuts.save',
    matches: (e) => (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's',
  },
  { id: 'finish', keys: 'Alt+Enter', label: 'shortcuts.finish', matches: (e) => e.altKey && e.key === 'Enter' },
  { id: 'nextPage', keys: 'PageDown', label: 'shortcuts.nextPage', outsideInputs: true, matches: plain('PageDown') },
  {
    id: 'previousPage',
    keys: 'PageUp',
    label: 'shortcuts.previousPage',
    outsideInputs: true,
    matches: plain('PageUp'),
  },
  { id: 'zoomIn', keys: '+', label: 'shortcuts.zoomIn', outsideInputs: true, matches: plain('+', '=') },
  { id: 'zoomOut', keys: '-', label: 'shortcuts.zoomOut', outsideInputs: true, matches: plain('-') },
  { id: 'fitWidth', keys: '0', label: 'shortcuts.fitWidth', outsideInputs: true, matches: plain('0') },
  {
    id: 'help',
    keys: '?',
    label: 'shortcuts.help',
    outsideInputs: true,
    matches: (e) => !e.ctrlKey && !e.altKey && e.key === '?',
  },
  { id: 'escape', keys: 'Escape', label: 'shortcuts.escape', matches: plain('Escape') },
];

/** The shortcut an event triggers, if any. */
export function shortcutFor(event: KeyboardEvent): Shortcut | undefined {
  return shortcutIn(SHORTCUTS, event);
}
