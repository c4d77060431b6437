// Test support: paths of the repository's shared fixtures (fixtures/SOURCES.md).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = fileURLToPath(new URL('../../../../fixtures/', import.meta.url));
export const fixture = (relative: string): string => join(FIXTURES, relative);
