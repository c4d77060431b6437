// Testing Library unmounts automatically only with vitest globals, which this app does not use.
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './src/test/server';

// Screens wait for the session, Server/Capabilities and their own calls, and the task list and
// viewer are lazy chunks: on a loaded machine that takes longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  globalThis.localStorage?.clear();
});
afterAll(() => server.close());
