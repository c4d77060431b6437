// The zip writer of the bulk exports, checked by the system's `unzip` (Info-ZIP) — an independent
// reader — when it is installed, and by parsing the central directory otherwise.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { uniqueNames, zip } from '../src/domain/exports/zip.js';
import { hasUnzip } from './support/answers.js';

const entries = [
  { name: 'Fatura nº 12 — São Paulo.json', bytes: new TextEncoder().encode(`${'{"a": 1}\n'.repeat(500)}`) },
  { name: 'empty.csv', bytes: new Uint8Array() },
  // Random bytes do not deflate: stored as they are.
  { name: 'noise.bin', bytes: new Uint8Array(randomBytes(4096)) },
];

/** Entries read back from the central directory (what every unzip tool trusts). */
function readZip(archive: Buffer) {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const out: Array<{ name: string; bytes: Buffer; method: number }> = [];
  for (let i = 0; i < count; i++) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50);
    const method = archive.readUInt16LE(at + 10);
    const compressed = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const data = archive.subarray(dataStart, dataStart + compressed);
    out.push({ name, method, bytes: method === 8 ? inflateRawSync(data) : Buffer.from(data) });
    at += 46 + nameLength;
  }
  return out;
}

describe('zip writer', () => {
  it('writes entries a zip reader gets back byte for byte, deflating only what shrinks', () => {
    const archive = zip(entries);
    const read = readZip(archive);
    expect(read.map((e) => e.name)).toEqual(entries.map((e) => e.name));
    for (const [i, entry] of read.entries()) {
      expect(entry.bytes.equals(Buffer.from(entries[i]?.bytes ?? []))).toBe(true);
    }
    expect(read[0]?.method).toBe(8);
    expect(read[2]?.method).toBe(0);
    expect(archive.length).toBeLessThan(4500 + 4096);
  });

  it.runIf(hasUnzip)('passes `unzip -t` and extracts the same bytes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zip-test-'));
    const file = join(dir, 'bundle.zip');
    writeFileSync(file, zip(entries));
    // A UTF-8 locale so Info-ZIP writes the UTF-8 names (flag bit 11) as they are.
    const env = { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };
    expect(execFileSync('unzip', ['-t', file], { env }).toString()).toContain('No errors detected');
    execFileSync('unzip', ['-q', file, '-d', join(dir, 'out')], { env });
    for (const entry of entries) {
      expect(readFileSync(join(dir, 'out', entry.name)).equals(Buffer.from(entry.bytes))).toBe(true);
    }
  });

  it('makes names unique without losing the extension', () => {
    expect(uniqueNames(['a.json', 'A.json', 'a.json', 'b'])).toEqual(['a.json', 'A (2).json', 'a (3).json', 'b']);
  });
});
