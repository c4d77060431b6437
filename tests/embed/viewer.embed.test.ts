/**
 * Embedding the document viewer: a host page with aggressive global CSS, two viewers on one
 * page, and the vanilla mount in a page without React — on the real server, in Chromium.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeSession, launchBrowser, openSession, type Session } from '../e2e/support/browser';
import { demoAccount } from '../e2e/support/demo';
import { signInThroughLoginPage } from '../e2e/support/flows';
import { serveHostPages } from './support/host';
import { importForReview, workspaceIdByName } from './support/tasks';

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

let browser: Browser;
let token = '';
let userId = '';
const taskIds: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const session = await openSession(browser);
  const signedIn = await signInThroughLoginPage(session, demoAccount('Manager'));
  token = await signedIn.token();
  userId = `embed-${Date.now()}`;
  const baseUrl = inject('baseUrl');
  const workspaceId = await workspaceIdByName(baseUrl, token, 'Supplier invoices');
  taskIds.push(await importForReview(baseUrl, token, workspaceId, 'invoices/AzureInterior.pdf'));
  taskIds.push(await importForReview(baseUrl, token, workspaceId, 'invoices/QualityHosting.pdf'));
  await closeSession(session, 'embed-setup');
});

afterAll(async () => {
  await browser?.close();
});

async function openHost(name: string): Promise<{ session: Session; page: Page }> {
  const session = await openSession(browser);
  await serveHostPages(session.page, session.baseUrl, { baseUrl: session.baseUrl, token, userId, taskIds });
  await session.page.goto(`/embed-host/${name}`);
  return { session, page: session.page };
}

/** Computed styles of host elements, to prove the viewer changed none of them. */
function hostStyles(page: Page) {
  return page.evaluate(() => {
    const props = [
      'font-size',
      'font-family',
      'color',
      'background-color',
      'box-sizing',
      'margin-top',
      'padding-top',
      'text-transform',
      'border-top-width',
      'line-height',
    ];
    const ids = ['host-title', 'host-text', 'host-button', 'host-input'];
    const out: Record<string, string> = {};
    for (const el of [document.documentElement, document.body, ...ids.map((id) => document.getElementById(id))]) {
      if (!el) continue;
      const style = getComputedStyle(el);
      for (const prop of props) out[`${el.id || el.tagName}:${prop}`] = style.getPropertyValue(prop);
    }
    // Custom properties declared on the root would leak into the host's own variables.
    const rootVars = [...document.styleSheets].flatMap((sheet) => {
      try {
        return [...sheet.cssRules].map((r) => r.cssText).filter((t) => /^(:root|html|body)\s*\{[^}]*--rd-/.test(t));
      } catch {
        return [];
      }
    });
    out.rootVariables = rootVars.join('|');
    return out;
  });
}

