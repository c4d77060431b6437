// Test support: what another reader finds in a written file — poppler's pdftotext for PDFs (an
// engine other than the PDFium that wrote it) and Debian's tesseract for images. Anonymised exports
// are checked with these: a redacted string that either can read makes the test fail.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function withFile<T>(bytes: Uint8Array, name: string, use: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'read-back-'));
  try {
    const path = join(dir, name);
    await writeFile(path, bytes);
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text poppler extracts from a PDF (all pages, reading order). */
export const pdfText = (bytes: Uint8Array) =>
  withFile(bytes, 'file.pdf', async (path) => (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout);

/** The PDF's document information as pdfinfo prints it. */
export const pdfInfo = (bytes: Uint8Array) =>
  withFile(bytes, 'file.pdf', async (path) => (await run('pdfinfo', [path])).stdout);

/** The text tesseract reads in an image (Portuguese and English). */
export const ocrText = (bytes: Uint8Array) =>
  withFile(bytes, 'image', async (path) => {
    const { stdout } = await run('tesseract', [path, '-', '-l', 'por+eng'], {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      timeout: 120_000,
    });
    return stdout;
  });

/** Text compared without spaces and case: "PT50 0002" and "pt500002" are the same string read back. */
export const squeezed = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/** The redacted strings that can still be read in `text`. */
export const readableOf = (text: string, redacted: readonly string[]) =>
  redacted.filter((value) => squeezed(value).length > 0 && squeezed(text).includes(squeezed(value)));
