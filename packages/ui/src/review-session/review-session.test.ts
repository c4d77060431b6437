// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { type ApiClient, createApiClient } from '@reviewdesk/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fitKeepalive, KEEPALIVE_BODY_LIMIT, retryDelayOf, saveStateOf } from './autosave';
import { createCheckoutLease, watchPageLifecycle } from './checkout-lease';
import { type FinishReviewResult, requestFinish } from './finish';
import { openJournal, sameJson } from './journal';
import { sessionErrorOf } from './session-error';

/** A stateful stand-in of the three checkout calls, recording what was sent and whether keepalive. */
function checkoutServer(options: { refuse?: number; minutes?: number } = {}) {
  const calls: Array<{ call: string; keepalive: boolean }> = [];
  let holder: string | null = null;
  const answer = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  const checkout = () => ({
    taskId: 'task-1',
    checkedOutBy: 'me',
    checkedOutByUserName: 'Me',
    checkoutExpireMinutes: options.minutes ?? 15,
    until: new Date(Date.now() + (options.minutes ?? 15) * 60_000).toISOString(),
    status: 70,
  });
  const client: ApiClient = createApiClient({
    baseUrl: 'https://api.reviewdesk.test',
    getAccessToken: () => 't',
    fetch: async (request) => {
      const path = new URL(request.url).pathname;
      const call = path.includes('/Checkout') ? 'Checkout' : path.includes('/Renew/') ? 'Renew' : 'Cancel';
      calls.push({ call, keepalive: request.keepalive });
      if (call === 'Checkout' && options.refuse)
        return answer({ succeeded: false, errors: [{ code: options.refuse, message: 'Held by Ana' }] });
      if (call === 'Cancel') {
        const had = holder !== null;
        holder = null;
        return answer({ succeeded: true, errors: [], result: had });
      }
      holder = 'me';
      return answer({ succeeded: true, errors: [], result: checkout() });
    },
  });
  return { client, calls, holder: () => holder };
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

function lease(server: ReturnType<typeof checkoutServer>) {
  const lost: string[] = [];
  const errors: string[] = [];
  const held: Array<string | null> = [];
  const handle = createCheckoutLease({
    client: server.client,
    taskId: () => 'task-1',
    workspaceId: () => 'ws-1',
    onChange: (c) => held.push(c?.until ?? null),
    onLost: (reason) => lost.push(reason),
    onError: (e) => errors.push(e.message),
  });
  return { handle, lost, errors, held };
}

describe('checkout lease', () => {
  it('takes the task, renews on activity at most every 240,000 ms, and gives it back keepalive', async () => {
    const server = checkoutServer();
    const { handle } = lease(server);
    expect(await handle.take()).toHaveProperty('checkout');
    handle.noteActivity();
    expect(server.calls.map((c) => c.call)).toEqual(['Checkout']);
    await vi.advanceTimersByTimeAsync(240_000);
    handle.noteActivity();
    await vi.waitFor(() => expect(server.calls.map((c) => c.call)).toEqual(['Checkout', 'Renew']));
    expect(await handle.release()).toBe(true);
    expect(server.calls.at(-1)).toEqual({ call: 'Cancel', keepalive: true });
    expect(server.holder()).toBeNull();
    expect(handle.held()).toBeNull();
    expect(await handle.release()).toBe(false); // nothing held: nothing sent
    expect(server.calls).toHaveLength(3);
  });

  it('says why a checkout was refused', async () => {
    expect(await lease(checkoutServer({ refuse: 3 })).handle.take()).toEqual({ refused: 'checked-out-by-other' });
    expect(await lease(checkoutServer({ refuse: 29 })).handle.take()).toEqual({ refused: 'assigned-to-other' });
    const other = lease(checkoutServer({ refuse: 24 }));
    expect(await other.handle.take()).toEqual({ refused: 'cannot-review' });
    expect(other.errors).toEqual(['Held by Ana']);
  });

  it('reports an expiry once', async () => {
    const { handle, lost } = lease(checkoutServer({ minutes: 1 }));
    await handle.take();
    await vi.advanceTimersByTimeAsync(61_000);
    handle.lose('taken');
    expect(lost).toEqual(['expired']);
    expect(handle.held()).toBeNull();
  });
});

describe('page lifecycle', () => {
  it('hears pagehide, and pageshow only when restored from the back/forward cache', () => {
    const page = new EventTarget();
    const heard: string[] = [];
    const off = watchPageLifecycle(page, { onHide: () => heard.push('hide'), onRestore: () => heard.push('restore') });
    page.dispatchEvent(new Event('pagehide'));
    page.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    page.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    off();
    page.dispatchEvent(new Event('pagehide'));
    expect(heard).toEqual(['hide', 'restore']);
  });
});

describe('device journal', () => {
  it('keeps units per task and user until acknowledged, and an acknowledgement never overtakes a write', async () => {
    const journal = openJournal<{ text: string }>('task-1', 'ana', 'journal-unit-1');
    const other = openJournal<{ text: string }>('task-1', 'bea', 'journal-unit-1');
    void journal.write({ 1: { baseVersion: 3, result: { text: 'a' } }, 2: { baseVersion: 1, result: { text: 'b' } } });
    void journal.acknowledge([1]);
    await other.write({ transcript: { baseVersion: 7, result: { text: 'c' } } });
    expect((await journal.read())?.pages).toEqual({ 2: { baseVersion: 1, result: { text: 'b' } } });
    expect(Object.keys((await other.read())?.pages ?? {})).toEqual(['transcript']);
    await journal.acknowledge([2]);
    expect(await journal.read()).toBeUndefined();
    journal.close();
    other.close();
  });

  it('a whole write makes its units the only ones, and an acknowledgement after it leaves nothing', async () => {
    const journal = openJournal<{ text: string }>('task-2', 'ana', 'journal-unit-2');
    await journal.write({ 1: { baseVersion: 1, result: { text: 'a' } }, 2: { baseVersion: 1, result: { text: 'b' } } });
    void journal.write({ transcript: { baseVersion: 2, result: { text: 'c' } } }, { whole: true });
    expect((await journal.read())?.pages).toEqual({ transcript: { baseVersion: 2, result: { text: 'c' } } });
    await journal.write({ transcript: { baseVersion: 2, result: { text: 'd' } } }, { whole: true });
    void journal.acknowledge(['transcript']);
    expect(await journal.read()).toBeUndefined();
    journal.close();
  });

  it('starts each write at once, not once the one before has been answered: a page going away hears no more answers', async () => {
    const journal = openJournal<{ text: string }>('task-3', 'ana', 'journal-unit-3');
    await journal.read(); // the database open
    const transactions = vi.spyOn(IDBDatabase.prototype, 'transaction');
    void journal.write({ transcript: { baseVersion: 1, result: { text: 'undone' } } }, { whole: true });
    void journal.write({ transcript: { baseVersion: 1, result: { text: 'replaced' } } }, { whole: true });
    // Promise callbacks only (what runs before a page going away is gone), no IndexedDB answer:
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(transactions).toHaveBeenCalledTimes(2);
    transactions.mockRestore();
    expect((await journal.read())?.pages).toEqual({ transcript: { baseVersion: 1, result: { text: 'replaced' } } });
    journal.close();
  });
});

describe('autosave rules', () => {
  it('never says saved while anything is unsent', () => {
    const facts = { saving: false, conflicts: 0, unsaved: 0, lastSaveFailed: false };
    expect(saveStateOf(facts)).toBe('saved');
    expect(saveStateOf({ ...facts, unsaved: 1 })).toBe('unsaved');
    expect(saveStateOf({ ...facts, unsaved: 1, lastSaveFailed: true })).toBe('failed');
    expect(saveStateOf({ ...facts, unsaved: 1, conflicts: 1 })).toBe('conflict');
    expect(saveStateOf({ ...facts, unsaved: 1, saving: true })).toBe('saving');
  });

  it('fits a keepalive body under 64 kB, in order', () => {
    const sizes: Record<number, number> = { 1: 30_000, 2: 30_000, 3: 10_000 };
    const body = (keys: readonly number[]) => keys.map((k) => 'x'.repeat(sizes[k] ?? 0));
    expect(fitKeepalive([1, 2, 3], body)).toEqual([1, 2]);
    expect(fitKeepalive([3], () => 'x'.repeat(KEEPALIVE_BODY_LIMIT))).toEqual([]);
  });

  it('waits longer after each failed save, 1 s doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayOf)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('compares restored content with the server regardless of key order', () => {
    expect(sameJson({ a: 1, b: { c: [1, { d: 2, e: 3 }] } }, { b: { c: [1, { e: 3, d: 2 }] }, a: 1 })).toBe(true);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
  });
});

