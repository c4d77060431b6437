/** The viewer's keyboard shortcut help: the shared overlay of `@reviewdesk/ui` with the viewer's table. */
import { ShortcutsHelp as ShortcutsOverlay } from '@reviewdesk/ui';
import { useViewerTranslation } from '../../i18n/useViewerTranslation.js';
import { useUi } from '../context.js';
import { SHORTCUTS } from '../shortcuts.js';

export function ShortcutsHelp() {
  const { t } = useViewerTranslation();
  const open = useUi((s) => s.helpOpen);
  const set = useUi((s) => s.set);
  return (
    <ShortcutsOverlay
      open={open}
      onOpenChange={(next) => set({ helpOpen: next })}
      title={t('shortcuts.title')}
      shortcuts={SHORTCUTS}
      describe={(label) => t(label)}
    />
  );
}
