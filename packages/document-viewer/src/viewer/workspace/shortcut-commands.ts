/**
 * What each keyboard shortcut does in the viewer (the keys themselves are in ../shortcuts.ts).
 * Answers whether the shortcut applied, so the key handler leaves keys it did not use to the page.
 */
import { entityIdOf } from '../../session/document-edits.js';
import {
  type ActionContext,
  cancelDrawing,
  startDrawing,
  stepAttention,
  toggleNotDetected,
  toggleSolved,
} from '../actions.js';
import type { ShortcutId } from '../shortcuts.js';
import type { DrawTarget } from '../ui-store.js';

/** What a shortcut needs besides the stores: the review's current facts and the finish flow. */
export interface ShortcutScope {
  /** Entry ids needing attention, in panel order. */
  attention: readonly string[];
  pageCount: number;
  allowSelectingTextWithOcr: boolean;
  requestFinish: () => void;
}

/** The field the selection stands for, as a target for drawing a box: a new value or an existing entity. */
function selectedDrawTarget(ctx: ActionContext, selected: string | null): DrawTarget | null {
  if (!selected) return null;
  if (selected.startsWith('field:')) return { kind: 'new', category: selected.slice(6) };
  for (const page of Object.values(ctx.session.getState().pages)) {
    const entity = page.entities.find((e) => e.temporaryId === selected);
    if (entity)
      return { kind: 'existing', entityId: selected, pageNumber: entity.pageNumber, category: entity.category };
  }
  return null;
}

export function runShortcut(ctx: ActionContext, id: ShortcutId, scope: ShortcutScope): boolean {
  const state = ctx.ui.getState();
  const session = ctx.session.getState();
  const selected = state.selectedId ? entityIdOf(state.selectedId) : null;
  const canEdit = session.mode === 'review';
  switch (id) {
    case 'nextAttention':
    case 'previousAttention':
      stepAttention(ctx, scope.attention, id === 'nextAttention' ? 1 : -1);
      return true;
    case 'markSolved':
    case 'notDetected': {
      if (!canEdit || !selected || selected.startsWith('field:')) return false;
      if (id === 'markSolved') toggleSolved(ctx, selected);
      else toggleNotDetected(ctx, selected);
      return true;
    }
    case 'drawBox':
    case 'fromOcr': {
      const ocr = id === 'fromOcr';
      const target = canEdit && (!ocr || scope.allowSelectingTextWithOcr) ? selectedDrawTarget(ctx, selected) : null;
      if (target) startDrawing(ctx, target, ocr ? 'ocr' : 'draw');
      return Boolean(target);
    }
    case 'ocrLayer':
      state.set({ ocrLayer: !state.ocrLayer });
      return true;
    case 'save':
      void session.flush();
      return true;
    case 'finish':
      scope.requestFinish();
      return true;
    case 'nextPage':
      ctx.pages.current?.scrollToPage(Math.min(state.currentPage + 1, scope.pageCount));
      return true;
    case 'previousPage':
      ctx.pages.current?.scrollToPage(Math.max(1, state.currentPage - 1));
      return true;
    case 'zoomIn':
      state.zoomBy(1.2);
      return true;
    case 'zoomOut':
      state.zoomBy(1 / 1.2);
      return true;
    case 'fitWidth':
      state.setFit('width');
      return true;
    case 'help':
      state.set({ helpOpen: true });
      return true;
    case 'escape':
      if (state.drawing || state.selectingText) cancelDrawing(ctx);
      else if (state.selectedId) state.select(null);
      else return false;
      return true;
  }
}
