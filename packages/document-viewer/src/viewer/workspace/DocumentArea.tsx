/**
 * The pages column: the page engine with the fields' boxes and the OCR words, wired to the
 * selection, drawing a box and picking OCR words for a value; a hint while drawing.
 */
import { useViewerTranslation } from '../../i18n/useViewerTranslation.js';
import { DocumentPages } from '../../pages/index.js';
import type { OcrWord, OverlayBox, PageInfo, PagesMessages, PdfAssets } from '../../pages/types.js';
import type { PanelField } from '../../session/fields.js';
import { type ActionContext, applyBox, focusRow, selectEntry, textInBox, unionBox } from '../actions.js';
import { useSession, useUi } from '../context.js';
import { unitScale } from '../derived.js';

export interface DocumentAreaProps {
  ctx: ActionContext;
  fields: readonly PanelField[];
  pageInfos: PageInfo[];
  boxes: OverlayBox[];
  ocrWords: Record<number, OcrWord[]>;
  messages: Partial<PagesMessages>;
  pdfAssets?: PdfAssets;
}

export function DocumentArea({ ctx, fields, pageInfos, boxes, ocrWords, messages, pdfAssets }: DocumentAreaProps) {
  const { t } = useViewerTranslation();
  const { session, ui, pages } = ctx;
  const reviewing = useSession((s) => s.mode === 'review');
  const selectedId = useUi((s) => s.selectedId);
  const zoom = useUi((s) => s.zoom);
  const fit = useUi((s) => s.fit);
  const ocrLayer = useUi((s) => s.ocrLayer);
  const drawing = useUi((s) => s.drawing);
  const selectingText = useUi((s) => s.selectingText);
  const drawTarget = drawing ?? selectingText;
  const drawLabel = drawTarget ? (fields.find((f) => f.key === drawTarget.category)?.label ?? drawTarget.category) : '';

  return (
    <div className="rd-viewer__pages">
      {drawTarget ? (
        <p className="rd-viewer-hint" role="status">
          {t(drawing ? 'field.drawingHint' : 'field.selectingHint', { field: drawLabel })}
        </p>
      ) : null}
      <DocumentPages
        ref={pages}
        className="rd-viewer__document"
        pages={pageInfos}
        boxes={boxes}
        ocrWords={ocrWords}
        showOcrLayer={ocrLayer}
        selectedBoxId={selectedId && !selectedId.startsWith('field:') ? selectedId : null}
        onSelectBox={(id) => {
          selectEntry(ctx, id, { scroll: false });
          if (id) focusRow(ctx, id);
        }}
        zoom={zoom}
        fit={fit}
        onZoomChange={(z) => ui.getState().set({ zoom: z })}
        drawing={reviewing && Boolean(drawing)}
        onDrawBox={(page, box) => {
          const target = ui.getState().drawing;
          if (!target) return;
          const layer = session.getState().ocr[page];
          applyBox(ctx, target, page, box, textInBox(ocrWords[page], box), unitScale(layer));
        }}
        selectingText={reviewing && Boolean(selectingText)}
        onSelectOcrWords={(page, words) => {
          const target = ui.getState().selectingText;
          const box = unionBox(words);
          if (!target || !box) return;
          const text = textInBox(words, box);
          applyBox(ctx, target, page, box, text, unitScale(session.getState().ocr[page]));
        }}
        onVisiblePageChange={(n) => ui.getState().setPage(n)}
        onMountedPagesChange={(numbers) => void session.getState().ensurePages(numbers)}
        pdfAssets={pdfAssets}
        messages={messages}
      />
    </div>
  );
}
