/**
 * Language and skin: switching changes the interface at once, and both survive a reload (the
 * language is remembered on the device, the skin in the user's preferences).
 */
import { expect, it } from 'vitest';
import { en } from '../../apps/web/src/i18n/locales/en';
import { pt } from '../../apps/web/src/i18n/locales/pt';
import { AppShell } from './pages/AppShell';
import { textOf } from './pages/testid';
import { useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { settle, signInThroughLoginPage } from './support/flows';

const current = useBrowserSessions();

it('switches to English and the dark skin, and keeps both after a reload', async () => {
  const s = current();
  const { shell } = await signInThroughLoginPage(s, demoAccount('Manager'));
  const taskList = shell.menuEntry('task-list');

  // The product starts in Portuguese and the light skin.
  expect(await shell.activeLanguage()).toBe('pt');
  expect(await shell.documentLanguage()).toBe('pt-PT');
  expect(await textOf(taskList)).toBe(pt.menu.taskList);
  expect(await shell.isDarkSkin()).toBe(false);
  expect(await shell.appliedTheme()).toBe('light');

  await shell.chooseLanguage('en');
  expect(await shell.documentLanguage()).toBe('en-US');
  expect(await textOf(taskList)).toBe(en.menu.taskList);
  await shell.toggleSkin();
  expect(await shell.isDarkSkin()).toBe(true);
  expect(await shell.appliedTheme()).toBe('dark');
  await settle(s);
  await s.screenshot('preferences-1-english-dark');

  await s.page.reload();
  const reloaded = new AppShell(s.page);
  await reloaded.waitUntilShown();
  expect(await reloaded.activeLanguage()).toBe('en');
  expect(await reloaded.documentLanguage()).toBe('en-US');
  expect(await textOf(reloaded.menuEntry('task-list'))).toBe(en.menu.taskList);
  expect(await reloaded.isDarkSkin()).toBe(true);
  expect(await reloaded.appliedTheme()).toBe('dark');
  await settle(s);
  await s.screenshot('preferences-2-after-reload');

  // And back: the light skin and Portuguese again.
  await reloaded.toggleSkin();
  await reloaded.chooseLanguage('pt');
  expect(await reloaded.appliedTheme()).toBe('light');
  expect(await textOf(reloaded.menuEntry('task-list'))).toBe(pt.menu.taskList);

  expect(s.problems).toEqual([]);
});
