/** The page boxes with DocAI's open citation added (the viewer's pages draw both). */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { OverlayBox } from '../pages/types.js';
import { useViewer } from '../viewer/context.js';
import { citationOverlay, citationStoreOf } from './citation-store.js';

export function useCitationBoxes(boxes: OverlayBox[]): OverlayBox[] {
  const { ui } = useViewer();
  const citation = useStore(citationStoreOf(ui), (s) => s.citation);
  return useMemo(() => {
    const overlay = citationOverlay(citation);
    return overlay ? [...boxes, overlay] : boxes;
  }, [boxes, citation]);
}
