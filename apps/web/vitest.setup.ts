// Testing Library unmounts automatically only with vitest globals, which this app does not use.
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './src/test/server';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  globalThis.localStorage?.clear();
});
afterAll(() => server.close());
