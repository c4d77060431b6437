/**
 * Teaching the product a new layout end to end: a manager imports five delivery notes of one
 * layout (PDFs written with varied values, src/domain/demo-delivery-notes.ts) into the demo's
 * training workspace, defines the template's fields in the template builder on the first one,
 * draws each value's region on every note and finishes its review (each note is then labelled:
 * ToClassify → Classified), trains a template model on /templates/training, activates the version,
 * chooses the model in the settings of the "Delivery notes" workspace, imports a sixth note there
 * and finds its fields filled with the values printed on it. A field added to the template afterwards
 * sends the labelled notes back to labelling ("To label again" in the training workspace's list,
 * chosen in the header's switcher); one labelled for it again is labelled.
 */
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_NOTE_PAGE,
  type DeliveryNoteField,
  type DeliveryNotePdf,
  deliveryNotePdf,
} from '../../apps/server/src/domain/demo-delivery-notes';
import { importFileForReview, workspaceIdByName } from '../embed/support/tasks';
import { type Session, useBrowserSessions } from './support/browser';
import { demoAccount } from './support/demo';
import { finishReview as finishOpenReview, settle, signInThroughLoginPage } from './support/flows';

const current = useBrowserSessions();

const TRAINING_WORKSPACE = 'Delivery notes (training)';
const READING_WORKSPACE = 'Delivery notes';
/** The template's fields as a person defines them: key, name, type code (§4). */
const FIELDS: Array<{ key: string; name: string; type: string; note: DeliveryNoteField }> = [
  { key: 'OrderNumber', name: 'Order number', type: '51', note: 'order' },
  { key: 'DeliveryDate', name: 'Delivery date', type: '50', note: 'date' },
  { key: 'Customer', name: 'Customer', type: '50', note: 'customer' },
  { key: 'AmountDue', name: 'Amount due', type: '50', note: 'total' },
];
const LABELLED_SEEDS = [201, 202, 203, 204, 205];
const NEW_NOTE_SEED = 206;
const CLASSIFIED = 30;
/** A field the manager adds once the notes are labelled: they go back to labelling for it. */
const LATE_FIELD = { key: 'OrderReference', name: 'Order reference', type: '51', note: 'order' } as const;

async function api<T>(s: Session, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${s.baseUrl}/api/v1${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Adds a field in a list of the template's fields (the builder's, or the template's edit on /templates/configure). */
async function defineField(
  s: Session,
  field: Pick<(typeof FIELDS)[number], 'key' | 'name' | 'type'>,
  scope = 'builder',
) {
  const builder = s.page.getByTestId(scope);
  await builder.getByTestId('templates.fields.add').click();
  const form = builder.getByTestId('templates.field-form');
  await form.getByTestId('templates.field.key').fill(field.key);
  await form.getByTestId('templates.field.name').fill(field.name);
  await form.getByTestId('templates.field.type').selectOption(field.type);
  await form.getByTestId('templates.field.save').click();
  await builder.getByTestId(`templates.field.${field.key}`).waitFor();
  await form.waitFor({ state: 'detached' });
}

/** Where the first page is once it stops moving (a zoom animates to its new size). */
async function settledBox(s: Session) {
  const firstPage = s.page.locator('.rd-page[data-page-number="1"]');
  let last = '';
  for (let tries = 0; tries < 50; tries++) {
    const box = await firstPage.boundingBox();
    const now = JSON.stringify(box);
    if (box && now === last) return box;
    last = now;
    await s.page.waitForTimeout(150);
  }
  throw new Error('The first page did not settle on screen.');
}

/** Draws the value's region with the mouse after "Draw region" of its field. */
async function drawRegion(s: Session, note: DeliveryNotePdf, field: Pick<(typeof FIELDS)[number], 'key' | 'note'>) {
  const page = s.page;
  await page.getByTestId(`builder.draw.${field.key}`).click();
  const box = await settledBox(s);
  const region = note.regions[field.note];
  const at = (x: number, y: number) => ({
    x: box.x + (x / DELIVERY_NOTE_PAGE.width) * box.width,
    y: box.y + (y / DELIVERY_NOTE_PAGE.height) * box.height,
  });
  // A little round the printed words, as a person draws.
  const from = at(region.left - 3, region.top - 3);
  const to = at(region.right + 3, region.bottom + 3);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

/** The values the viewer's field panel shows for a field. */
const valuesOf = (s: Session, key: string) =>
  s.page
    .getByTestId('viewer')
    .getByTestId(`field.${key}`)
    .locator('input')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value).filter(Boolean));

async function finishReview(s: Session) {
  const viewer = s.page.getByTestId('viewer');
  await viewer.getByTestId('save.state').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 15_000 });
  await finishOpenReview(s.page, viewer, { timeout: 30_000 });
}

