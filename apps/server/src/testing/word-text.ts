// Test support: the text of Word files as LibreOffice reads them (headless `soffice --convert-to`),
// an independent reader — if LibreOffice opens the file and finds the words, so will Word. Each
// conversion gets its own LibreOffice profile, so parallel suites do not share its lock; several
// files go through one start of LibreOffice (a start costs seconds).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

const TEXT_FILTER = 'txt:Text (encoded):UTF8';
const withoutBom = (text: string) => text.replace(/^\uFEFF/, '');

/** The plain text LibreOffice extracts from a .docx (UTF-8; tables come out one cell per line). */
export const wordText = async (bytes: Uint8Array) =>
  withoutBom((await convertWords([bytes], TEXT_FILTER, 'txt'))[0] ?? '');

/** The texts of several .docx files, in their order. */
export const wordTexts = async (files: Uint8Array[]) => (await convertWords(files, TEXT_FILTER, 'txt')).map(withoutBom);

/** The .docx as HTML, as LibreOffice reads it (to see formatting: <b>, <i>, <u>). */
export const wordHtml = async (bytes: Uint8Array) =>
  (await convertWords([bytes], 'html:HTML (StarWriter)', 'html'))[0] ?? '';

async function convertWords(files: Uint8Array[], filter: string, extension: string): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'word-text-'));
  try {
    const inputs = files.map((_, i) => join(dir, `document-${i}.docx`));
    await Promise.all(files.map((bytes, i) => writeFile(inputs[i] as string, bytes)));
    await run(
      'soffice',
      [
        `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
        '--headless',
        '--convert-to',
        filter,
        '--outdir',
        dir,
        ...inputs,
      ],
      { timeout: 120_000 },
    ).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        throw new Error('LibreOffice (soffice) is not installed: apt-get install libreoffice-writer-nogui');
      }
      throw error;
    });
    return await Promise.all(files.map((_, i) => readFile(join(dir, `document-${i}.${extension}`), 'utf8')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
