/**
 * Stories: runs a toolbar action as a person does at the story's width — its button when the row
 * shows it, else its item in the "More" menu.
 */
import { expect, userEvent, within } from 'storybook/test';
import { TOOLBAR_MORE_TEST_ID } from '../editor/toolbar-focus.js';

/**
 * @param testId the row button's test id
 * @param itemId the menu item's id (`data-rd-item`)
 */
export async function runToolbarAction(canvasElement: HTMLElement, testId: string, itemId: string) {
  const canvas = within(canvasElement);
  const button = await canvas.findByTestId(testId, {}, { timeout: 10_000 });
  if (button.checkVisibility({ visibilityProperty: true })) {
    await userEvent.click(button);
    return;
  }
  await userEvent.click(canvas.getByTestId(TOOLBAR_MORE_TEST_ID));
  const menu = await within(canvasElement.ownerDocument.body).findByRole('menu');
  const item = menu.querySelector<HTMLElement>(`[data-rd-item="${itemId}"]`);
  await expect(item).not.toBeNull();
  await userEvent.click(item as HTMLElement);
}

/** The element the focus goes back to for a toolbar action: its button, or "More" when it is in the menu. */
export function toolbarPlaceOf(canvasElement: HTMLElement, testId: string): HTMLElement {
  const canvas = within(canvasElement);
  const button = canvas.getByTestId(testId);
  return button.checkVisibility({ visibilityProperty: true }) ? button : canvas.getByTestId(TOOLBAR_MORE_TEST_ID);
}
