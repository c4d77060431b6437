/**
 * The review toolbar on one row: the save state and the checkout countdown always, then the
 * actions, as many as the width allows (those a reviewer uses most first); the rest are in a
 * "More" menu button (WAI-ARIA menu button) that names each with its shortcut. The toolbar is one
 * Tab stop; the arrow keys, Home and End move between its buttons, "More" included (ui's
 * useRovingToolbar).
 */
import { Menu, type MenuItem, useRovingToolbar } from '@reviewdesk/ui';
import { CheckoutCountdown } from '@reviewdesk/ui/review-session';
import { memo, useMemo, useRef } from 'react';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { SaveIndicator } from './chrome.js';
import { useSession } from './context.js';
import { KEPT_LONGEST_FIRST, useToolbarEntries } from './toolbar-entries.js';
import { TOOLBAR_MORE_TEST_ID } from './toolbar-focus.js';
import { useToolbarOverflow } from './useToolbarOverflow.js';

/**
 * The toolbar renders again on many edits (undo and redo become available or not); the menu and the
 * countdown only when what they show changes.
 */
const MoreMenu = memo(Menu);
const Countdown = memo(CheckoutCountdown);

export function Toolbar() {
  const { t } = useEditorTranslation();
  const checkoutUntil = useSession((s) => s.checkout?.until);
  const entries = useToolbarEntries();
  // The toolbar renders again when undo or redo turns on or off: its own names are looked up once.
  const names = useMemo(() => ({ toolbar: t('toolbar.label'), more: t('toolbar.more') }), [t]);
  const row = useRef<HTMLDivElement | null>(null);
  const toolbar = useRef<HTMLDivElement | null>(null);
  useRovingToolbar(toolbar);
  const kept = useMemo(() => {
    const shown = new Set(entries.map((e) => e.id));
    return KEPT_LONGEST_FIRST.filter((id) => shown.has(id));
  }, [entries]);
  const inMenu = useToolbarOverflow(row, kept);
  // The focus goes back to "More" before an item acts, so a dialog it opens gives the focus back
  // there when it closes (not to the item, gone with the menu). Each item is wrapped once, and the
  // list stays the same array while its items do.
  const wrapped = useRef(new WeakMap<MenuItem, MenuItem>());
  const lastItems = useRef<readonly MenuItem[]>([]);
  const menuItems = useMemo(() => {
    const items = entries
      .filter((e) => inMenu.has(e.id))
      .flatMap((e) => e.items)
      .map((item) => {
        let inner = wrapped.current.get(item);
        if (!inner) {
          inner = {
            ...item,
            onSelect: () => {
              row.current?.querySelector<HTMLElement>(`[data-testid="${TOOLBAR_MORE_TEST_ID}"]`)?.focus();
              item.onSelect();
            },
          };
          wrapped.current.set(item, inner);
        }
        return inner;
      });
    const last = lastItems.current;
    if (items.length === last.length && items.every((item, i) => item === last[i])) return last;
    lastItems.current = items;
    return items;
  }, [entries, inMenu]);
  return (
    <div className="rd-transcript-toolbar" role="toolbar" aria-label={names.toolbar} ref={toolbar}>
      <div className="rd-transcript-toolbar__status">
        <SaveIndicator />
        <Countdown until={checkoutUntil} />
      </div>
      <div className="rd-transcript-toolbar__actions" ref={row}>
        {entries.map((e) => (
          <div
            key={e.id}
            className="rd-transcript-toolbar__item"
            data-toolbar-item={e.id}
            data-offstage={inMenu.has(e.id) || undefined}
            // In the menu, not in the row: out of the toolbar's keyboard too.
            inert={inMenu.has(e.id) || undefined}
          >
            {e.button}
          </div>
        ))}
        <div
          className="rd-transcript-toolbar__item"
          data-toolbar-more
          data-offstage={menuItems.length === 0 || undefined}
          inert={menuItems.length === 0 || undefined}
        >
          <MoreMenu
            label={names.more}
            items={menuItems}
            placement="bottom-end"
            variant="ghost"
            size="sm"
            data-testid={TOOLBAR_MORE_TEST_ID}
          />
        </div>
      </div>
    </div>
  );
}
