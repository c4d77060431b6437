/**
 * Listens for the editor's keyboard shortcuts on its root element (never the whole page: a host
 * has shortcuts of its own), and counts every key and pointer press as the reviewer's activity,
 * which keeps the checkout renewed.
 */
import { useEffect } from 'react';
import type { EditorContextValue } from './context.js';
import { runShortcut } from './shortcut-commands.js';
import { shortcutFor } from './shortcuts.js';

export function useEditorShortcuts(ctx: EditorContextValue): void {
  useEffect(() => {
    const target = ctx.root.current;
    if (!target) return;
    const onKey = (event: KeyboardEvent) => {
      ctx.session.getState().noteActivity();
      const shortcut = shortcutFor(event);
      if (shortcut && runShortcut(ctx, shortcut.id)) event.preventDefault();
    };
    const onPointer = () => ctx.session.getState().noteActivity();
    target.addEventListener('keydown', onKey);
    target.addEventListener('pointerdown', onPointer);
    return () => {
      target.removeEventListener('keydown', onKey);
      target.removeEventListener('pointerdown', onPointer);
    };
  }, [ctx]);
}
