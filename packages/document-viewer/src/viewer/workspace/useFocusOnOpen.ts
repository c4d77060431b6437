/**
 * Opening a task puts the keyboard on the first value needing attention (else the first field),
 * once, so the shortcuts work at once — unless the host page has put the focus somewhere else.
 * Without `scroll` the pages stay where the host opened them (DocumentViewerProps.initialPage).
 */
import { useEffect, useRef } from 'react';
import type { PanelField } from '../../session/fields.js';
import { type ActionContext, focusRow, selectEntry } from '../actions.js';
import { useSession } from '../context.js';

export function useFocusOnOpen(
  ctx: ActionContext,
  fields: readonly PanelField[],
  attention: readonly string[],
  options: { scroll: boolean } = { scroll: true },
): void {
  const { scroll } = options;
  const phase = useSession((s) => s.phase);
  const focused = useRef(false);
  const { root } = ctx;
  useEffect(() => {
    if (focused.current || phase !== 'ready' || fields.length === 0) return;
    focused.current = true;
    const active = document.activeElement;
    const hostHasFocus = active && active !== document.body && !root.current?.contains(active);
    if (hostHasFocus) return;
    const first = fields[0];
    const id = attention[0] ?? (first?.entries[0]?.id || (first ? `field:${first.key}` : null));
    if (!id) return;
    selectEntry(ctx, id, { scroll });
    focusRow(ctx, id);
  }, [phase, fields, attention, ctx, root, scroll]);
}
