/**
 * Data the UI derives from the session: the panel's fields, the overlay boxes, the engine's page
 * list and OCR words. Each hook memoises on the session slices it reads, so a keystroke on page 3
 * recomputes fields but leaves the page list and the OCR words untouched.
 */
import { useMemo, useRef } from 'react';
import { useViewerTranslation } from '../i18n/useViewerTranslation.js';
import type { OcrWord, OverlayBox, PageInfo, PageRotation } from '../pages/types.js';
import {
  attentionQueue,
  buildFields,
  buildOverlay,
  type FieldColours,
  type PanelField,
  toPageBox,
} from '../session/fields.js';
import type { OcrPageResult } from '../session/types.js';
import { useSession, useUi } from './context.js';

const EMPTY_PROBLEMS = {};

/** Fields of the side panel, in the workspace's order. */
export function useFields(): PanelField[] {
  const config = useSession((s) => s.init?.workspaceConfig);
  const pages = useSession((s) => s.pages);
  const serverProblems = useSession((s) => s.serverProblems ?? EMPTY_PROBLEMS);
  // One colour per unknown field for the life of the viewer.
  const colours = useRef(new Map<string, FieldColours>());
  const { t } = useViewerTranslation();
  const documentTablesLabel = t('panel.documentTables');
  return useMemo(
    () =>
      config
        ? buildFields({ config, pages, newFieldColours: colours.current, serverProblems, documentTablesLabel })
        : [],
    [config, pages, serverProblems, documentTablesLabel],
  );
}

/** The page boxes with the region placed by keyboard, if any, as a draft box. */
export function useDraftRegionBox(boxes: OverlayBox[]): OverlayBox[] {
  const draft = useUi((s) => s.draftRegion);
  return useMemo(
    () =>
      draft
        ? [
            ...boxes,
            {
              id: 'draft-region',
              pageNumber: draft.pageNumber,
              box: draft.box,
              kind: 'draft',
              fill: '#ff8f0033',
              stroke: '#ff8f00',
              label: draft.label,
            },
          ]
        : boxes,
    [boxes, draft],
  );
}

/** Ids the guided pass visits. */
export function useAttention(fields: PanelField[]): string[] {
  return useMemo(() => attentionQueue(fields), [fields]);
}

/** Points per unit of a page's OCR coordinates (the engine speaks points or pixels). */
export function unitScale(ocr: OcrPageResult | null | undefined): number {
  return ocr?.pageSize.unit === 'inch' ? 72 : 1;
}

export function useOverlay(fields: PanelField[]): OverlayBox[] {
  const ocr = useSession((s) => s.ocr);
  return useMemo(() => buildOverlay(fields, (page) => unitScale(ocr[page])), [fields, ocr]);
}

const A4: { width: number; height: number; unit?: string | null } = { width: 595, height: 842, unit: 'point' };

/** The engine's page list: sizes from each page's OCR layer (the first known size for the rest). */
export function usePageInfos(): PageInfo[] {
  const total = useSession((s) => s.init?.totalPages ?? 0);
  const ocr = useSession((s) => s.ocr);
  const files = useSession((s) => s.files);
  const rotations = useUi((s) => s.rotations);
  return useMemo(() => {
    const known = Object.values(ocr).find((o) => o?.pageSize);
    const fallback = known ? known.pageSize : A4;
    return Array.from({ length: total }, (_, index): PageInfo => {
      const pageNumber = index + 1;
      const layer = ocr[pageNumber];
      const size = layer?.pageSize ?? fallback;
      const scale = unitScale(layer);
      const own = (((layer?.pageOrientation ?? 0) % 360) + 360) % 360;
      const rotation = ((own + (rotations[pageNumber] ?? 0)) % 360) as PageRotation;
      const file = files[pageNumber];
      return {
        pageNumber,
        width: size.width * scale,
        height: size.height * scale,
        unit: size.unit === 'pixel' ? 'pixel' : 'point',
        rotation,
        // null while the file is on its way: the engine shows the page as loading, at its size.
        file: file ? { url: file.url, kind: file.kind } : null,
      };
    });
  }, [total, ocr, files, rotations]);
}

/** OCR words per loaded page, for the text layer and text selection. */
export function useOcrWords(): Record<number, OcrWord[]> {
  const ocr = useSession((s) => s.ocr);
  return useMemo(() => {
    const out: Record<number, OcrWord[]> = {};
    for (const [page, layer] of Object.entries(ocr)) {
      if (!layer) continue;
      const scale = unitScale(layer);
      out[Number(page)] = layer.entities.map((word) => ({
        text: word.text,
        box: toPageBox(word.boundingBox, scale),
        confidence: word.confidence ?? null,
      }));
    }
    return out;
  }, [ocr]);
}
