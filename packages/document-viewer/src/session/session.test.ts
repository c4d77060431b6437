// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { createApiClient } from '@reviewdesk/api-client';
import { openJournal } from '@reviewdesk/ui/review-session';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { invoiceConfig } from '../test/fixtures.js';
import { createMockViewerApi, type MockViewerOptions } from '../test/mock-api.js';
import { addEntity, boundingBox, setValue } from './document-edits.js';
import {
  conflictsOf,
  createReviewSession,
  KEEPALIVE_BODY_LIMIT,
  type ReviewSessionOptions,
  type SessionEvents,
} from './session.js';
import type { DocumentResult, SaveState } from './types.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let dbCount = 0;
let journalName = '';
beforeEach(() => {
  journalName = `journal-test-${++dbCount}`;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
});
afterEach(() => vi.useRealTimers());

const client = createApiClient({
  baseUrl: 'https://api.reviewdesk.test',
  getAccessToken: () => 'token',
  fetch: (request) => globalThis.fetch(request),
});

function setup(mock: MockViewerOptions = {}, events: SessionEvents = {}, extra: Partial<ReviewSessionOptions> = {}) {
  const api = createMockViewerApi(mock);
  server.use(...api.handlers);
  const states: SaveState[] = [];
  const session = createReviewSession({
    client,
    taskId: api.init.taskId,
    userId: 'reviewer-1',
    journalName,
    getEvents: () => ({ ...events, onSaveStateChange: (s) => states.push(s) }),
    createObjectUrl: () => 'blob:page',
    revokeObjectUrl: () => undefined,
    pageLifecycle: null,
    ...extra,
  });
  return { api, session, states };
}

const typeTotal = (value: string) => (page: Parameters<typeof setValue>[0]) =>
  setValue(page, '0.1.a7', 0, value, 'now');

