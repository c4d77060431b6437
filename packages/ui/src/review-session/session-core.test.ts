// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { type ApiClient, createApiClient, enumCodeOf } from '@reviewdesk/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { createReviewSessionCore, initialBaseState, type ReviewSessionBaseState } from './session-core';
import type { SessionError } from './session-error';

const TO_REVIEW = enumCodeOf('TaskStatus', 'ToReview');

/** ViewerInit, Checkout and Cancel of one reviewable task, recording the calls. */
function reviewServer() {
  const calls: string[] = [];
  const answer = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  const client: ApiClient = createApiClient({
    baseUrl: 'https://api.reviewdesk.test',
    getAccessToken: () => 't',
    fetch: async (request) => {
      const path = new URL(request.url).pathname;
      if (path.includes('ViewerInit')) {
        calls.push('init');
        return answer({
          taskId: 'task-1',
          status: TO_REVIEW,
          canReview: true,
          isCheckedOut: false,
          isCheckedOutByCurrentUser: false,
          workspaceConfig: { id: 'ws-1' },
        });
      }
      if (path.includes('/Checkout')) {
        calls.push('checkout');
        const until = new Date(Date.now() + 15 * 60_000).toISOString();
        return answer({ succeeded: true, errors: [], result: { taskId: 'task-1', until, checkoutExpireMinutes: 15 } });
      }
      calls.push(path.includes('/Finish') ? 'finish' : 'cancel');
      return answer({ succeeded: true, errors: [], result: true });
    },
  });
  return { client, calls };
}

/** A session whose one unit is a counter of edits; `answers` say whether each save fails. */
function counterSession(answers: boolean[]) {
  const server = reviewServer();
  const sent: number[] = [];
  const states: string[] = [];
  let unsaved = 0;
  type State = ReviewSessionBaseState<SessionError>;
  const store = createStore<State>()(() => initialBaseState('task-1'));
  const core = createReviewSessionCore<number, SessionError>({
    client: server.client,
    taskId: 'task-1',
    userId: 'me',
    journalName: `core-${Math.random()}`,
    pageLifecycle: null,
    getEvents: () => ({ onSaveStateChange: (state) => states.push(state) }),
    set: (partial) => store.setState(partial),
    get: () => store.getState(),
    units: {
      counts: () => ({ unsaved, conflicts: 0 }),
      prepareSave: () => {
        if (!unsaved) return null;
        const carried = unsaved;
        return async () => {
          sent.push(carried);
          const failed = answers.shift() ?? false;
          if (!failed) unsaved -= carried;
          return failed;
        };
      },
      writeJournal: async () => undefined,
      restore: async () => undefined,
    },
  });
  const edit = () => {
    unsaved += 1;
    core.edited();
  };
  return { store, core, edit, sent, states, server };
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe('review session core', () => {
  it('checks the task out, saves after the pause, retries a failed save after 1 s and settles the badge', async () => {
    const { store, core, edit, sent, states, server } = counterSession([true, false]);
    await core.actions.start();
    expect(server.calls).toEqual(['init', 'checkout']);
    expect(store.getState()).toMatchObject({ phase: 'ready', mode: 'review' });

    edit();
    edit();
    expect(store.getState().saveState).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toEqual([2]);
    expect(store.getState().saveState).toBe('failed');
    expect(store.getState().retryAt).toBeGreaterThan(Date.now());

    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toEqual([2, 2]);
    expect(store.getState()).toMatchObject({ saveState: 'saved', retryAt: null });
    expect(states).toEqual(['unsaved', 'saving', 'failed', 'saving', 'saved']);
    core.actions.dispose();
  });

  it('refuses to finish while an edit is unsaved, and finishes once it is saved', async () => {
    const { store, core, edit, server } = counterSession([true, true, false]);
    await core.actions.start();
    edit();
    expect(await core.actions.finish()).toBe(false);
    expect(store.getState().finishError).toBe('unsaved');
    expect(server.calls).not.toContain('finish');

    await vi.advanceTimersByTimeAsync(10_000);
    expect(await core.actions.finish()).toBe(true);
    expect(store.getState()).toMatchObject({ phase: 'finished', mode: 'read-only', finishError: null });
    core.actions.dispose();
  });
});
