// The hovered, selected and keyboard-focused boxes of one page as DOM elements above the canvas:
// crisp at any zoom, carry the title (label and flags), and change without repainting the canvas.
import { memo } from 'react';
import { useStore } from 'zustand';
import { describeBox } from './messages';
import type { PagesStore } from './pages-store';
import type { OverlayBox, PagesMessages } from './types';

export interface BoxHighlightsProps {
  boxesById: ReadonlyMap<string, OverlayBox>;
  scale: number;
  store: PagesStore;
  messages: PagesMessages;
}

function Highlight({ box, scale, variant, title }: { box: OverlayBox; scale: number; variant: string; title: string }) {
  const flags = box.flags ?? [];
  const className = ['rd-box-highlight', `rd-box-highlight-${variant}`, ...flags.map((f) => `rd-box-flag-${f}`)].join(
    ' ',
  );
  return (
    <div
      className={className}
      data-box-id={box.id}
      title={title}
      style={{
        left: box.box.left * scale,
        top: box.box.top * scale,
        width: box.box.width * scale,
        height: box.box.height * scale,
        ['--rd-box-stroke' as string]: box.stroke,
        ['--rd-box-fill' as string]: box.fill,
      }}
    />
  );
}

export const BoxHighlights = memo(function BoxHighlights({ boxesById, scale, store, messages }: BoxHighlightsProps) {
  const selectedBoxId = useStore(store, (s) =>
    s.selectedBoxId && boxesById.has(s.selectedBoxId) ? s.selectedBoxId : null,
  );
  const hoveredId = useStore(store, (s) => (s.hoveredBoxId && boxesById.has(s.hoveredBoxId) ? s.hoveredBoxId : null));
  const focusedId = useStore(store, (s) => (s.focusedBoxId && boxesById.has(s.focusedBoxId) ? s.focusedBoxId : null));
  const selected = selectedBoxId ? boxesById.get(selectedBoxId) : undefined;
  const hovered = hoveredId && hoveredId !== selectedBoxId ? boxesById.get(hoveredId) : undefined;
  const focused = focusedId ? boxesById.get(focusedId) : undefined;
  const title = (b: OverlayBox) => describeBox(b.label, b.flags, messages);
  return (
    <>
      {hovered && <Highlight box={hovered} scale={scale} variant="hover" title={title(hovered)} />}
      {selected && <Highlight box={selected} scale={scale} variant="selected" title={title(selected)} />}
      {focused && <Highlight box={focused} scale={scale} variant="focus" title={title(focused)} />}
    </>
  );
});
