/** The user's profile (/user). Test ids: `profile`, `profile.tab.<id>`, `profile.email`, `profile.role`, form fields. */
import type { Locator, Page } from 'playwright-core';
import { byTestId } from './testid';

export const PROFILE_PATH = '/user';

export class ProfilePage {
  readonly root: Locator;
  readonly email: Locator;
  readonly role: Locator;
  readonly fullName: Locator;

  constructor(readonly page: Page) {
    this.root = byTestId(page, 'profile');
    this.email = byTestId(page, 'profile.email');
    this.role = byTestId(page, 'profile.role');
    this.fullName = byTestId(page, 'profile.full-name');
  }

  async waitUntilShown(): Promise<void> {
    await this.email.waitFor();
  }

  async openTab(id: string): Promise<void> {
    await byTestId(this.page, `profile.tab.${id}`).click();
  }
}
