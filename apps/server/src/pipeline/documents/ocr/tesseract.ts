// OCR with Debian's tesseract CLI (packages tesseract-ocr, -eng, -por, -osd). Chosen over
// tesseract.js: the same LSTM engine at about half the time per page (1.4 s vs 3 s for an A4 page
// at 300 dpi with OMP_THREAD_LIMIT=1), Portuguese and orientation data from the distribution
// instead of npm, and a separate process that a timeout can kill.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineNotConfiguredError } from '../errors.js';
import type { Edges } from '../geometry.js';
import { DEFAULT_MAX_PIXELS, decodeUprightPixels, type ImageLimits } from '../images/decode-image.js';
import { pnmFileOf, type RawImage, sharpOfRaw, toRawImage } from '../images/raw-image.js';
import { cumulativeShares } from '../pdf/glyph-widths.js';
import { runTool } from '../process/run-tool.js';
import { buildPageText, type PageText, type PositionedChar, type RawWord } from '../text/page-text.js';
import type { PageUnit } from '../types.js';
import { straighten, straighteningAngle, unstraighten } from './deskew.js';
import { detectLanguage } from './detect-language.js';
import { toTesseractLanguage, toTesseractLanguages } from './languages.js';
import { type OsdResult, parseOsd, parseTesseractTsv, type TsvWord } from './parse-tsv.js';
import { trustedResolution } from './resolution.js';
import { measureTextLines, type TextLines } from './text-lines.js';
import { upscaleFactor, upscaleFactorOfLines } from './text-scale.js';

export interface OcrOptions extends ImageLimits {
  /** ISO 639-1 or tesseract codes; default English. */
  languages?: readonly string[];
  /**
   * Read the page again in its own language when a first pass finds it is another installed one
   * than `languages` (detect-language.ts). Default true.
   */
  detectLanguage?: boolean;
  /** Find the page orientation (OSD, then trying rotations when unsure). Default true. */
  detectOrientation?: boolean;
  /** Straighten a page whose text lines run askew (deskew.ts) before reading it. Default true. */
  deskew?: boolean;
  /** Page number to put on the result (for pages of a PDF). */
  pageNumber?: number;
  /**
   * Resolution of the image when known (rendered PDF pages). Otherwise the one stored in the file
   * when the image bears it out (resolution.ts), or tesseract estimates it.
   */
  dpi?: number;
  /**
   * Multiply pixel coordinates by this to get page units, with the unit it gives: a page rendered
   * from a PDF at 300 dpi uses 72/300 and 'point' so its OCR layer lines up with the PDF page.
   */
  scale?: { factor: number; unit: PageUnit };
  timeoutMs?: number;
}

const TESSERACT = 'tesseract';
const DEFAULT_TIMEOUT_MS = 120_000;
// One thread per tesseract process: with OpenMP threads it is 3× slower on 2-core machines, and
// the worker parallelises across pages instead.
const TESSERACT_ENV = { OMP_THREAD_LIMIT: '1' };
/** OSD confidence from which its answer is taken without trying other rotations. */
const TRUSTED_OSD_CONFIDENCE = 1.5;
/** Mean word confidence below which an unsure orientation is checked by trying the others. */
const DOUBTFUL_MEAN_CONFIDENCE = 0.6;
/**
 * Certainty of the words read as the page lies from which it is taken to be upright without OSD:
 * upright scans read 0.9–0.95 here, the same pages turned 90° or 180° about 0.45.
 */
const SURE_UPRIGHT_CERTAINTY = 0.8;
/** Words that look like words needed for that certainty to count (a few may read well by chance). */
const SURE_UPRIGHT_WORDS = 5;

/**
 * Largest image enlarged before its first pass (an A4 page at 300 dpi is 8.7 MP): the line height
 * of a large image is measured on a reduced copy, too coarsely to enlarge it on a guess.
 */
const MAX_EARLY_ENLARGED_PIXELS = 12_000_000;

/** The early factor, or 1 when the enlarged image would pass MAX_EARLY_ENLARGED_PIXELS. */
const earlyFactorWithin = (factor: number, pixels: number): number =>
  pixels * factor * factor <= MAX_EARLY_ENLARGED_PIXELS ? factor : 1;

/**
 * Largest image a later pass reads enlarged: the pixel budget of a decoded image. The enlarged page
 * is held as plain pixels (3 bytes each in colour), and tesseract takes minutes past it anyway.
 */
