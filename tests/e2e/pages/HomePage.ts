/** Home (/home). Test ids: `home.welcome`, `home.shortcut.<menu id>`. */
import type { Locator, Page } from 'playwright-core';
import { byTestId } from './testid';

export const HOME_PATH = '/home';

export class HomePage {
  readonly welcome: Locator;

  constructor(readonly page: Page) {
    this.welcome = byTestId(page, 'home.welcome');
  }

  async waitUntilShown(): Promise<void> {
    await this.welcome.waitFor();
    await this.page.waitForURL((url) => url.pathname === HOME_PATH);
  }
}
