/**
 * Listens for the review shortcuts — on the viewer element, or on the whole document when the host
 * opted in (`globalShortcuts`) — and counts every key and pointer press as the reviewer's activity,
 * which keeps the checkout renewed.
 */
import { useEffect } from 'react';
import type { ActionContext } from '../actions.js';
import { shortcutFor } from '../shortcuts.js';
import { runShortcut, type ShortcutScope } from './shortcut-commands.js';

export function useViewerShortcuts(ctx: ActionContext, globalShortcuts: boolean, scope: ShortcutScope): void {
  const { root, session } = ctx;
  const { attention, pageCount, allowSelectingTextWithOcr, requestFinish } = scope;
  useEffect(() => {
    const target: HTMLElement | Document | null = globalShortcuts ? document : root.current;
    if (!target) return;
    const onKey = (event: Event) => {
      const shortcut = shortcutFor(event as KeyboardEvent);
      session.getState().noteActivity();
      if (!shortcut) return;
      const scoped = { attention, pageCount, allowSelectingTextWithOcr, requestFinish };
      if (runShortcut(ctx, shortcut.id, scoped)) event.preventDefault();
    };
    const onPointer = () => session.getState().noteActivity();
    target.addEventListener('keydown', onKey);
    target.addEventListener('pointerdown', onPointer);
    return () => {
      target.removeEventListener('keydown', onKey);
      target.removeEventListener('pointerdown', onPointer);
    };
  }, [globalShortcuts, root, session, ctx, attention, pageCount, allowSelectingTextWithOcr, requestFinish]);
}
