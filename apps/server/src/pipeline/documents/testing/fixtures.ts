// Paths of the repository's real fixtures (see fixtures/SOURCES.md), for tests and the benchmark.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const FIXTURES_DIR = fileURLToPath(new URL('../../../../../../fixtures/', import.meta.url));

export const fixturePath = (relative: string): string => FIXTURES_DIR + relative;

export const readFixture = (relative: string): Uint8Array => new Uint8Array(readFileSync(fixturePath(relative)));

export const readFixtureText = (relative: string): string => readFileSync(fixturePath(relative), 'utf8');
