/** The help overlay listing every shortcut, generated from the same table the key handler uses. */
import { Dialog } from '@reviewdesk/ui';
import { useViewerTranslation } from '../../i18n/useViewerTranslation.js';
import { useUi } from '../context.js';
import { SHORTCUTS } from '../shortcuts.js';

export function ShortcutsHelp() {
  const { t } = useViewerTranslation();
  const open = useUi((s) => s.helpOpen);
  const set = useUi((s) => s.set);
  return (
    <Dialog open={open} onOpenChange={(next) => set({ helpOpen: next })} title={t('shortcuts.title')} size="md">
      <dl className="rd-viewer-shortcuts" data-testid="shortcuts.help">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.id} className="rd-viewer-shortcuts__row">
            <dt>
              {(shortcut.keys.length > 1 ? shortcut.keys.split('+') : [shortcut.keys]).map((key, index) => (
                <span key={key}>
                  {index ? ' + ' : ''}
                  <kbd>{key === 'Control' ? 'Ctrl' : key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{t(shortcut.label)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
