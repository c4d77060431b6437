/**
 * A field's region placed with the keyboard, for people who do not draw with a mouse: the region
 * appears on the current page as a draft box; arrows move it, Shift + arrows resize it (Ctrl for
 * larger steps), Page Up / Page Down take it to another page, Enter labels the field with the text
 * under it, Escape gives up. What the region holds is read out as it moves.
 */
import { type KeyboardEvent, useEffect, useMemo, useRef } from 'react';
import { useViewerTranslation } from '../i18n/useViewerTranslation.js';
import { type ActionContext, applyBox, cancelDrawing, textInBox } from '../viewer/actions.js';
import { useUi } from '../viewer/context.js';
import { unitScale, useOcrWords, usePageInfos } from '../viewer/derived.js';
import { regionAfterKey, regionPercent, startRegion } from './region-keys.js';

export interface KeyboardRegionProps {
  ctx: ActionContext;
  field: { key: string; label: string };
  onDone: () => void;
}

export function KeyboardRegion({ ctx, field, onDone }: KeyboardRegionProps) {
  const { t } = useViewerTranslation();
  const pages = usePageInfos();
  const words = useOcrWords();
  const draft = useUi((s) => s.draftRegion);
  const ref = useRef<HTMLButtonElement | null>(null);

  // Starts on the page in view; focus comes here so the keys work at once. Only when a field's
  // placing starts: later pages and words must not move the region back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const ui = ctx.ui.getState();
    const page = pages[ui.currentPage - 1] ?? pages[0];
    if (page) ui.set({ draftRegion: { pageNumber: page.pageNumber, box: startRegion(page), label: field.label } });
    ref.current?.focus();
    return () => ctx.ui.getState().set({ draftRegion: null });
  }, [ctx, field.key]);

  const page = draft ? pages[draft.pageNumber - 1] : undefined;
  const text = useMemo(() => (draft ? textInBox(words[draft.pageNumber], draft.box) : ''), [draft, words]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!draft || !page) return;
    const ui = ctx.ui.getState();
    if (event.key === 'Enter') {
      event.preventDefault();
      const layer = ctx.session.getState().ocr[draft.pageNumber];
      applyBox(ctx, { kind: 'new', category: field.key }, draft.pageNumber, draft.box, text, unitScale(layer));
      onDone();
      return;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancelDrawing(ctx);
      onDone();
      return;
    }
    if (event.key === 'PageDown' || event.key === 'PageUp') {
      event.preventDefault();
      const next = pages[draft.pageNumber - 1 + (event.key === 'PageDown' ? 1 : -1)];
      if (!next) return;
      ui.set({ draftRegion: { ...draft, pageNumber: next.pageNumber, box: startRegion(next) } });
      ctx.pages.current?.scrollToPage(next.pageNumber);
      return;
    }
    const box = regionAfterKey(draft.box, page, event.key, {
      shift: event.shiftKey,
      ctrl: event.ctrlKey || event.metaKey,
    });
    if (!box) return;
    event.preventDefault();
    ui.set({ draftRegion: { ...draft, box } });
  };

  const where = draft && page ? regionPercent(draft.box, page) : null;
  return (
    <div className="rd-viewer-builder__keyboard">
      <button
        ref={ref}
        type="button"
        className="rd-viewer-builder__region rd-focusable"
        aria-label={t('builder.keyboardNamed', { field: field.label })}
        aria-describedby={`rd-builder-keys-${field.key}`}
        onKeyDown={onKeyDown}
        data-testid="builder.keyboardRegion"
      >
        <span id={`rd-builder-keys-${field.key}`} className="rd-viewer-builder__help">
          {t('builder.keyboardHelp')}
        </span>
        <span aria-live="polite" data-testid="builder.regionStatus">
          {where && draft
            ? t('builder.regionStatus', { page: draft.pageNumber, ...where, text: text || t('builder.noText') })
            : null}
        </span>
      </button>
    </div>
  );
}