const MAX_ENLARGED_PIXELS = DEFAULT_MAX_PIXELS;

/** The factor, lowered by half steps to keep the enlarged image within MAX_ENLARGED_PIXELS (1: not enlarged). */
export function enlargementWithin(factor: number, pixels: number): number {
  let within = factor;
  while (within > 1 && pixels * within * within > MAX_ENLARGED_PIXELS) within -= 0.5;
  return within >= 1.5 ? within : 1;
}

export interface TesseractStatus {
  isConfigured: boolean;
  /** Why not, in a sentence an administrator can act on. */
  reason: string | null;
  version: string | null;
  installedLanguages: string[];
  canDetectOrientation: boolean;
}

/**
 * How long what is installed is remembered: every page asks, and two tesseract runs a page are
 * not needed to learn it; a language package installed meanwhile is seen within this time.
 */
const INSTALLATION_TTL_MS = 60_000;

interface Installation {
  version: string | null;
  /** null when the program itself is missing. */
  installed: string[] | null;
}

let installation: { promise: Promise<Installation>; at: number } | null = null;

/** The tesseract version and installed languages, read at most once per INSTALLATION_TTL_MS. */
function readInstallation(): Promise<Installation> {
  const now = Date.now();
  if (!installation || now - installation.at > INSTALLATION_TTL_MS) {
    installation = { promise: askInstallation(), at: now };
  }
  return installation.promise;
}

async function askInstallation(): Promise<Installation> {
  try {
    const versionRun = await runTool(TESSERACT, TESSERACT, ['--version'], { timeoutMs: 10_000, allowFailure: true });
    const version = /tesseract\s+v?([\d.]+)/i.exec(versionRun.stdout.toString() + versionRun.stderr)?.[1] ?? null;
    const list = await runTool(TESSERACT, TESSERACT, ['--list-langs'], { timeoutMs: 10_000, allowFailure: true });
    const installed = list.stdout
      .toString()
      .split('\n')
      .slice(1)
      .map((line) => line.trim())
      .filter(Boolean);
    return { version, installed };
  } catch {
    return { version: null, installed: null };
  }
}

/** Whether tesseract and the requested languages are installed. Never throws. */
export async function tesseractStatus(languages: readonly string[] = ['eng']): Promise<TesseractStatus> {
  const wanted = toTesseractLanguages(languages);
  const { version, installed } = await readInstallation();
  if (!installed) {
    return {
      isConfigured: false,
      reason: 'The tesseract program is not installed (Debian package tesseract-ocr).',
      version: null,
      installedLanguages: [],
      canDetectOrientation: false,
    };
  }
  const missing = wanted.filter((language) => !installed.includes(language));
  return {
    isConfigured: missing.length === 0,
    reason:
      missing.length === 0
        ? null
        : `Tesseract has no data for ${missing.join(', ')} (install ${missing.map((code) => `tesseract-ocr-${code}`).join(', ')}).`,
    version,
    installedLanguages: installed,
    canDetectOrientation: installed.includes('osd'),
  };
}

/** Shorthand for the pipeline's `IsConfigured`. */
export async function isConfigured(languages: readonly string[] = ['eng']): Promise<boolean> {
  return (await tesseractStatus(languages)).isConfigured;
}

/**
 * Recognises one image (path or bytes): EXIF orientation applied, read as it lies, turned first
 * when tesseract is unsure of those words and its orientation detection says so; word boxes and
 * confidences from its TSV output. Throws
 * `EngineNotConfiguredError` when tesseract or a language is missing.
 */
export async function ocrImage(input: string | Uint8Array, options: OcrOptions = {}): Promise<PageText> {
  const started = performance.now();
  const status = await tesseractStatus(options.languages ?? ['eng']);
  if (!status.isConfigured) throw new EngineNotConfiguredError('tesseract OCR', status.reason ?? 'unknown reason.');
  const bytes = typeof input === 'string' ? new Uint8Array(await readFile(input)) : input;
  const { image, dpi } = await decodeUprightPixels(bytes, 0, options);
  return readImage(image, dpi, status, options, started);
}

/**
 * Recognises a page image given as pixels, upright as far as its file says (a rendered PDF page):
 * as ocrImage, without decoding a file.
 */
