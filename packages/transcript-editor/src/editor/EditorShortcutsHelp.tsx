/** The editor's keyboard shortcut help: the shared overlay of `@reviewdesk/ui` with this editor's table. */
import { ShortcutsHelp } from '@reviewdesk/ui';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { useEditor, usePanels } from './context.js';
import { SHORTCUTS } from './shortcuts.js';

export function EditorShortcutsHelp() {
  const { t } = useEditorTranslation();
  const { panels } = useEditor();
  const open = usePanels((p) => p.help);
  return (
    <ShortcutsHelp
      open={open}
      onOpenChange={(help) => panels.setState({ help })}
      title={t('toolbar.shortcuts')}
      shortcuts={SHORTCUTS}
      describe={(label) => t(label)}
    />
  );
}
