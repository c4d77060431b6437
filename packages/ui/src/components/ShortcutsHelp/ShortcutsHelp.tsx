/**
 * The help overlay listing an editor's keyboard shortcuts, generated from the same table its key
 * handler uses (see keyboard-shortcuts.ts). Each editor passes its table and its own translation.
 */
import { Dialog } from '../Dialog/Dialog';
import type { KeyboardShortcut } from './keyboard-shortcuts';

/** Props of {@link ShortcutsHelp}. */
export interface ShortcutsHelpProps<Label extends string = string> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Heading of the overlay. */
  title: string;
  shortcuts: readonly Pick<KeyboardShortcut<string, Label>, 'id' | 'keys' | 'label'>[];
  /** Translates a shortcut's label. */
  describe: (label: Label) => string;
}

/** The name a key has on the keyboard, where the table uses the DOM's. */
const keyCap = (key: string) => (key === 'Control' ? 'Ctrl' : key === ' ' ? 'Space' : key);

/**
 * The keyboard shortcut help of an editor.
 * @example
 * <ShortcutsHelp open={open} onOpenChange={setOpen} title={t('shortcuts.title')} shortcuts={SHORTCUTS} describe={t} />
 */
export function ShortcutsHelp<Label extends string>({
  open,
  onOpenChange,
  title,
  shortcuts,
  describe,
}: ShortcutsHelpProps<Label>) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} size="md">
      <dl className="rd-shortcuts" data-testid="shortcuts.help">
        {shortcuts.map((shortcut) => (
          <div key={shortcut.id} className="rd-shortcuts__row">
            <dt>
              {(shortcut.keys.length > 1 ? shortcut.keys.split('+') : [shortcut.keys]).map((key, index) => (
                <span key={key}>
                  {index ? ' + ' : ''}
                  <kbd>{keyCap(key)}</kbd>
                </span>
              ))}
            </dt>
            <dd>{describe(shortcut.label)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
