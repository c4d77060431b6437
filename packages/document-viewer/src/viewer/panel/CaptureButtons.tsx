// The two ways to give a field a value from the page: draw its box, or take text from the OCR
// layer (when the workspace allows it). Shown on a field's row and on a missing field alike.
import { useViewerTranslation } from '../../i18n/useViewerTranslation.js';
import { type ActionContext, startDrawing } from '../actions.js';
import type { DrawTarget } from '../ui-store.js';

export interface CaptureButtonsProps {
  ctx: ActionContext;
  target: DrawTarget;
  allowOcrText: boolean;
}

export function CaptureButtons({ ctx, target, allowOcrText }: CaptureButtonsProps) {
  const { t } = useViewerTranslation();
  return (
    <>
      <button type="button" className="rd-viewer-chip rd-focusable" onClick={() => startDrawing(ctx, target, 'draw')}>
        {t('field.drawBox')}
      </button>
      {allowOcrText ? (
        <button type="button" className="rd-viewer-chip rd-focusable" onClick={() => startDrawing(ctx, target, 'ocr')}>
          {t('field.fromOcr')}
        </button>
      ) : null}
    </>
  );
}
