/**
 * The paragraphs, virtualised (@tanstack/react-virtual, rows measured as they render): only the
 * rows in view and a few around them are in the page, so a 4-hour, 40,000-word transcript costs
 * what a short one does. The list re-renders when the number of paragraphs changes; an edit
 * inside a paragraph renders only that row.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { paragraphAt } from '../session/timeline.js';
import { useEditor, useSession } from './context.js';
import { ParagraphRow } from './ParagraphRow.js';

/** A first guess of a row's height before it is measured. */
const ESTIMATED_ROW_PX = 96;

export function ParagraphList({ label }: { label: string }) {
  const { t } = useEditorTranslation();
  const { session, playback, list } = useEditor();
  const count = useSession((s) => s.transcript?.transcripts.length ?? 0);
  const threshold = useSession((s) => s.init?.workspaceConfig.fieldsConfidenceRateCheck ?? null);
  const scroller = useRef<HTMLElement | null>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 4,
  });

  // While playing, the paragraph being spoken is kept in view (not while the reviewer types in one).
  useEffect(() => {
    let shown = -1;
    return playback.onTick((seconds) => {
      if (!playback.store.getState().playing) return;
      const transcript = session.getState().transcript;
      const paragraph = transcript ? paragraphAt(transcript, seconds) : -1;
      if (paragraph < 0 || paragraph === shown) return;
      shown = paragraph;
      if (scroller.current?.contains(document.activeElement) && document.activeElement?.tagName === 'TEXTAREA') return;
      virtualizer.scrollToIndex(paragraph, { align: 'auto' });
    });
  }, [playback, session, virtualizer]);

  useEffect(() => {
    let frame = 0;
    list.current = {
      reveal(index, focus) {
        cancelAnimationFrame(frame);
        virtualizer.scrollToIndex(index, { align: 'auto' });
        if (!focus) return;
        // The row is rendered once the scroll lands: look for it for a few frames.
        let tries = 0;
        const attempt = () => {
          const row = scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
          const target = row ? focus(row) : null;
          if (target) target.focus();
          else if (tries++ < 30) frame = requestAnimationFrame(attempt);
        };
        attempt();
      },
    };
    return () => {
      cancelAnimationFrame(frame);
      list.current = null;
    };
  }, [list, virtualizer]);

  if (count === 0) return <p className="rd-transcript-empty">{t('editor.empty')}</p>;
  return (
    <section ref={scroller} className="rd-transcript-list" aria-label={label} data-testid="transcript.paragraphs">
      <div className="rd-transcript-list__inner" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className="rd-transcript-list__row"
            style={{ transform: `translateY(${row.start}px)` }}
          >
            <ParagraphRow index={row.index} threshold={threshold} />
          </div>
        ))}
      </div>
    </section>
  );
}