/** A Finish call answering `body`, for requestFinish. */
function finishAnswering(body: unknown): ApiClient {
  return createApiClient({
    baseUrl: 'https://api.reviewdesk.test',
    getAccessToken: () => 't',
    fetch: async () => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
  });
}

describe('finishing a review', () => {
  const target = (body: unknown) => ({ client: finishAnswering(body), taskId: 'task-1' });
  const already: FinishReviewResult = { taskId: 'task-1', status: 70, reviewCompleted: true };

  it("reads the fields that stop a finish from the answer's invalidFields, never from its words", async () => {
    const outcome = await requestFinish(
      target({
        succeeded: false,
        errors: [
          { code: 22, message: 'Required fields are empty: Total (InvoiceTotal).' },
          { code: 27, message: 'Fields do not match their pattern: Vendor (VendorName) on page 2.' },
        ],
        invalidFields: [
          { categoryKey: 'InvoiceDate', reason: 'EmptyRequired', pages: [] },
          { categoryKey: 'InvoiceId', reason: 'NotMatchingPattern', pages: [1, 3] },
        ],
      }),
      already,
    );
    expect(outcome).toEqual({
      kind: 'invalid-fields',
      fields: { InvoiceDate: 'EmptyRequired', InvoiceId: 'NotMatchingPattern' },
    });
  });

  it('takes an automatic finish as finished, a lost task as lost, anything else as refused', async () => {
    const finished: FinishReviewResult = { taskId: 'task-1', status: 90, reviewCompleted: true, nextTaskId: null };
    expect(await requestFinish(target({ succeeded: true, errors: [], result: finished }), already)).toEqual({
      kind: 'finished',
      result: finished,
    });
    expect(
      await requestFinish(target({ succeeded: false, errors: [{ code: 23, message: 'Finished already' }] }), already),
    ).toEqual({ kind: 'finished', result: already });
    expect(
      await requestFinish(target({ succeeded: false, errors: [{ code: 3, message: 'Held by Ana' }] }), already),
    ).toEqual({ kind: 'ownership-lost', message: 'Held by Ana', code: 3 });
    expect(
      await requestFinish(target({ succeeded: false, errors: [{ code: 11, message: 'Queue down' }] }), already),
    ).toEqual({ kind: 'refused', message: 'Queue down', code: 11 });
  });

  it('describes a thrown error with its operation', () => {
    expect(sessionErrorOf('finish', new Error('offline'))).toMatchObject({ operation: 'finish', message: 'offline' });
    expect(sessionErrorOf('save', 'text')).toMatchObject({ operation: 'save', message: 'text' });
  });
});
