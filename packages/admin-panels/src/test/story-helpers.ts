/** What the stories of every screen share: MSW answering with the stateful admin mock. Stories only. */
import type { HttpHandler } from 'msw';
import { createMockAdminApi, type MockAdminOptions } from './mock-api';

/** A story's `beforeEach` installing the admin mock with these options. */
export const mocked = (options: MockAdminOptions = {}) => ({
  beforeEach: ({ msw }: { msw: { use: (...handlers: HttpHandler[]) => void } }) => {
    msw.use(...createMockAdminApi(options).handlers);
  },
});
