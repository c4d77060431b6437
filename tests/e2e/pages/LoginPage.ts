/**
 * The server's sign-in page (/Identity/Account/Login, plain HTML from apps/server). It has no
 * `data-testid`s: the fields are found by their ids (`#email`, `#password`), the button by its
 * role and the error by `role="alert"` — the gap is reported in tests/e2e/README.md.
 */
import type { Locator, Page } from 'playwright-core';
import { textOf } from './testid';

export const LOGIN_PATH = '/Identity/Account/Login';

export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.email = page.locator('#email');
    this.password = page.locator('#password');
    this.submit = page.locator('form').getByRole('button');
    this.error = page.getByRole('alert');
  }

  /** Opens an app address while signed out and waits to be sent to the sign-in page. */
  async openFrom(path: string): Promise<this> {
    await this.page.goto(path);
    await this.waitUntilShown();
    return this;
  }

  async waitUntilShown(): Promise<void> {
    await this.email.waitFor();
    if (new URL(this.page.url()).pathname !== LOGIN_PATH) {
      throw new Error(`Expected the sign-in page at ${LOGIN_PATH}, got ${this.page.url()}`);
    }
  }

  /** Fills the form and submits it; does not wait for where it leads. */
  async submitCredentials(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  async errorText(): Promise<string> {
    await this.error.waitFor();
    return await textOf(this.error);
  }
}