describe('review session', () => {
  it('loads the task, checks it out and loads the first page with its version', async () => {
    const { api, session } = setup();
    await session.getState().start();
    const state = session.getState();
    expect(state.phase).toBe('ready');
    expect(state.mode).toBe('review');
    expect(state.checkout?.checkoutExpireMinutes).toBe(15);
    expect(state.versions[1]).toBe(1);
    expect(state.files[1]).toEqual({ url: 'blob:page', kind: 'pdf' });
    expect(api.state.calls.slice(0, 2)).toEqual(['ViewerInit', 'Checkout']);
  });

  it('saves 500 ms after the last change, in one batch, with the edited version, and the new version is +1', async () => {
    const { api, session, states } = setup();
    await session.getState().start();
    session.getState().edit(1, 'value', typeTotal('279.8'));
    await vi.advanceTimersByTimeAsync(300);
    session.getState().edit(1, 'value', typeTotal('279.84'));
    expect(session.getState().saveState).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(400);
    expect(api.state.saves).toHaveLength(0); // the debounce restarted with the second keystroke
    await vi.advanceTimersByTimeAsync(200);
    await vi.waitFor(() => expect(session.getState().saveState).toBe('saved'));
    expect(api.state.saves).toHaveLength(1);
    expect(api.state.saves[0]?.['1']?.version).toBe(1);
    expect(api.state.saves[0]?.['1']?.entities.find((e) => e.temporaryId === '0.1.a7')?.keyValues[0]?.content).toBe(
      '279.84',
    );
    expect(session.getState().versions[1]).toBe(2);
    expect(states).toEqual(['unsaved', 'saving', 'saved']);
    expect(await openJournal<DocumentResult>(api.init.taskId, 'reviewer-1', journalName).read()).toBeUndefined();
  });

  it('shows a conflict when someone else saved the page first, and never overwrites it silently', async () => {
    const { api, session } = setup();
    await session.getState().start();
    api.state.bumpVersion(1); // another reviewer saved page 1: server version 2
    session.getState().edit(1, 'value', typeTotal('279.84'));
    await vi.advanceTimersByTimeAsync(600);
    await vi.waitFor(() => expect(session.getState().saveState).toBe('conflict'));
    expect(api.state.pages[1]?.version).toBe(2);
    expect(api.state.pages[1]?.entities.find((e) => e.temporaryId === '0.1.a7')?.keyValues[0]?.content).toBe('279.B4');
    expect(Object.keys(session.getState().conflicts)).toEqual(['1']);
    expect(session.getState().conflicts[1]).toMatchObject({ serverVersion: 2, changedBy: 'Another Reviewer' });
    // No retry loop against a conflict.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(api.state.saves).toHaveLength(1);

    await session.getState().resolveConflict(1, 'mine');
    await vi.advanceTimersByTimeAsync(50);
    await vi.waitFor(() => expect(session.getState().saveState).toBe('saved'));
    expect(api.state.saves.at(-1)?.['1']?.version).toBe(2);
    expect(api.state.pages[1]?.version).toBe(3);
  });

  it("takes the other reviewer's version when asked", async () => {
    const { api, session } = setup();
    await session.getState().start();
    api.state.bumpVersion(1);
    session.getState().edit(1, 'value', typeTotal('1.00'));
    await vi.advanceTimersByTimeAsync(600);
    await vi.waitFor(() => expect(session.getState().saveState).toBe('conflict'));
    await session.getState().resolveConflict(1, 'theirs');
    expect(session.getState().saveState).toBe('saved');
    expect(session.getState().versions[1]).toBe(2);
    expect(session.getState().pages[1]?.entities.find((e) => e.temporaryId === '0.1.a7')?.keyValues[0]?.content).toBe(
      '279.B4',
    );
  });

  it('retries a failed save with backoff and keeps the edit journaled until acknowledged', async () => {
    const { api, session } = setup({ failSaves: 2 });
    await session.getState().start();
    session.getState().edit(1, 'value', typeTotal('279.84'));
    await vi.advanceTimersByTimeAsync(600);
    await vi.waitFor(() => expect(session.getState().saveState).toBe('failed'));
    const journal = openJournal<DocumentResult>(api.init.taskId, 'reviewer-1', journalName);
    expect((await journal.read())?.pages['1']?.baseVersion).toBe(1);
    await vi.advanceTimersByTimeAsync(1_100); // first retry after 1 s: fails again
    await vi.waitFor(() => expect(api.state.failSaves).toBe(0));
    expect(session.getState().saveState).toBe('failed');
    await vi.advanceTimersByTimeAsync(2_100); // second retry after 2 s: succeeds
    await vi.waitFor(() => expect(session.getState().saveState).toBe('saved'));
    expect(api.state.pages[1]?.version).toBe(2);
    expect(await journal.read()).toBeUndefined();
  });

  it('restores unsaved edits from the device after a reload and saves them', async () => {
    const first = setup({ failSaves: 100 });
    await first.session.getState().start();
    first.session.getState().edit(1, 'value', typeTotal('279.84'));
    first.session.getState().dispose(); // the tab closes before anything was sent
    // Closing tries one last save, which fails too.
    await vi.waitFor(() => expect(first.api.state.calls.filter((c) => c === 'Save')).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(50);

    server.resetHandlers();
    const second = setup();
    await second.session.getState().start();
    await vi.waitFor(() => expect(second.session.getState().restoredPages).toEqual([1]));
    expect(
      second.session.getState().pages[1]?.entities.find((e) => e.temporaryId === '0.1.a7')?.keyValues[0]?.content,
    ).toBe('279.84');
    await vi.advanceTimersByTimeAsync(600);
    await vi.waitFor(() => expect(second.session.getState().saveState).toBe('saved'));
    expect(second.api.state.pages[1]?.version).toBe(2);
  });

  it('restores a journaled page that changed on the server meanwhile as a conflict', async () => {
    const first = setup({ failSaves: 100 });
    await first.session.getState().start();
    first.session.getState().edit(1, 'value', typeTotal('279.84'));
    first.session.getState().dispose();
    await vi.waitFor(() => expect(first.api.state.calls.filter((c) => c === 'Save')).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(50);

    server.resetHandlers();
    const second = setup();
    second.api.state.bumpVersion(1);
    await second.session.getState().start();
    await vi.waitFor(() => expect(second.session.getState().saveState).toBe('conflict'));
    expect(
      second.session.getState().conflicts[1]?.mine.entities.find((e) => e.temporaryId === '0.1.a7')?.keyValues[0]
        ?.content,
    ).toBe('279.84');
  });

  it('opens read-only when someone else holds the checkout', async () => {
    const { session } = setup({ checkoutRefusal: 3 });
    await session.getState().start();
    expect(session.getState().mode).toBe('read-only');
    expect(session.getState().readOnlyReason).toBe('checked-out-by-other');
    session.getState().edit(1, 'value', typeTotal('0'));
    expect(session.getState().dirty).toEqual({});
  });

  it('opens read-only when the task is assigned to someone else', async () => {
    const { session } = setup({ checkoutRefusal: 29 });
    await session.getState().start();
    expect(session.getState().readOnlyReason).toBe('assigned-to-other');
  });

  it('renews the checkout on activity, never more often than every 240,000 ms, and reports an expiry', async () => {
    const lost = vi.fn();
    const { api, session } = setup({}, { onCheckoutLost: lost });
    await session.getState().start();
    session.getState().noteActivity();
    await vi.advanceTimersByTimeAsync(239_000);
    session.getState().noteActivity();
    expect(api.state.renewals).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    session.getState().noteActivity();
    session.getState().noteActivity();
    await vi.waitFor(() => expect(api.state.renewals).toBe(1));
    await vi.advanceTimersByTimeAsync(60_000);
    session.getState().noteActivity();
    expect(api.state.renewals).toBe(1);
    // No more activity: the renewed checkout (15 min) runs out.
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(lost).toHaveBeenCalledWith({ reason: 'expired', taskId: api.init.taskId });
    expect(session.getState().readOnlyReason).toBe('checkout-lost');
  });

  it('refuses to finish with empty required fields and values not matching their pattern, without calling the server', async () => {
    const { api, session } = setup();
    await session.getState().start();
    expect(await session.getState().finish()).toBe(false);
    expect(session.getState().finishError).toBe('invalid');
    expect(session.getState().serverProblems).toEqual({ InvoiceTotal: 'pattern', PurchaseOrder: 'required' });
    expect(api.state.calls).not.toContain('Finish');
  });

  it("shows the server's refusal on the fields it names, then finishes", async () => {
    const onFinishReview = vi.fn();
    const { api, session } = setup(
      {
        // The server knows a rule this client's configuration does not (changed meanwhile).
        init: {
          workspaceConfig: invoiceConfig({
            categories: invoiceConfig().categories.map((c) => ({
              ...c,
              fieldConfig: { ...c.fieldConfig, isRequired: c.categoryKey === 'InvoiceId' },
            })),
          }),
        },
        // The words name another field: the client reads the structured list, never the message.
        finishErrors: [{ code: 22, message: 'Required fields are empty: Invoice number (InvoiceId).' }],
        invalidFields: [{ categoryKey: 'PurchaseOrder', reason: 'EmptyRequired', pages: [] }],
      },
      { onFinishReview },
    );
    await session.getState().start();
    session.getState().edit(1, 'value', typeTotal('279.84'));
    expect(await session.getState().finish()).toBe(false);
    expect(session.getState().serverProblems).toEqual({ PurchaseOrder: 'required' });
    session.getState().edit(1, 'add', (page) =>
      addEntity(page, {
        temporaryId: '0.1.new',
        category: 'PurchaseOrder',
        pageNumber: 1,
        keyValues: [{ pageNumber: 1, content: '444', boundingBox: boundingBox(1, 1, 1, 1) }],
      }),
    );
    expect(await session.getState().finish()).toBe(true);
    expect(api.state.finished).toBe(true);
    expect(session.getState().phase).toBe('finished');
    expect(onFinishReview).toHaveBeenCalledWith(expect.objectContaining({ reviewCompleted: true }));
    expect(await session.getState().nextTask()).toBeNull();
  });

  it('shows a task still being processed, and a failed one', async () => {
    const processing = setup({ init: { status: 41 } });
    await processing.session.getState().start();
    expect(processing.session.getState().phase).toBe('processing');
    processing.session.getState().dispose();
    server.resetHandlers();
    const failed = setup({ init: { status: 42 } });
    await failed.session.getState().start();
    expect(failed.session.getState().phase).toBe('failed');
  });

  it('releases the checkout on cancel after saving pending edits', async () => {
    const { api, session } = setup();
    await session.getState().start();
    session.getState().edit(1, 'value', typeTotal('279.84'));
    await session.getState().cancel();
    expect(api.state.saves).toHaveLength(1);
    expect(api.state.cancelled).toBe(true);
    expect(session.getState().readOnlyReason).toBe('cancelled');
  });
});

describe('leaving the task', () => {
  /** A client that remembers which calls were sent `keepalive` (they outlive a closing tab). */
  function recordingClient() {
    const keepalive: string[] = [];
    const recording = createApiClient({
      baseUrl: 'https://api.reviewdesk.test',
      getAccessToken: () => 'token',
      fetch: (request) => {
        if (request.keepalive) keepalive.push(new URL(request.url).pathname.split('/').slice(3, 5).join('/'));
        return globalThis.fetch(request);
      },
    });
    return { keepalive, client: recording };
  }
  const journaledTotal = async (taskId: string) =>
    (await openJournal<DocumentResult>(taskId, 'reviewer-1', journalName).read())?.pages['1']?.result.entities.find(
      (e) => e.temporaryId === '0.1.a7',
    )?.keyValues[0]?.content;

  it('puts every edit on the device at once, before the autosave delay', async () => {
    const { api, session } = setup();
    await session.getState().start();
    session.getState().edit(1, 'value', typeTotal('2'));
    session.getState().edit(1, 'value', typeTotal('27'));
    await vi.advanceTimersByTimeAsync(10);
    expect(api.state.saves).toHaveLength(0);
    expect(session.getState().saveState).toBe('unsaved');
    await vi.waitFor(async () => expect(await journaledTotal(api.init.taskId)).toBe('27'));
  });

  it('gives the checkout back when the viewer closes with nothing unsaved', async () => {
    const { keepalive, client: recording } = recordingClient();
    const { api, session } = setup({}, {}, { client: recording });
    await session.getState().start();
    expect(api.state.checkout).not.toBeNull();
    session.getState().dispose();
    await vi.waitFor(() => expect(api.state.calls).toContain('Cancel'));
    expect(api.state.checkout).toBeNull();
    expect(keepalive).toEqual(['Viewer/Review']);
  });

  it('saves pending edits when the viewer closes, then gives the checkout back', async () => {
    const { api, session } = setup();
    await session.getState().start();
    session.getState().edit(1, 'value', typeTotal('279.84'));
    session.getState().dispose();
    await vi.waitFor(() => expect(api.state.calls).toContain('Cancel'));
    expect(api.state.calls.filter((c) => c === 'Save' || c === 'Cancel')).toEqual(['Save', 'Cancel']);
    expect(api.state.pages[1]?.entities.find((e) => e.temporaryId === '0.1.a7')?.keyValues[0]?.content).toBe('279.84');
  });

  it('keeps the checkout and the journal when the closing save fails', async () => {
    const { api, session } = setup({ failSaves: 100 });
    await session.getState().start();
    session.getState().edit(1, 'value', typeTotal('279.84'));
    session.getState().dispose();
    await vi.waitFor(() => expect(api.state.calls).toContain('Save'));
    await vi.advanceTimersByTimeAsync(50);
    expect(api.state.calls).not.toContain('Cancel');
    expect(await journaledTotal(api.init.taskId)).toBe('279.84');
  });

  it('on pagehide sends pending edits keepalive and keeps the checkout; with nothing pending it releases', async () => {
    const { keepalive, client: recording } = recordingClient();
    const page = new EventTarget();
    const { api, session } = setup({}, {}, { client: recording, pageLifecycle: page });
    await session.getState().start();
    session.getState().edit(1, 'value', typeTotal('279.84'));
    page.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(api.state.saves).toHaveLength(1));
    expect(keepalive).toEqual(['Document/SaveDocumentChanges']);
    expect(api.state.calls).not.toContain('Cancel');
    await vi.waitFor(() => expect(session.getState().saveState).toBe('saved'));

    page.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(api.state.calls).toContain('Cancel'));
    expect(keepalive).toEqual(['Document/SaveDocumentChanges', 'Viewer/Review']);
    // Back from the back/forward cache: the task is checked out again.
    const shown = Object.assign(new Event('pageshow'), { persisted: true });
    page.dispatchEvent(shown);
    await vi.waitFor(() => expect(api.state.calls.filter((c) => c === 'Checkout')).toHaveLength(2));
    expect(session.getState().checkout).not.toBeNull();
    session.getState().dispose();
    await vi.waitFor(() => expect(api.state.calls.filter((c) => c === 'Cancel')).toHaveLength(2));
  });

  it('on the next open, a journaled page the closing save already stored is no conflict', async () => {
    const { api, session } = setup();
    const edited = typeTotal('279.84')(api.state.pages[1] as DocumentResult);
    // The keepalive save arrived (version 2 on the server), the page died before its acknowledgement.
    api.state.pages[1] = { ...edited, version: 2 };
    await openJournal<DocumentResult>(api.init.taskId, 'reviewer-1', journalName).write({
      1: { baseVersion: 1, result: structuredClone(edited) },
    });
    await session.getState().start();
    await vi.waitFor(async () => expect(await journaledTotal(api.init.taskId)).toBeUndefined());
    expect(session.getState().conflicts).toEqual({});
    expect(session.getState().restoredPages).toEqual([]);
    expect(session.getState().saveState).toBe('saved');
    expect(session.getState().versions[1]).toBe(2);
  });

  it('on the next open, later edits go on top of the save that was in flight when the page went away', async () => {
    const { api, session } = setup();
    const base = api.state.pages[1] as DocumentResult;
    const sentThen = typeTotal('279.8')(base);
    const typedAfter = typeTotal('279.84')(base);
    // The save of "279.8" arrived (version 2); "4" was typed while it was out, then the page died.
    api.state.pages[1] = { ...sentThen, version: 2 };
    await openJournal<DocumentResult>(api.init.taskId, 'reviewer-1', journalName).write({
      1: { baseVersion: 1, result: structuredClone(typedAfter), sent: structuredClone(sentThen) },
    });
    await session.getState().start();
    expect(session.getState().conflicts).toEqual({});
    await vi.advanceTimersByTimeAsync(600);
    await vi.waitFor(() => expect(session.getState().saveState).toBe('saved'));
    expect(api.state.pages[1]?.version).toBe(3);
    expect(api.state.pages[1]?.entities.find((e) => e.temporaryId === '0.1.a7')?.keyValues[0]?.content).toBe('279.84');
  });

  it('journals the content of the save in flight with the edits made meanwhile', async () => {
    const { api, session } = setup({ delay: 300 });
    await session.getState().start();
    session.getState().edit(1, 'value', typeTotal('279.8'));
    await vi.advanceTimersByTimeAsync(520);
    await vi.waitFor(() => expect(session.getState().saveState).toBe('saving'));
    session.getState().edit(1, 'value', typeTotal('279.84'));
    await vi.waitFor(async () => {
      const entry = (await openJournal<DocumentResult>(api.init.taskId, 'reviewer-1', journalName).read())?.pages['1'];
      expect(entry?.sent?.entities.find((e) => e.temporaryId === '0.1.a7')?.keyValues[0]?.content).toBe('279.8');
      expect(entry?.result.entities.find((e) => e.temporaryId === '0.1.a7')?.keyValues[0]?.content).toBe('279.84');
    });
    session.getState().dispose();
    await vi.waitFor(() => expect(api.state.calls.filter((c) => c === 'Save')).toHaveLength(2));
  });

  it('on pagehide leaves a page too big for a keepalive body to the journal', async () => {
    const page = new EventTarget();
    const { api, session } = setup({}, {}, { pageLifecycle: page });
    await session.getState().start();
    session.getState().edit(1, 'value', typeTotal('9'.repeat(KEEPALIVE_BODY_LIMIT)));
    page.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(10);
    expect(api.state.calls).not.toContain('Save');
    expect(api.state.calls).not.toContain('Cancel');
    expect((await journaledTotal(api.init.taskId))?.length).toBe(KEEPALIVE_BODY_LIMIT);
  });
});

