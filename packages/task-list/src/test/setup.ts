import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library's 1 s default for findBy and waitFor is too short on a loaded machine (the
// static checks run beside the tests): a waiting test that would pass only takes longer.
configure({ asyncUtilTimeout: 5000 });

// jsdom lays nothing out: give elements a size so the list's virtualiser has a viewport to fill
// (800 px ≈ 16 rows of 48 px, plus overscan).
if (typeof HTMLElement !== 'undefined') {
  for (const [name, value] of [
    ['offsetHeight', 800],
    ['clientHeight', 800],
    ['offsetWidth', 1200],
    ['clientWidth', 1200],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
  }
}

afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear(); // absent in node-environment files
});