describe('embedding the document viewer', () => {
  it('a hostile host page neither breaks the viewer nor is changed by it', async () => {
    const { session, page } = await openHost('hostile.html');
    try {
      await page.getByRole('textbox', { name: 'Total value' }).waitFor();
      await page.locator('.rd-page canvas').first().waitFor({ timeout: 30_000 });
      // The viewer is intact: our box model, our controls' look, a usable layout.
      const look = await page.evaluate(() => {
        const q = (s: string) => document.querySelector(s) as HTMLElement;
        const finish = q('[data-testid="toolbar.finish"]');
        const input = q('.rd-viewer-field__input');
        const toolbar = q('.rd-viewer-toolbar');
        const pages = q('.rd-viewer__pages');
        const panel = q('.rd-viewer-panel');
        return {
          boxSizing: getComputedStyle(input).boxSizing,
          inputBorder: getComputedStyle(input).borderTopWidth,
          inputHeight: input.getBoundingClientRect().height,
          finishTransform: getComputedStyle(finish).textTransform,
          finishBorderStyle: getComputedStyle(finish).borderTopStyle,
          toolbarHeight: toolbar.getBoundingClientRect().height,
          pagesWidth: pages.getBoundingClientRect().width,
          panelWidth: panel.getBoundingClientRect().width,
          letterSpacing: getComputedStyle(q('.rd-viewer-panel__count')).letterSpacing,
          viewerHeight: q('.rd-viewer').getBoundingClientRect().height,
          slotHeight: q('#viewer').getBoundingClientRect().height,
        };
      });
      expect(look.boxSizing).toBe('border-box');
      expect(look.inputBorder).toBe('1px');
      expect(look.inputHeight).toBeLessThan(50);
      expect(look.finishTransform).toBe('none');
      expect(look.finishBorderStyle).not.toBe('dashed');
      expect(look.toolbarHeight).toBeLessThan(160);
      expect(look.pagesWidth).toBeGreaterThan(500);
      expect(look.panelWidth).toBeGreaterThan(150);
      expect(look.letterSpacing).toBe('normal');
      expect(look.viewerHeight).toBe(look.slotHeight); // fills the host's element, no more
      await page.waitForLoadState('networkidle');
      await session.screenshot('embed-hostile');

      // The host is untouched: same computed styles with the viewer gone as with it on the page.
      const withViewer = await hostStyles(page);
      await page.evaluate(() => (window as unknown as { viewer: { destroy(): void } }).viewer.destroy());
      const without = await hostStyles(page);
      expect(withViewer).toEqual(without);
      expect(withViewer.rootVariables).toBe('');
      expect(withViewer['host-button:text-transform']).toBe('uppercase');
      expect(await page.locator('#viewer').innerHTML()).toBe('');
    } finally {
      await closeSession(session, 'embed-hostile');
    }
  });

  it('two viewers on one page keep their own task, language, skin, edits and save state', async () => {
    const { session, page } = await openHost('two.html');
    try {
      const left = page.locator('#left');
      const right = page.locator('#right');
      await left.getByRole('textbox', { name: 'Total value' }).waitFor();
      await right.getByRole('textbox', { name: 'Wert von Total' }).waitFor();
      expect(await left.locator('.rd-root').first().getAttribute('class')).toContain('rd-theme-light');
      expect(await right.locator('.rd-root').first().getAttribute('class')).toContain('rd-theme-dark');

      const total = left.getByRole('textbox', { name: 'Total value' });
      await total.fill('279.81');
      await left.getByTestId('save.state').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 10_000 });
      const events = await page.evaluate(() => (window as unknown as { events: Record<string, string[]> }).events);
      expect(events.left).toContain('saved');
      expect(events.right).toEqual([]);
      expect(await right.getByTestId('save.state').textContent()).toContain('Alle Änderungen gespeichert');

      // A shortcut in one viewer acts there only.
      await left.getByRole('button', { name: 'Zoom in' }).focus();
      await page.keyboard.press('?');
      await page.getByTestId('shortcuts.help').waitFor();
      expect(await page.getByTestId('shortcuts.help').count()).toBe(1);
      expect(await right.getByRole('heading', { name: 'Tastenkürzel' }).count()).toBe(0);
      await session.screenshot('embed-two-viewers');
    } finally {
      await closeSession(session, 'embed-two');
    }
  });

  it('mounts in a page without React, reports events, and unmounts cleanly', async () => {
    const { session, page } = await openHost('vanilla.html');
    try {
      await page.getByRole('textbox', { name: 'Total value' }).waitFor();
      expect(
        await page.evaluate(() => [
          (window as unknown as { reactBefore: string }).reactBefore,
          typeof (window as unknown as { React?: unknown }).React,
        ]),
      ).toEqual(['undefined', 'undefined']);
      await page.getByRole('textbox', { name: 'Total value' }).fill('279.82');
      await page.waitForFunction(
        () => (window as unknown as { events: string[] }).events.includes('saved'),
        undefined,
        { timeout: 10_000 },
      );
      await page.evaluate(() => {
        const w = window as unknown as { offSave: () => void; viewer: { update(o: object): void } };
        w.offSave();
        w.viewer.update({ locale: 'fr' });
      });
      await page.getByRole('textbox', { name: 'Valeur de Total' }).waitFor();
      await page.evaluate(() => (window as unknown as { viewer: { destroy(): void } }).viewer.destroy());
      expect(await page.locator('#viewer').innerHTML()).toBe('');
      expect(session.problems).toEqual([]);
    } finally {
      await closeSession(session, 'embed-vanilla');
    }
  });
});
