/**
 * The review toolbar on one row: the save state and the checkout countdown always, then the
 * actions, as many as the width allows (those a reviewer uses most first); the rest are in a
 * "More" menu button (WAI-ARIA menu button) that names each with its shortcut. The toolbar is one
 * Tab stop; the arrow keys, Home and End move between its buttons, "More" included (ui's
 * useRovingToolbar).
 */
import { Menu, useRovingToolbar } from '@reviewdesk/ui';
import { CheckoutCountdown } from '@reviewdesk/ui/review-session';
import { useMemo, useRef } from 'react';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { SaveIndicator } from './chrome.js';
import { useSession } from './context.js';
import { KEPT_LONGEST_FIRST, useToolbarEntries } from './toolbar-entries.js';
import { TOOLBAR_MORE_TEST_ID } from './toolbar-focus.js';
import { useToolbarOverflow } from './useToolbarOverflow.js';

export function Toolbar() {
  const { t } = useEditorTranslation();
  const checkoutUntil = useSession((s) => s.checkout?.until);
  const entries = useToolbarEntries();
  const row = useRef<HTMLDivElement | null>(null);
  const toolbar = useRef<HTMLDivElement | null>(null);
  useRovingToolbar(toolbar);
  const kept = useMemo(() => {
    const shown = new Set(entries.map((e) => e.id));
    return KEPT_LONGEST_FIRST.filter((id) => shown.has(id));
  }, [entries]);
  const inMenu = useToolbarOverflow(row, kept);
  // The focus goes back to "More" before an item acts, so a dialog it opens gives the focus back
  // there when it closes (not to the item, gone with the menu).
  const menuItems = useMemo(
    () =>
      entries
        .filter((e) => inMenu.has(e.id))
        .flatMap((e) => e.items)
        .map((item) => ({
          ...item,
          onSelect: () => {
            row.current?.querySelector<HTMLElement>(`[data-testid="${TOOLBAR_MORE_TEST_ID}"]`)?.focus();
            item.onSelect();
          },
        })),
    [entries, inMenu],
  );
  return (
    <div className="rd-transcript-toolbar" role="toolbar" aria-label={t('toolbar.label')} ref={toolbar}>
      <div className="rd-transcript-toolbar__status">
        <SaveIndicator />
        <CheckoutCountdown until={checkoutUntil} />
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
          <Menu
            label={t('toolbar.more')}
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
