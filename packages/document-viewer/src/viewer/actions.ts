/**
 * Review actions shared by the panel, the toolbar, the overlay and the keyboard shortcuts, so a
 * shortcut does exactly what its button does.
 */
import type { DocumentPagesHandle, OcrWord, PageBox } from '../pages/types.js';
import {
  addEntity,
  boundingBox,
  entityIdOf,
  newEntityId,
  removeEntity,
  setNotDetected,
  setSolved,
  setValue,
  setValueBox,
} from '../session/document-edits.js';
import type { ReviewSession } from '../session/session.js';
import { templateLabelOf } from '../session/template-labels.js';
import type { DrawTarget, ViewerUiStore } from './ui-store.js';

export interface ActionContext {
  session: ReviewSession;
  ui: ViewerUiStore;
  pages: { current: DocumentPagesHandle | null };
  root: { current: HTMLElement | null };
  autoscroll: boolean;
}

const nowIso = () => new Date().toISOString();

/** Words in reading order: by line (tops within half a word height), then left to right. */
export function readingOrder(words: readonly OcrWord[]): OcrWord[] {
  return [...words].sort((a, b) => {
    const sameLine = Math.abs(a.box.top - b.box.top) < Math.min(a.box.height, b.box.height) / 2;
    return sameLine ? a.box.left - b.box.left : a.box.top - b.box.top;
  });
}

/** OCR words whose centre lies in the box, as one text. */
export function textInBox(words: readonly OcrWord[] | undefined, box: PageBox): string {
  const inside = (words ?? []).filter((w) => {
    const x = w.box.left + w.box.width / 2;
    const y = w.box.top + w.box.height / 2;
    return x >= box.left && x <= box.left + box.width && y >= box.top && y <= box.top + box.height;
  });
  return readingOrder(inside)
    .map((w) => w.text)
    .join(' ');
}

/** The smallest box around words. */
export function unionBox(words: readonly OcrWord[]): PageBox | null {
  if (!words.length) return null;
  const left = Math.min(...words.map((w) => w.box.left));
  const top = Math.min(...words.map((w) => w.box.top));
  const right = Math.max(...words.map((w) => w.box.left + w.box.width));
  const bottom = Math.max(...words.map((w) => w.box.top + w.box.height));
  return { left, top, width: right - left, height: bottom - top };
}

/** Selects a field value; scrolls the page to its box when autoscroll is on. */
export function selectEntry(ctx: ActionContext, id: string | null, options: { scroll?: boolean } = {}) {
  ctx.ui.getState().select(id);
  if (id && (options.scroll ?? ctx.autoscroll) && !id.startsWith('field:')) ctx.pages.current?.scrollToBox(id);
  ctx.session.getState().noteActivity();
}

/** Moves focus to the panel row of an id (a box clicked on the page selects its field). */
export function focusRow(ctx: ActionContext, id: string) {
  const row = ctx.root.current?.querySelector<HTMLElement>(`[data-entry-id="${CSS.escape(entityIdOf(id))}"]`);
  row?.scrollIntoView?.({ block: 'nearest' });
  row?.querySelector<HTMLElement>('input, textarea, [data-row-focus]')?.focus({ preventScroll: true });
}

/** Guided pass: the next (or previous) value needing attention after the current selection, wrapping. */
export function stepAttention(ctx: ActionContext, queue: readonly string[], direction: 1 | -1) {
  if (!queue.length) return;
  const selected = ctx.ui.getState().selectedId;
  const at = selected ? queue.indexOf(entityIdOf(selected)) : -1;
  const next = at < 0 ? (direction === 1 ? 0 : queue.length - 1) : (at + direction + queue.length) % queue.length;
  const id = queue[next] as string;
  selectEntry(ctx, id, { scroll: true });
  focusRow(ctx, id);
}

function pageOf(ctx: ActionContext, entityId: string): number | null {
  for (const [page, result] of Object.entries(ctx.session.getState().pages)) {
    if (result.entities.some((e) => e.temporaryId === entityId)) return Number(page);
  }
  return null;
}

