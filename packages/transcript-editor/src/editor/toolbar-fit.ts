/**
 * Which of the toolbar's actions leave the row for its "More" menu, from measured widths: the row
 * keeps the actions a reviewer uses most, in that order, as long as they fit beside the "More"
 * button; all of them when they fit without it. Pure, so the rule is tested without a layout.
 */

export interface ToolbarFit {
  /** Width the actions may take (the toolbar's, less what always stays in it). */
  available: number;
  /** Space between two buttons. */
  gap: number;
  /** Width of the "More" button. */
  more: number;
  /** Each action's width, the one kept longest first. */
  widths: ReadonlyArray<readonly [id: string, width: number]>;
}

/** The ids of the actions that go into the menu (none when everything fits, or nothing was laid out). */
export function actionsInMenu({ available, gap, more, widths }: ToolbarFit): Set<string> {
  const inMenu = new Set<string>();
  // Not laid out (hidden, or a test's document without layout): nothing to decide from.
  if (available <= 0) return inMenu;
  const all = widths.reduce((sum, [, width], index) => sum + width + (index > 0 ? gap : 0), 0);
  if (all <= available) return inMenu;
  let used = more;
  let full = false;
  for (const [id, width] of widths) {
    // Once one does not fit, the ones after it go too: the row never skips a more used action.
    full ||= used + gap + width > available;
    if (full) inMenu.add(id);
    else used += gap + width;
  }
  return inMenu;
}
