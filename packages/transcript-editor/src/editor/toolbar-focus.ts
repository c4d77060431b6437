/** Where the focus goes back to when a panel a toolbar action opened closes. */

export const TOOLBAR_MORE_TEST_ID = 'toolbar.more';

/** Focuses a toolbar action: its button when the row shows it, else the "More" button holding it. */
export function focusToolbarAction(root: HTMLElement | null, testId: string): void {
  const button = root?.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
  // Without layout (no checkVisibility) every button is in the row.
  const inMenu = button?.checkVisibility?.({ visibilityProperty: true }) === false;
  (inMenu ? root?.querySelector<HTMLElement>(`[data-testid="${TOOLBAR_MORE_TEST_ID}"]`) : button)?.focus();
}
