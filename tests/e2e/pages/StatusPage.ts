/** The status screens (/not-authorized, /forbidden, /error, unknown addresses). Test ids: `status.<kind>`, `status.home`. */
import type { Locator, Page } from 'playwright-core';
import { byTestId } from './testid';

export type StatusKind = 'not-authorized' | 'forbidden' | 'error' | 'not-found';

export class StatusPage {
  constructor(readonly page: Page) {}

  screen(kind: StatusKind): Locator {
    return byTestId(this.page, `status.${kind}`);
  }

  async waitFor(kind: StatusKind): Promise<void> {
    await this.screen(kind).waitFor();
  }

  async backHome(): Promise<void> {
    await byTestId(this.page, 'status.home').click();
  }
}
