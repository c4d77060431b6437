/**
 * Embedding the template builder (`@reviewdesk/document-viewer/template-builder/embed`) in a page
 * without React, on the real server in Chromium: a delivery note waits to be labelled in the demo's
 * training workspace; in the mounted builder a person defines a field, draws its region on the
 * page and sees the value read there saved; the host hears the save, switches the language with
 * `update`, and `destroy` leaves its element empty.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DELIVERY_NOTE_PAGE,
  type DeliveryNotePdf,
  deliveryNotePdf,
} from '../../apps/server/src/domain/demo-delivery-notes';
import { closeSession, launchBrowser, openSession } from '../e2e/support/browser';
import { demoAccount } from '../e2e/support/demo';
import { signInThroughLoginPage } from '../e2e/support/flows';
import { serveHostPages } from './support/host';
import { importFileForReview, workspaceIdByName } from './support/tasks';

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

let browser: Browser;
let token = '';
let taskId = '';
let note: DeliveryNotePdf;

beforeAll(async () => {
  browser = await launchBrowser();
  const session = await openSession(browser);
  const signedIn = await signInThroughLoginPage(session, demoAccount('Manager'));
  token = await signedIn.token();
  const baseUrl = inject('baseUrl');
  const trainingId = await workspaceIdByName(baseUrl, token, 'Delivery notes (training)', 20);
  note = await deliveryNotePdf(401);
  taskId = await importFileForReview(baseUrl, token, trainingId, note.fileName, note.bytes);
  await closeSession(session, 'embed-builder-setup');
});

afterAll(async () => {
  await browser?.close();
});

/** Draws the order number's region with the mouse, a little round the printed words. */
async function drawOrderRegion(page: Page) {
  const firstPage = page.locator('.rd-page[data-page-number="1"]');
  let box = await firstPage.boundingBox();
  // A zoom animates the page to its size: wait until it stops moving.
  for (let tries = 0, last = ''; tries < 50 && JSON.stringify(box) !== last; tries++) {
    last = JSON.stringify(box);
    await page.waitForTimeout(150);
    box = await firstPage.boundingBox();
  }
  if (!box) throw new Error('The page is not on screen.');
  const region = note.regions.order;
  const at = (x: number, y: number) => ({
    x: (box?.x ?? 0) + (x / DELIVERY_NOTE_PAGE.width) * (box?.width ?? 0),
    y: (box?.y ?? 0) + (y / DELIVERY_NOTE_PAGE.height) * (box?.height ?? 0),
  });
  const from = at(region.left - 3, region.top - 3);
  const to = at(region.right + 3, region.bottom + 3);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

describe('embedding the template builder', () => {
  it('mounts in a page without React, labels a value, reports the save, changes language and unmounts', async () => {
    const session = await openSession(browser);
    const page = session.page;
    try {
      await serveHostPages(page, session.baseUrl, {
        baseUrl: session.baseUrl,
        token,
        userId: `embed-builder-${Date.now()}`,
        taskIds: [taskId],
      });
      await page.goto('/embed-host/template-builder.html');
      const builder = page.getByTestId('builder');
      await builder.getByRole('heading', { name: 'Template builder' }).waitFor({ timeout: 30_000 });
      await page.locator('.rd-page[data-page-number="1"] canvas').first().waitFor({ timeout: 30_000 });
      expect(
        await page.evaluate(() => [
          (window as unknown as { reactBefore: string }).reactBefore,
          typeof (window as unknown as { React?: unknown }).React,
        ]),
      ).toEqual(['undefined', 'undefined']);

      // A field of the template, defined in the builder as a person does.
      await page.getByRole('button', { name: 'Fit page' }).click();
      await builder.getByTestId('templates.fields.add').click();
      const form = builder.getByTestId('templates.field-form');
      await form.getByTestId('templates.field.key').fill('EmbedOrder');
      await form.getByTestId('templates.field.name').fill('Order number');
      await form.getByTestId('templates.field.save').click();
      await builder.getByTestId('builder.draw.EmbedOrder').waitFor();

      // Its value drawn on the page: read from the page's words and saved, the host told.
      await builder.getByTestId('builder.draw.EmbedOrder').click();
      await drawOrderRegion(page);
      const values = () =>
        page
          .getByTestId('field.EmbedOrder')
          .locator('input')
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value).filter(Boolean));
      await expect.poll(values, { timeout: 15_000 }).toEqual([note.values.order]);
      await page.waitForFunction(
        () => (window as unknown as { events: string[] }).events.includes('saved'),
        undefined,
        { timeout: 15_000 },
      );

      // The host switches the language; the builder follows without losing the value.
      await page.evaluate(() => {
        const w = window as unknown as { offSave: () => void; builder: { update(o: object): void } };
        w.offSave();
        w.builder.update({ locale: 'fr' });
      });
      await builder.getByRole('heading', { name: 'Éditeur de modèles' }).waitFor();
      expect(await values()).toEqual([note.values.order]);
      await page.evaluate(() => (window as unknown as { builder: { destroy(): void } }).builder.destroy());
      expect(await page.locator('#builder').innerHTML()).toBe('');
      expect(session.problems).toEqual([]);
    } finally {
      await closeSession(session, 'embed-template-builder');
    }
  });
});
