// Download names derived from a task's display name, which users type freely. The name must be
// safe on every OS and in a Content-Disposition header: no path separators (no "../" escapes), no
// control or bidi-override characters (which can disguise "exe.pdf" as "fdp.exe"), no names
// Windows reserves — but letters of every script stay, so "Fatura nº 12 — São Paulo" survives.

/** Extensions of uploaded files, dropped so "invoice.pdf" exports as "invoice.csv", not "invoice.pdf.csv". */
const SOURCE_EXTENSIONS =
  /\.(pdf|png|jpe?g|tiff?|gif|bmp|webp|heic|docx?|xlsx?|pptx?|odt|txt|rtf|mp3|wav|m4a|aac|ogg|oga|opus|flac|wma|mp4|m4v|mov|mkv|webm|avi|wmv)$/i;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
const MAX_BYTES = 200;

/** Cuts a string to at most `max` UTF-8 bytes without splitting a character. */
function truncateUtf8(text: string, max: number): string {
  let out = '';
  let bytes = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char);
    if (bytes + size > max) break;
    out += char;
    bytes += size;
  }
  return out;
}

/**
 * A safe file name `<cleaned display name>.<extension>`.
 * @example safeFileName('../Fatura: 12/2024.pdf', 'csv') // 'Fatura_ 12_2024.csv'
 */
export function safeFileName(displayName: string | null | undefined, extension: string): string {
  let base = (displayName ?? '').normalize('NFC');
  base = base
    // Line breaks and tabs become spaces; then control, format (bidi overrides, zero-width),
    // surrogate, private-use and unassigned characters go.
    .replace(/[\t\n\v\f\r]+/g, ' ')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/gu, '')
    .replace(/[/\\<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(SOURCE_EXTENSIONS, '')
    // Leading dots hide files on Unix; trailing dots and spaces are stripped by Windows.
    .replace(/^[.\s]+|[.\s]+$/g, '');
  if (WINDOWS_RESERVED.test(base)) base = `_${base}`;
  base = truncateUtf8(base, MAX_BYTES).trim();
  return `${base || 'export'}.${extension}`;
}
