// One MSW server for every test file: an unhandled request fails the test instead of reaching
// the network, so every call a test makes is one it declared.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server.js';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
