import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library's 1 s default for findBy and waitFor is too short on a loaded machine (the
// static checks run beside the tests): a waiting test that would pass only takes longer.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear(); // absent in node-environment files
});