/** The invoice workspace with no required field, so only the server can refuse the finish. */
const nothingRequired = () =>
  invoiceConfig({
    categories: invoiceConfig().categories.map((c) => ({ ...c, fieldConfig: { ...c.fieldConfig, isRequired: false } })),
  });

describe('answers of the server', () => {
  it("reads the conflicting pages from the answer's conflicts, never from the error's words", () => {
    const error8 = [{ code: 8, message: 'Page 3 was changed by Ana.' }];
    const conflict = { pageNumber: 2, serverVersion: 4, changedBy: 'Ana' };
    expect(conflictsOf({ conflicts: [conflict] }, error8, [2, 3])).toEqual([conflict]);
    // A server without structured conflicts: error 8 stands for every unsaved page.
    expect(conflictsOf({}, error8, [2, 3])).toEqual([{ pageNumber: 2 }, { pageNumber: 3 }]);
    expect(conflictsOf({}, [{ code: 3, message: 'Page 2' }], [2])).toEqual([]);
  });

  it('marks the fields of a refused finish from its invalidFields, with the reason of each', async () => {
    const { api, session } = setup({
      init: { workspaceConfig: nothingRequired() },
      finishErrors: [
        { code: 22, message: 'Required fields are empty: Vendor (VendorName).' },
        { code: 27, message: 'Fields do not match their pattern: Total (InvoiceTotal) on page 1.' },
      ],
      invalidFields: [
        { categoryKey: 'VendorName', reason: 'EmptyRequired', pages: [] },
        { categoryKey: 'InvoiceTotal', reason: 'NotMatchingPattern', pages: [1] },
      ],
    });
    await session.getState().start();
    session.getState().edit(1, 'value', typeTotal('279.84'));
    expect(await session.getState().finish()).toBe(false);
    expect(api.state.calls).toContain('Finish');
    expect(session.getState().finishError).toBe('invalid');
    expect(session.getState().serverProblems).toEqual({ VendorName: 'required', InvoiceTotal: 'pattern' });
  });

  it('reports a refused finish without field data as a server error, never guessing fields from its words', async () => {
    const onError = vi.fn();
    const { session } = setup(
      {
        init: { workspaceConfig: nothingRequired() },
        finishErrors: [{ code: 11, message: 'The integration queue refused InvoiceTotal.' }],
      },
      { onError },
    );
    await session.getState().start();
    session.getState().edit(1, 'value', typeTotal('279.84'));
    expect(await session.getState().finish()).toBe(false);
    expect(session.getState().finishError).toBe('server');
    expect(session.getState().serverProblems).toEqual({});
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({
        operation: 'finish',
        code: 11,
        message: 'The integration queue refused InvoiceTotal.',
      }),
    );
  });
});
