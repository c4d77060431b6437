// Apertium, the rule-based machine translation system packaged by Debian: offline, no model to
// download, one package per language pair (apertium-eng-spa, apertium-es-pt, apertium-fr-es …).
// Its quality is that of a rule-based system — readable, often literal — and the results say so.
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LanguagePair, TranslationError, TranslationNotConfiguredError, type Translator } from './translator.js';

/** Apertium's mode names use ISO 639-1 or 639-3 codes ("eng-spa", "es-pt"); the product uses 639-1. */
const ISO_639_3: Record<string, string> = {
  eng: 'en',
  spa: 'es',
  por: 'pt',
  fra: 'fr',
  fre: 'fr',
  deu: 'de',
  ger: 'de',
  cat: 'ca',
  ita: 'it',
  glg: 'gl',
  oci: 'oc',
};

/** One mode of `apertium -l` as a pair, or null for variants ("es-pt_BR", "eco-es-fr"). */
export function pairOfMode(mode: string): LanguagePair | null {
  const match = /^([a-z]{2,3})-([a-z]{2,3})$/.exec(mode.trim());
  if (!match?.[1] || !match[2]) return null;
  const code = (c: string) => (c.length === 2 ? c : ISO_639_3[c]);
  const from = code(match[1]);
  const to = code(match[2]);
  return from && to && from !== to ? { from, to } : null;
}

interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
}

function run(command: string, args: string[], timeoutMs: number, signal?: AbortSignal): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    const out: Buffer[] = [];
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4096);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        error.code === 'ENOENT'
          ? new TranslationNotConfiguredError(`the program "${command}" is not installed (Debian package apertium).`)
          : error,
      );
    });
    child.on('close', (code, killedBy) => {
      clearTimeout(timer);
      if (killedBy === 'SIGKILL' && !signal?.aborted) {
        reject(new TranslationError(`apertium took longer than ${Math.round(timeoutMs / 1000)} s.`));
        return;
      }
      resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr, code });
    });
  });
}

/**
 * Translates through a file: the apertium script hands an empty file name to its format filter
 * when it reads stdin from a pipe that is not a terminal's, and the filter then prints its usage.
 */
async function translateFile(command: string, mode: string, text: string, timeoutMs: number, signal?: AbortSignal) {
  const directory = await mkdtemp(join(tmpdir(), 'reviewdesk-apertium-'));
  try {
    const input = join(directory, 'input.txt');
    await writeFile(input, text, 'utf8');
    // -u: no marks on unknown words (they stay as written); -f txt: plain text, line breaks kept.
    return await run(command, ['-u', '-f', 'txt', mode, input], timeoutMs, signal);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/**
 * Texts joined for one run of apertium: between two texts a line of digits only (a random nonce
 * and the text's index), which a rule-based translator passes through untouched whatever the pair,
 * so the output splits back into the texts. A split that does not give every text back in order
 * (the marker changed after all) is refused, and the caller translates text by text instead.
 */
export function joinForOneRun(texts: readonly string[], nonce: string): string {
  return texts
    .map((text, index) => (index === 0 ? text : `\n\n${nonce}${String(index).padStart(5, '0')}\n\n${text}`))
    .join('');
}

export function splitOneRun(output: string, count: number, nonce: string): string[] | null {
  const parts = output.split(new RegExp(`\\n\\n${nonce}(\\d{5})\\n\\n`));
  if (parts.length !== count * 2 - 1) return null;
  const texts: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    if (i > 0 && Number(parts[i - 1]) !== i / 2) return null;
    texts.push(parts[i] ?? '');
  }
  return texts;
}

/** Characters per run of apertium: large enough that starting it is rare, small enough to stay well within its timeout. */
const RUN_CHARACTERS = 200_000;

export interface ApertiumOptions {
  command?: string;
  /** Per call; rule-based translation runs at thousands of words a second, so minutes mean a fault. */
  timeoutMs?: number;
}

export function createApertiumTranslator(options: ApertiumOptions = {}): Translator {
  const command = options.command ?? 'apertium';
  const timeoutMs = options.timeoutMs ?? 120_000;
  let modes: Promise<Map<string, LanguagePair>> | null = null;
  const listModes = () => {
    modes ??= run(command, ['-l'], 30_000)
      .then(({ stdout }) => {
        const found = new Map<string, LanguagePair>();
        for (const mode of stdout.split('\n')) {
          const pair = pairOfMode(mode);
          // The first mode of a direction wins ("eng-spa" and a later "en-es" are the same pair).
          if (pair && ![...found.values()].some((p) => p.from === pair.from && p.to === pair.to)) {
            found.set(mode.trim(), pair);
          }
        }
        return found;
      })
      .catch((error: unknown) => {
        modes = null;
        if (error instanceof TranslationNotConfiguredError) return new Map<string, LanguagePair>();
        throw error;
      });
    return modes;
  };
  return {
    name: 'apertium',
    description: 'Apertium (rule-based machine translation, offline)',
    async pairs() {
      return [...(await listModes()).values()];
    },
    async translate(text, pair, signal) {
      const mode = await modeOf(pair);
      if (text.trim() === '') return text;
      return runMode(mode, text, signal);
    },
    async translateMany(texts, pair, signal) {
      const mode = await modeOf(pair);
      const results = [...texts];
      // Blank texts stay as they are; the others go in runs of about RUN_CHARACTERS.
      const waiting = texts.flatMap((text, index) => (text.trim() === '' ? [] : [index]));
      while (waiting.length > 0) {
        const run: number[] = [];
        let size = 0;
        while (
          waiting.length > 0 &&
          (run.length === 0 || size + (texts[waiting[0] ?? 0]?.length ?? 0) <= RUN_CHARACTERS)
        ) {
          const index = waiting.shift() as number;
          run.push(index);
          size += texts[index]?.length ?? 0;
        }
        const inputs = run.map((index) => texts[index] ?? '');
        const nonce = String(randomInt(100_000_000, 999_999_999));
        const output =
          inputs.length === 1
            ? null
            : splitOneRun(await runMode(mode, joinForOneRun(inputs, nonce), signal), inputs.length, nonce);
        let translated = output;
        if (!translated) {
          translated = [];
          for (const text of inputs) translated.push(await runMode(mode, text, signal));
        }
        run.forEach((index, i) => {
          results[index] = translated[i] ?? '';
        });
      }
      return results;
    },
  };

  async function modeOf(pair: LanguagePair): Promise<string> {
    const mode = [...(await listModes()).entries()].find(([, p]) => p.from === pair.from && p.to === pair.to)?.[0];
    if (!mode) throw new TranslationError(`apertium has no ${pair.from}→${pair.to} pair installed.`);
    return mode;
  }

  async function runMode(mode: string, text: string, signal?: AbortSignal): Promise<string> {
    const result = await translateFile(command, mode, text, timeoutMs, signal);
    if (result.code !== 0) {
      const detail = result.stderr.trim().split('\n').slice(-2).join(' ') || `exit code ${result.code}`;
      throw new TranslationError(`apertium failed: ${detail}`);
    }
    // apertium ends its output with the input's last line break (or adds one); keep the input's.
    return text.endsWith('\n') ? result.stdout : result.stdout.replace(/\n$/, '');
  }
}