describe('templates', () => {
  it('labels five delivery notes in the template builder, trains and activates a model, and reads a sixth note with it', {
    timeout: 600_000,
  }, async () => {
    const s = current();
    const { shell, token } = await signInThroughLoginPage(s, demoAccount('Manager'));
    await shell.chooseLanguage('en');
    const page = s.page;
    const trainingId = await workspaceIdByName(s.baseUrl, await token(), TRAINING_WORKSPACE, 20);
    const readingId = await workspaceIdByName(s.baseUrl, await token(), READING_WORKSPACE);

    const notes = await Promise.all(LABELLED_SEEDS.map((seed) => deliveryNotePdf(seed)));
    const taskIds: string[] = [];
    for (const note of notes) {
      taskIds.push(await importFileForReview(s.baseUrl, await token(), trainingId, note.fileName, note.bytes));
    }

    // The labelling list says five notes wait to be labelled.
    await page.goto('/templates/labelling');
    const labelling = page.getByTestId(`templates.labelling.${trainingId}`);
    await expect
      .poll(() => labelling.getByTestId('templates.labelling.counts').textContent(), { timeout: 20_000 })
      .toMatch(/5/);

    for (const [index, note] of notes.entries()) {
      await page.goto(`/task/viewer/templatebuilder?taskId=${taskIds[index]}&workspaceId=${trainingId}`);
      await page.getByTestId('builder').waitFor({ timeout: 30_000 });
      await page.locator('.rd-page[data-page-number="1"] canvas').first().waitFor({ timeout: 30_000 });
      // The whole page on screen, so every value can be reached with the mouse.
      await page.getByTestId('viewer').getByRole('button', { name: 'Fit page' }).click();
      if (index === 0) {
        for (const field of FIELDS) await defineField(s, field);
        await settle(s);
        await s.screenshot('templates-1-fields-defined');
      }
      for (const field of FIELDS) {
        await drawRegion(s, note, field);
        await expect.poll(() => valuesOf(s, field.key), { timeout: 15_000 }).toEqual([note.values[field.note]]);
      }
      if (index === 0) {
        await settle(s);
        await s.screenshot('templates-2-labelled');
      }
      await finishReview(s);
    }
    for (const taskId of taskIds) {
      const task = await api<{ labellingStatus: number | null }>(s, await token(), `/SdTask/${taskId}`);
      expect(task.labellingStatus).toBe(CLASSIFIED);
    }

    // Train a template model on the five labelled notes and activate the version.
    await page.goto('/templates/training');
    const training = page.getByTestId(`templates.training.${trainingId}`);
    const train = training.getByTestId('templates.train.30');
    await expect.poll(() => train.isEnabled(), { timeout: 20_000 }).toBe(true);
    await train.click();
    const version = training.getByTestId('templates.model.1');
    await version.waitFor({ timeout: 20_000 });
    // The list is read again every 30 s while a version trains; a reload shows the end sooner.
    await expect
      .poll(
        async () => {
          await page.reload();
          await version.waitFor({ timeout: 20_000 });
          return version.getAttribute('data-phase');
        },
        { timeout: 240_000, interval: 5_000 },
      )
      .toMatch(/trained|failed/);
    expect(await version.getAttribute('data-phase')).toBe('trained');
    await settle(s);
    await s.screenshot('templates-3-trained');
    await version.getByRole('button', { name: /Activate/ }).click();
    await expect.poll(() => version.getAttribute('data-phase'), { timeout: 20_000 }).toBe('active');

    // The reading workspace recognizes with the model, chosen in its settings (fields tab): the
    // fields the model reads join the workspace's.
    await page.getByTestId('workspace-switcher').selectOption(readingId);
    await page.goto('/workspace/edit?tab=fields');
    const choice = page.getByTestId('workspace.customModel.choice');
    await choice.waitFor();
    await expect.poll(() => choice.locator('option').count(), { timeout: 20_000 }).toBe(2);
    await choice.selectOption({ index: 1 });
    await page.getByTestId('workspace.customModel.save').click();
    await expect
      .poll(() => page.getByTestId('workspace.customModel.save').isDisabled(), { timeout: 20_000 })
      .toBe(true);
    await page.getByTestId('workspace.fields.row.OrderNumber').waitFor({ timeout: 20_000 });
    await settle(s);
    await s.screenshot('templates-4-model-chosen');
    const sixth = await deliveryNotePdf(NEW_NOTE_SEED);
    const sixthId = await importFileForReview(s.baseUrl, await token(), readingId, sixth.fileName, sixth.bytes);
    await page.goto(`/task/viewer?taskId=${sixthId}&workspaceId=${readingId}`);
    await page.getByTestId('viewer').getByTestId('field.OrderNumber').waitFor({ timeout: 30_000 });
    for (const field of FIELDS) {
      await expect.poll(() => valuesOf(s, field.key), { timeout: 15_000 }).toEqual([sixth.values[field.note]]);
    }
    await settle(s);
    await s.screenshot('templates-5-read-by-model');

    // A field the template lacked, added on /templates/configure: the labelled notes go back to
    // labelling, and the training workspace's list (chosen in the header) says so.
    await page.goto('/templates/configure');
    await page.getByTestId(`templates.edit.${trainingId}`).click();
    await defineField(s, LATE_FIELD, 'templates.fields');
    await page.getByTestId('workspace-switcher').selectOption(trainingId);
    await page.goto('/task/list');
    const labellingOf = (taskId: string) =>
      page.getByTestId(`task-list.row.${taskId}`).getByRole('cell').allTextContents();
    for (const taskId of taskIds) {
      await expect.poll(() => labellingOf(taskId), { timeout: 20_000 }).toContain('To label again (new fields)');
    }
    // The list's filter finds them by that status.
    await page.getByTestId('task-list.filters-toggle').click();
    await page.getByTestId('task-list.filters.labelling.20').check();
    await page.getByTestId('task-list.filters.apply').click();
    await expect
      .poll(() => page.locator('[data-testid^="task-list.row."]').count(), { timeout: 20_000 })
      .toBe(taskIds.length);
    await settle(s);
    await s.screenshot('templates-6-to-label-again');

    // Labelled again for the new field, the first note is labelled and leaves the to-review list.
    const [firstId] = taskIds;
    const [firstNote] = notes;
    if (!firstId || !firstNote) throw new Error('no labelled note');
    await page.goto(`/task/viewer/templatebuilder?taskId=${firstId}&workspaceId=${trainingId}`);
    await page.getByTestId('builder').waitFor({ timeout: 30_000 });
    await page.locator('.rd-page[data-page-number="1"] canvas').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('viewer').getByRole('button', { name: 'Fit page' }).click();
    await drawRegion(s, firstNote, LATE_FIELD);
    await expect
      .poll(() => valuesOf(s, LATE_FIELD.key), { timeout: 15_000 })
      .toEqual([firstNote.values[LATE_FIELD.note]]);
    await finishReview(s);
    await page.goto('/task/list?tab=processed');
    await expect.poll(() => labellingOf(firstId), { timeout: 20_000 }).toContain('Labelled');
    expect(s.problems).toEqual([]);
  });
});