export function editValue(ctx: ActionContext, entityId: string, content: string) {
  const page = pageOf(ctx, entityId);
  if (page !== null) ctx.session.getState().edit(page, 'value', (p) => setValue(p, entityId, 0, content, nowIso()));
}

export function toggleSolved(ctx: ActionContext, entityId: string) {
  const page = pageOf(ctx, entityId);
  if (page === null) return;
  const solved = ctx.session.getState().pages[page]?.entities.find((e) => e.temporaryId === entityId)?.markedAsSolved;
  ctx.session.getState().edit(page, 'solved', (p) => setSolved(p, entityId, !solved, nowIso()));
}

export function toggleNotDetected(ctx: ActionContext, entityId: string) {
  const page = pageOf(ctx, entityId);
  if (page === null) return;
  const current = ctx.session.getState().pages[page]?.entities.find((e) => e.temporaryId === entityId)?.notDetected;
  ctx.session.getState().edit(page, 'not-detected', (p) => setNotDetected(p, entityId, !current, nowIso()));
}

/** Removes a value the reviewer added (a detected one is marked as not on the document instead). */
export function removeValue(ctx: ActionContext, entityId: string) {
  const page = pageOf(ctx, entityId);
  if (page === null) return;
  ctx.ui.getState().select(null);
  ctx.session.getState().edit(page, 'remove', (p) => removeEntity(p, entityId));
}

/** Typed value of a field that has no entity yet: it is added on the current page, without a box. */
export function addTypedValue(ctx: ActionContext, category: string, content: string): string | null {
  const page = ctx.ui.getState().currentPage;
  const id = newEntityId(page);
  const now = nowIso();
  ctx.session.getState().edit(page, 'add', (p) =>
    addEntity(p, {
      temporaryId: id,
      category,
      pageNumber: page,
      chunkNumber: 0,
      addedOn: now,
      keyValues: [{ pageNumber: page, category, content }],
      ...templateLabelOf(ctx.session.getState().init?.workspaceConfig, category),
    }),
  );
  return ctx.session.getState().pages[page]?.entities.some((e) => e.temporaryId === id) ? id : null;
}

/** Starts drawing (or OCR text selection) for a field; Escape cancels. */
export function startDrawing(ctx: ActionContext, target: DrawTarget, mode: 'draw' | 'ocr') {
  ctx.ui
    .getState()
    .set(
      mode === 'draw'
        ? { drawing: target, selectingText: null }
        : { selectingText: target, drawing: null, ocrLayer: true },
    );
}

export function cancelDrawing(ctx: ActionContext) {
  ctx.ui.getState().set({ drawing: null, selectingText: null, draftRegion: null });
}

/** A box drawn on a page: adds an entity, or moves the target's box; the text under it is taken from the OCR layer. */
export function applyBox(
  ctx: ActionContext,
  target: DrawTarget,
  pageNumber: number,
  box: PageBox,
  text: string,
  scale: number,
) {
  const bb = boundingBox(box.left / scale, box.top / scale, box.width / scale, box.height / scale);
  const now = nowIso();
  if (target.kind === 'existing' && target.pageNumber === pageNumber) {
    ctx.session
      .getState()
      .edit(pageNumber, 'box', (p) => setValueBox(p, target.entityId, 0, bb, text || undefined, now));
    selectEntry(ctx, target.entityId, { scroll: false });
  } else {
    const id = newEntityId(pageNumber);
    ctx.session.getState().edit(pageNumber, 'add', (p) =>
      addEntity(p, {
        temporaryId: id,
        category: target.category,
        pageNumber,
        chunkNumber: 0,
        addedOn: now,
        keyValues: [{ pageNumber, category: target.category, content: text, boundingBox: bb }],
        ...templateLabelOf(ctx.session.getState().init?.workspaceConfig, target.category),
      }),
    );
    selectEntry(ctx, id, { scroll: false });
  }
  cancelDrawing(ctx);
}
