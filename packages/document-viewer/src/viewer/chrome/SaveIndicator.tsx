/** The save state, always visible: saved / saving / unsaved / failed / conflict, announced politely. */
import { useViewerTranslation } from '../../i18n/useViewerTranslation.js';
import { useSession } from '../context.js';

export function SaveIndicator() {
  const { t } = useViewerTranslation();
  const state = useSession((s) => s.saveState);
  return (
    <output className="rd-viewer-save" data-state={state} aria-live="polite" data-testid="save.state">
      <span className="rd-viewer-save__dot" aria-hidden="true" />
      {t(`save.${state}`)}
    </output>
  );
}