export async function ocrPageImage(image: RawImage, options: OcrOptions = {}): Promise<PageText> {
  const started = performance.now();
  const status = await tesseractStatus(options.languages ?? ['eng']);
  if (!status.isConfigured) throw new EngineNotConfiguredError('tesseract OCR', status.reason ?? 'unknown reason.');
  return readImage(image, null, status, options, started);
}

async function readImage(
  image: RawImage,
  statedDpi: number | null,
  status: TesseractStatus,
  options: OcrOptions,
  started: number,
): Promise<PageText> {
  const lines = options.deskew !== false || !options.dpi ? await measureTextLines(image) : null;
  const dpi =
    options.dpi ??
    trustedResolution({
      stated: statedDpi,
      width: image.width,
      height: image.height,
      lineHeight: lines?.lineHeight ?? null,
    });
  // Without a resolution to trust, tesseract is given what the file states, as it read it from the
  // PNGs it was handed before (their pHYs kept the file's resolution through every step).
  const fallbackDpi = statedDpi ?? undefined;
  const turn = options.deskew !== false ? straighteningAngle(lines) : 0;
  const straight = turn === 0 ? image : await straighten(image, turn);
  const directory = await mkdtemp(join(tmpdir(), 'reviewdesk-ocr-'));
  try {
    const requested = toTesseractLanguages(options.languages ?? ['eng']);
    // Text lines measured far too small for tesseract are enlarged before the first pass, which
    // would otherwise read them poorly (and, unsure of its words, ask for the orientation) only to
    // be read again enlarged. Everything below reads `source`; its boxes are brought back at the end.
    const early =
      lines && image.width * image.height <= MAX_EARLY_ENLARGED_PIXELS / 4
        ? earlyFactorWithin(upscaleFactorOfLines(lines.lineHeight), image.width * image.height)
        : 1;
    const source = early > 1 ? await enlarged(straight, early) : straight;
    const readDpi = dpi && early > 1 ? dpi * early : (dpi ?? fallbackDpi);
    const run = (pixels: RawImage, atDpi = readDpi, languages = requested) =>
      recognise(pixels, directory, languages, atDpi, options.timeoutMs);
    const detect = options.detectOrientation !== false && status.canDetectOrientation;
    const best = detect
      ? await readUpright(source, lines, run, () =>
          detectOrientation(
            source,
            directory,
            dpi ? readDpi : undefined,
            fallbackDpi,
            osdReduction(lines, early),
            options.timeoutMs,
          ),
        )
      : { rotation: 0 as const, image: source, words: await run(source) };
    const width = Math.round(best.image.width / early);
    const height = Math.round(best.image.height / early);
    // The first pass decides the second: in the page's own language when it is another one (and
    // installed), from an enlarged image when the text is small (boxes brought back to this
    // image's pixels). Most pages need neither and are read once.
    const languages = languagesFor(best.words, requested, status.installedLanguages, options.detectLanguage);
    const enlarge = early > 1 ? 1 : enlargementWithin(upscaleFactor(best.words), best.image.width * best.image.height);
    // Each later pass is kept only when tesseract is surer of its words than of the best so far:
    // a blurred photo enlarged reads no better. The page's language is tried at its own size
    // first, so a worse enlargement cannot hide a better language.
    let words = best.words;
    let readIn = requested;
    if (languages !== requested) {
      const again = await run(best.image, readDpi, languages);
      if (wordCertainty(again) > wordCertainty(words)) {
        words = again;
        readIn = languages;
      }
    }
    if (enlarge > 1) {
      const again = await run(await enlarged(best.image, enlarge), dpi ? dpi * enlarge : fallbackDpi, languages);
      if (wordCertainty(again) > wordCertainty(words)) {
        words = again.map((word) => shrink(word, enlarge));
        readIn = languages;
      }
    }
    if (early > 1) words = words.map((word) => shrink(word, early));
    // A straightened page's words go back onto the page as it is shown (turned a quarter when
    // its orientation said so), whose size is the page's.
    const quarter = best.rotation === 90 || best.rotation === 270;
    const shown =
      turn === 0
        ? { width, height }
        : quarter
          ? { width: image.height, height: image.width }
          : { width: image.width, height: image.height };
    if (turn !== 0) words = words.map((word) => unstraighten(word, turn, { width, height }, shown));
    const factor = options.scale?.factor ?? 1;
    const page = buildPageText(
      words.map((word) => toRawWord(word, factor)),
      {
        pageNumber: options.pageNumber ?? 1,
        pageSize: {
          width: shown.width * factor,
          height: shown.height * factor,
          unit: options.scale?.unit ?? 'pixel',
        },
        orientation: best.rotation,
        engine: 'tesseract',
        elapsedMs: performance.now() - started,
      },
    );
    return { ...page, languages: readIn };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

interface Attempt {
  rotation: 0 | 90 | 180 | 270;
  image: RawImage;
  words: TsvWord[];
}

/** Each image tesseract reads gets a file name of its own, so a file written once serves every run. */
let nextImageFile = 1;
const writeForTesseract = (image: RawImage, directory: string, name: string): Promise<string> =>
  pnmFileOf(image, directory, `${name}-${nextImageFile++}`);

async function recognise(
  image: RawImage,
  directory: string,
  languages: string[],
  dpi: number | undefined,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<TsvWord[]> {
  const path = await writeForTesseract(image, directory, 'page');
  const args = [path, 'stdout', '-l', languages.join('+'), '--psm', '3'];
  if (dpi) args.push('--dpi', String(Math.round(dpi)));
  const result = await runTool(TESSERACT, TESSERACT, [...args, 'tsv'], { timeoutMs, env: TESSERACT_ENV });
  return parseTesseractTsv(result.stdout.toString('utf8'));
}

/**
 * Text lines at least this high (pixels) are still plainly legible to OSD at half the size, which
 * costs it half the time: OSD is asked about a halved image then.
 */
const OSD_HALVED_FROM_LINE_HEIGHT = 40;

/** 0.5 when the page's text is large enough for OSD to read at half size, else 1. */
function osdReduction(lines: TextLines | null, enlargedBy: number): number {
  const lineHeight = (lines?.lineHeight ?? 0) * enlargedBy;
  return lineHeight >= OSD_HALVED_FROM_LINE_HEIGHT ? 0.5 : 1;
}

/**
 * `dpi` is the resolution trusted for the image read (scaled with it); `fallbackDpi` the one its
 * file states otherwise, handed on as it is whatever the reduction (as a resized PNG kept it).
 */
async function detectOrientation(
  image: RawImage,
  directory: string,
  dpi: number | undefined,
  fallbackDpi: number | undefined,
  reduction: number,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<OsdResult | null> {
  const reduced =
    reduction < 1
      ? await toRawImage(
          sharpOfRaw(image).resize(Math.max(1, Math.round(image.width * reduction)), null, { kernel: 'lanczos3' }),
        )
      : image;
  const path = await writeForTesseract(reduced, directory, 'osd');
  const args = [path, 'stdout', '--psm', '0', '-l', 'osd'];
  const osdDpi = dpi ? dpi * reduction : fallbackDpi;
  if (osdDpi) args.push('--dpi', String(Math.round(osdDpi)));
  // OSD exits non-zero on pages with too little text; that just means "unknown".
  const result = await runTool(TESSERACT, TESSERACT, args, { timeoutMs, env: TESSERACT_ENV, allowFailure: true });
  return parseOsd(result.stdout.toString('utf8') + result.stderr);
}

/**
 * The page read the way up it stands. As a rule it is read as it lies first: when tesseract is sure
 * of those words the page is upright and the orientation pass (another tesseract run) is not
 * needed; a turned page reads as noise, and only then is OSD asked which way it lies. A page whose
 * text lines run down it (text-lines.ts, measured before any OCR) lies on its side: OSD is asked
 * first, and reading the page as it lies is skipped when OSD is sure and the turned page reads well.
 */
async function readUpright(
  straight: RawImage,
  lines: TextLines | null,
  run: (image: RawImage) => Promise<TsvWord[]>,
  askOsd: () => Promise<OsdResult | null>,
): Promise<Attempt> {
  const turned = async (rotation: 0 | 90 | 180 | 270): Promise<Attempt> => {
    const image = await rotate(straight, rotation);
    return { rotation, image, words: await run(image) };
  };
  const onItsSide = lines !== null && !lines.horizontal;
  let osd = onItsSide ? await askOsd() : undefined;
  if (osd && osd.confidence >= TRUSTED_OSD_CONFIDENCE && osd.rotate !== 0) {
    const attempt = await turned(osd.rotate);
    if (surelyUpright(attempt.words)) return attempt;
    // OSD was sure but the turned page reads badly: the page as it lies gets its chance too.
    const upright: Attempt = { rotation: 0, image: straight, words: await run(straight) };
    return score(upright.words) > score(attempt.words) ? upright : attempt;
  }
  const upright: Attempt = { rotation: 0, image: straight, words: await run(straight) };
  if (osd === undefined && !surelyUpright(upright.words)) osd = await askOsd();
  if (osd && osd.confidence >= TRUSTED_OSD_CONFIDENCE) {
    return osd.rotate === 0 ? upright : turned(osd.rotate);
  }
  if (upright.words.length > 0 && meanConfidence(upright.words) < DOUBTFUL_MEAN_CONFIDENCE) {
    return bestRotation(upright, run);
  }
  return upright;
}

/** When OSD cannot tell, the rotation whose words tesseract is most sure of wins. */
async function bestRotation(upright: Attempt, run: (image: RawImage) => Promise<TsvWord[]>): Promise<Attempt> {
  let best = upright;
  for (const rotation of [90, 180, 270] as const) {
    const image = await rotate(upright.image, rotation);
    const attempt = { rotation, image, words: await run(image) };
    if (score(attempt.words) > score(best.words)) best = attempt;
  }
  return best;
}

/** Sum of confidences of words that look like words (two letters or digits), so noise scores low. */
const score = (words: readonly TsvWord[]): number =>
  words.filter((word) => /[\p{L}\p{N}].*[\p{L}\p{N}]/u.test(word.text)).reduce((sum, word) => sum + word.confidence, 0);

/** Whether the words read as the page lies show it upright (SURE_UPRIGHT_CERTAINTY). */
const surelyUpright = (words: readonly TsvWord[]): boolean =>
  realWords(words).length >= SURE_UPRIGHT_WORDS && wordCertainty(words) >= SURE_UPRIGHT_CERTAINTY;

const realWords = (words: readonly TsvWord[]) => words.filter((word) => /[\p{L}\p{N}].*[\p{L}\p{N}]/u.test(word.text));

/** Mean confidence of the words that look like words (noise left out). */
function wordCertainty(words: readonly TsvWord[]): number {
  const real = words.filter((word) => /[\p{L}\p{N}].*[\p{L}\p{N}]/u.test(word.text));
  return real.length === 0 ? 0 : real.reduce((sum, word) => sum + word.confidence, 0) / real.length;
}

const meanConfidence = (words: readonly TsvWord[]): number =>
  words.length === 0 ? 0 : words.reduce((sum, word) => sum + word.confidence, 0) / words.length;

const rotate = (image: RawImage, degrees: number): Promise<RawImage> => toRawImage(sharpOfRaw(image).rotate(degrees));

/** The requested languages, with the page's own language first when a first pass finds another installed one. */
function languagesFor(
  words: readonly TsvWord[],
  requested: string[],
  installed: readonly string[],
  detect = true,
): string[] {
  if (!detect) return requested;
  const found = detectLanguage(words.map((word) => word.text));
  const code = found ? toTesseractLanguage(found) : null;
  if (!code || requested.includes(code) || !installed.includes(code)) return requested;
  return [code, ...requested];
}

/** The image enlarged by `factor` with a sharp-edged kernel (text edges stay crisp). */
function enlarged(image: RawImage, factor: number): Promise<RawImage> {
  return toRawImage(sharpOfRaw(image).resize(Math.round(image.width * factor), null, { kernel: 'lanczos3' }));
}

/** A word read on an image enlarged by `factor`, in the pixels of the image before. */
const shrink = (word: TsvWord, factor: number): TsvWord => ({
  ...word,
  left: word.left / factor,
  top: word.top / factor,
  width: word.width / factor,
  height: word.height / factor,
});

/** Tesseract gives word boxes only; characters share the word box by typical glyph widths. */
function toRawWord(word: TsvWord, factor: number): RawWord {
  const edges: Edges = {
    left: word.left * factor,
    top: word.top * factor,
    right: (word.left + word.width) * factor,
    bottom: (word.top + word.height) * factor,
  };
  const characters = [...word.text];
  const shares = cumulativeShares(characters);
  const width = edges.right - edges.left;
  const chars: PositionedChar[] = characters.map((char, index) => ({
    char,
    edges: {
      left: edges.left + width * (shares[index] as number),
      right: edges.left + width * (shares[index + 1] as number),
      top: edges.top,
      bottom: edges.bottom,
    },
  }));
  return { text: word.text, edges, confidence: word.confidence, chars, lineKey: word.lineKey };
}
