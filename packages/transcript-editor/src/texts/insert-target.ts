/**
 * Where a predefined text goes: at the caret (replacing the selection) while a paragraph's words
 * are being edited, else after the word the reviewer is at — the one with the focus, or the one
 * being played. The place is taken when the picker opens, before its dialog takes the focus.
 */
import type { EditorContextValue } from '../editor/context.js';
import { currentPosition } from '../editor/current-position.js';
import { insertWords } from '../session/transcript-edits.js';

export type InsertTarget =
  /** In a paragraph's text box: the text joins what is being typed, saved with it on "Done". */
  | { kind: 'caret'; paragraph: number; box: HTMLTextAreaElement; start: number; end: number }
  /** After word `word` of `paragraph` (-1: at its start): one edit of the transcript. */
  | { kind: 'word'; paragraph: number; word: number };

/** Where a text would go now; null when nothing can be edited or the transcript is empty. */
export function insertTargetOf(ctx: EditorContextValue): InsertTarget | null {
  const state = ctx.session.getState();
  if (state.mode !== 'review' || state.conflict) return null;
  const active = ctx.root.current?.ownerDocument.activeElement;
  if (active instanceof HTMLTextAreaElement && ctx.root.current?.contains(active)) {
    const paragraph = active.closest('[data-paragraph]')?.getAttribute('data-paragraph');
    if (paragraph !== null && paragraph !== undefined) {
      return {
        kind: 'caret',
        paragraph: Number(paragraph),
        box: active,
        start: active.selectionStart,
        end: active.selectionEnd,
      };
    }
  }
  const at = currentPosition(ctx);
  if (!at) return null;
  // On a paragraph but no word (its time or speaker): after its last word.
  const words = state.transcript?.transcripts[at.paragraph]?.children.length ?? 0;
  return { kind: 'word', paragraph: at.paragraph, word: at.word ?? words - 1 };
}

/** Puts `text` in the text box at its caret, with a space either side where a word touches it. */
function insertAtCaret(target: Extract<InsertTarget, { kind: 'caret' }>, text: string): void {
  const { box, start, end } = target;
  const before = box.value.slice(0, start);
  const after = box.value.slice(end);
  const spaced = `${before && !/\s$/.test(before) ? ' ' : ''}${text}${after && !/^\s/.test(after) ? ' ' : ''}`;
  box.setRangeText(spaced, start, end, 'end');
}

/**
 * Inserts a predefined text at the target. After a word it is one edit (one undo takes it back)
 * and the focus goes to the last inserted word, so the next text follows it.
 */
export function insertPredefinedText(ctx: EditorContextValue, target: InsertTarget, text: string): void {
  if (target.kind === 'caret') {
    insertAtCaret(target, text);
    return;
  }
  const { paragraph, word } = target;
  const before = ctx.session.getState().transcript;
  ctx.session.getState().edit('predefined-text', (tr) => insertWords(tr, paragraph, word, text));
  const after = ctx.session.getState().transcript;
  if (after === before) return;
  const last =
    word +
    (after?.transcripts[paragraph]?.children.length ?? 0) -
    (before?.transcripts[paragraph]?.children.length ?? 0);
  // Two frames: the picker's dialog gives the focus back to where it was first, then we move it.
  requestAnimationFrame(() =>
    requestAnimationFrame(() =>
      ctx.list.current?.reveal(paragraph, (row) =>
        row.querySelector<HTMLElement>(`[data-word="${paragraph}:${last}"]`),
      ),
    ),
  );
}

/** Opens the picker at the reviewer's place; false when there is nothing to offer or no place. */
export function openPredefinedTexts(ctx: EditorContextValue): boolean {
  if (!ctx.session.getState().init?.workspaceConfig.predefinedTexts?.length) return false;
  const target = insertTargetOf(ctx);
  if (!target) return false;
  ctx.panels.setState({ texts: target });
  return true;
}
