/**
 * The signed-in frame of the app (apps/web/src/layout): side menu, user menu, language switcher,
 * skin toggle. Test ids: `menu`, `menu.toggle`, `menu.<id>`, `user-menu.trigger`,
 * `user-menu.name`, `user-menu.profile`, `user-menu.sign-out`, `language.<lng>`, `skin.toggle`.
 */
import type { Locator, Page } from 'playwright-core';
import { byTestId, textOf } from './testid';

export type Language = 'pt' | 'en' | 'de' | 'fr' | 'es';

export class AppShell {
  readonly menu: Locator;
  readonly userMenuTrigger: Locator;
  readonly skinToggle: Locator;

  constructor(readonly page: Page) {
    this.menu = byTestId(page, 'menu');
    this.userMenuTrigger = byTestId(page, 'user-menu.trigger');
    this.skinToggle = byTestId(page, 'skin.toggle');
  }

  async waitUntilShown(): Promise<void> {
    await this.menu.waitFor();
    await this.userMenuTrigger.waitFor();
  }

  pathname(): string {
    return new URL(this.page.url()).pathname;
  }

  // --- side menu ---------------------------------------------------------------------------

  menuEntry(id: string): Locator {
    return byTestId(this.menu, `menu.${id}`);
  }

  /** Test ids of the visible menu entries, in display order (the toggle excluded). */
  async visibleMenuTestIds(): Promise<string[]> {
    const entries = this.menu.locator('[data-testid^="menu."]:not([data-testid="menu.toggle"])');
    const ids: string[] = [];
    for (const entry of await entries.all()) {
      if (await entry.isVisible()) ids.push((await entry.getAttribute('data-testid')) ?? '');
    }
    return ids;
  }

  async openMenuEntry(id: string): Promise<void> {
    await this.menuEntry(id).click();
  }

  // --- user menu ---------------------------------------------------------------------------

  async openUserMenu(): Promise<void> {
    await this.userMenuTrigger.click();
    await byTestId(this.page, 'user-menu.sign-out').waitFor();
  }

  async userName(): Promise<string> {
    return await textOf(this.userMenuTrigger);
  }

  async openProfile(): Promise<void> {
    await this.openUserMenu();
    await byTestId(this.page, 'user-menu.profile').click();
  }

  /**
   * Signs out from the user menu. The provider may ask to confirm on its own page (oidc-provider's
   * plain HTML without test ids: its "yes" button is `button[name=logout][value=yes]`);
   * `onConfirmation` runs while that page is shown. The app then shows `auth.logged-out`.
   */
  async signOut(onConfirmation?: () => Promise<unknown>): Promise<{ confirmed: boolean }> {
    await this.openUserMenu();
    await byTestId(this.page, 'user-menu.sign-out').click();
    const confirm = this.page.locator('button[name="logout"][value="yes"]');
    const landed = byTestId(this.page, 'auth.logged-out');
    await Promise.race([confirm.waitFor(), landed.waitFor()]);
    const confirmed = await confirm.isVisible();
    if (confirmed) {
      await onConfirmation?.();
      await confirm.click();
    }
    await landed.waitFor();
    return { confirmed };
  }

  // --- language and skin -------------------------------------------------------------------

  languageButton(language: Language): Locator {
    return byTestId(this.page, `language.${language}`);
  }

  async chooseLanguage(language: Language): Promise<void> {
    await this.languageButton(language).click();
    await this.page.waitForFunction(
      (lng) => document.querySelector(`[data-testid="language.${lng}"]`)?.getAttribute('aria-pressed') === 'true',
      language,
    );
  }

  /** The language whose button is pressed. */
  async activeLanguage(): Promise<string | undefined> {
    const pressed = this.page.locator('[data-testid^="language."][aria-pressed="true"]');
    const id = await pressed.getAttribute('data-testid');
    return id?.replace('language.', '');
  }

  /** `lang` of the document (`en-US`, `pt-PT`, …). */
  documentLanguage(): Promise<string> {
    return this.page.evaluate(() => document.documentElement.lang);
  }

  /** Whether the skin toggle is pressed (dark skin). */
  async isDarkSkin(): Promise<boolean> {
    return (await this.skinToggle.getAttribute('aria-pressed')) === 'true';
  }

  /** The theme the ui provider applies to the app (`data-rd-theme` of its root). */
  appliedTheme(): Promise<string | null> {
    return this.page.locator('[data-rd-theme]').first().getAttribute('data-rd-theme');
  }

  async toggleSkin(): Promise<void> {
    const before = await this.isDarkSkin();
    await this.skinToggle.click();
    await this.page.waitForFunction(
      (pressed) => document.querySelector('[data-testid="skin.toggle"]')?.getAttribute('aria-pressed') === pressed,
      String(!before),
    );
  }
}
