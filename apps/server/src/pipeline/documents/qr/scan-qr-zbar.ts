// QR code contents of an image file, read by zbar (`zbarimg`, Debian package zbar-tools): a native
// reader in its own process, tens of milliseconds for a page image where jsQR in the worker's
// JavaScript thread took seconds. zbar says what codes there are but not where (zbarimg prints no
// positions), so it decides which pages need the slower locating pass (detect-qr-codes.ts).
import { EngineFailedError } from '../errors.js';
import { runTool } from '../process/run-tool.js';

const DEFAULT_TIMEOUT_MS = 60_000;
/** zbarimg's exit code when the image was read and holds no code. */
const NO_CODE_EXIT = 4;

/** The content of every QR code zbar reads in the image file at `path` (one entry per code). */
export async function scanQrContents(path: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<string[]> {
  const result = await runTool(
    'zbar QR reader',
    'zbarimg',
    // QR codes only (no linear barcodes to try), light-on-dark codes too (as jsQR's attemptBoth).
    ['--nodbus', '--xml', '-q', '-Sdisable', '-Sqrcode.enable', '-Stest-inverted', path],
    { timeoutMs, allowFailure: true },
  );
  if (result.exitCode === NO_CODE_EXIT) return [];
  if (result.exitCode !== 0) {
    throw new EngineFailedError(
      'zbar QR reader',
      result.stderr.trim().split('\n').at(-1) ?? `exit code ${result.exitCode}`,
    );
  }
  return parseZbarXml(result.stdout.toString('utf8'));
}

/** The symbols' data of zbarimg's XML output; contents are CDATA sections (split where they hold `]]>`). */
export function parseZbarXml(xml: string): string[] {
  const contents: string[] = [];
  for (const symbol of xml.matchAll(/<symbol\b[^>]*>([\s\S]*?)<\/symbol>/g)) {
    const data = /<data\b[^>]*>([\s\S]*?)<\/data>/.exec(symbol[1] ?? '')?.[1] ?? '';
    contents.push([...data.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>/g)].map((part) => part[1]).join(''));
  }
  return contents.filter((content) => content !== '');
}
