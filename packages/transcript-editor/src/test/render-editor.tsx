/**
 * Renders the whole editor against the MSW stand-in of its calls for a unit test file:
 * `const renderEditor = editorTestServer()` at the top of the file registers the server's
 * lifecycle and gives every render a reviewer of its own (no journal restored across tests).
 */
import 'fake-indexeddb/auto';
import { createApiClient } from '@reviewdesk/api-client';
import { type Ability, ReviewdeskProvider } from '@reviewdesk/ui';
import { type RenderResult, render, screen, waitFor } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { TranscriptEditor } from '../editor/TranscriptEditor.js';
import { giveElementsASize } from './jsdom.js';
import { createMockTranscriptApi, type MockTranscriptOptions } from './mock-api.js';

/** What else a test gives the editor: the person's abilities, stand-ins of other calls. */
export interface EditorTestExtras {
  abilities?: readonly Ability[];
  handlers?: readonly RequestHandler[];
}

export type RenderEditor = (
  options?: MockTranscriptOptions,
  extras?: EditorTestExtras,
) => Promise<{ api: ReturnType<typeof createMockTranscriptApi>; view: RenderResult }>;

export function editorTestServer(): RenderEditor {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  beforeEach(() => giveElementsASize());
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  const client = createApiClient({
    baseUrl: 'https://api.reviewdesk.test',
    getAccessToken: () => 't',
    fetch: (r) => globalThis.fetch(r),
  });
  let reviewer = 0;
  /** Opens the editor on the stand-in and waits until the review is ready. */
  return async (options = {}, extras = {}) => {
    const api = createMockTranscriptApi(options);
    server.use(...api.handlers, ...(extras.handlers ?? []));
    reviewer += 1;
    const view = render(
      <ReviewdeskProvider client={client} locale="en" {...(extras.abilities ? { abilities: extras.abilities } : {})}>
        <TranscriptEditor taskId={api.init.taskId} userId={`unit-${reviewer}-${Math.random()}`} />
      </ReviewdeskProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('transcript-editor').dataset.phase).toBe('ready'));
    return { api, view };
  };
}
