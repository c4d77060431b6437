// zbar (`zbarimg`, Debian package zbar-tools) reads QR codes natively, in its own process: tens
// of milliseconds for a page image where jsQR in the worker's JavaScript thread took seconds. zbar
// says what codes an image holds but not where (zbarimg prints no positions), so it decides which
// pages need the slower locating pass (detect-qr-codes.ts). read-qr-codes.ts runs it.

/** QR codes only (no linear barcodes to try), light-on-dark codes too (as jsQR's attemptBoth), XML out. */
export const ZBAR_ARGS = ['--nodbus', '--xml', '-q', '-Sdisable', '-Sqrcode.enable', '-Stest-inverted'] as const;
/** zbarimg's exit code when every image was read and none holds a code. */
export const NO_CODE_EXIT = 4;

/**
 * The symbols' contents per image file (the `href` of each source) of zbarimg's XML output; a
 * content is CDATA, split into several sections where it holds `]]>`. zbarimg writes the file names
 * as given, unescaped: the callers' names hold no quote.
 */
export function parseZbarXml(xml: string): Map<string, string[]> {
  const bySource = new Map<string, string[]>();
  for (const source of xml.matchAll(/<source href='([^']*)'>([\s\S]*?)<\/source>/g)) {
    const contents: string[] = [];
    for (const symbol of (source[2] ?? '').matchAll(/<symbol\b[^>]*>([\s\S]*?)<\/symbol>/g)) {
      const data = /<data\b[^>]*>([\s\S]*?)<\/data>/.exec(symbol[1] ?? '')?.[1] ?? '';
      contents.push([...data.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>/g)].map((part) => part[1]).join(''));
    }
    const href = source[1] ?? '';
    bySource.set(href, [...(bySource.get(href) ?? []), ...contents.filter((content) => content !== '')]);
  }
  return bySource;
}
