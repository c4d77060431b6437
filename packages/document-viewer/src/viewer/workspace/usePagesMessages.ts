/** The page engine's words in the viewer's language (the engine itself carries English defaults). */
import { useMemo } from 'react';
import { useViewerTranslation } from '../../i18n/useViewerTranslation.js';
import type { PagesMessages } from '../../pages/types.js';

export function usePagesMessages(): Partial<PagesMessages> {
  const { t } = useViewerTranslation();
  return useMemo<Partial<PagesMessages>>(
    () => ({
      pageLabel: (n, count) => t('toolbar.pageOf', { page: n, total: count }),
      documentLabel: t('viewer.pages'),
      boxListLabel: (n, count) => t('viewer.boxList', { page: n, count }),
      loading: t('viewer.pageLoading'),
      loadError: t('viewer.pageLoadError'),
      ocrLayerLabel: t('viewer.ocrText'),
      thumbnailsLabel: t('toolbar.thumbnails'),
      thumbnailLabel: (n) => t('field.page', { page: n }),
      lowConfidence: t('field.lowConfidence'),
      invalid: t('field.pattern'),
      solved: t('field.solved'),
    }),
    [t],
  );
}
