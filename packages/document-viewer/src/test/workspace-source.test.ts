import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Inside the workspace the viewer runs on the other packages' source (the "@reviewdesk/source"
// export condition, packages/LAYOUT.md): an edit in packages/ui/src is what the viewer's tests
// see at once, with no rebuild of ui's dist/ in between.
const uiIndex = path.resolve(import.meta.dirname, '../../../ui/src/index.ts');
const uiReviewSession = path.resolve(import.meta.dirname, '../../../ui/src/review-session/index.ts');

describe('workspace packages resolve to their source', () => {
  it('@reviewdesk/ui is the very module of packages/ui/src/index.ts', async () => {
    expect(await import('@reviewdesk/ui')).toBe(await import(/* @vite-ignore */ uiIndex));
  });

  it('@reviewdesk/ui/review-session is the module of packages/ui/src/review-session/index.ts', async () => {
    expect(await import('@reviewdesk/ui/review-session')).toBe(await import(/* @vite-ignore */ uiReviewSession));
  });
});
