/** Every page object selects by the app's dotted test ids (`data-testid`), never by CSS classes. */
import type { Locator, Page } from 'playwright-core';

export function byTestId(scope: Page | Locator, id: string): Locator {
  return scope.locator(`[data-testid="${id}"]`);
}

/** The element's text, trimmed (its `textContent`: what the user reads, and what a screen reader announces). */
export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}
