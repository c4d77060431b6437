import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The invite check waits 750 ms after typing (product-spec §9), more than Testing Library's 1 s
// default leaves on a loaded machine.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear(); // absent in node-environment files
});
