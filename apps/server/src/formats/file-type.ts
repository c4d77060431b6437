// The real type of an upload, read from its first bytes. The file name and the browser's MIME type
// are what the uploader claims; the worker must decide from the content what to run.

export type FileKind =
  | 'pdf'
  | 'png'
  | 'jpeg'
  | 'tiff'
  | 'gif'
  | 'webp'
  | 'bmp'
  | 'mp3'
  | 'wav'
  | 'mp4'
  | 'mov'
  | 'm4a'
  | 'ogg'
  | 'flac'
  | 'webm'
  | 'mkv'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  | 'legacy-office'
  | 'zip'
  | 'einvoice-xml';

/** What the pipeline can do with it: documents and images go to the document engines. */
export type FileCategory = 'document' | 'image' | 'audio' | 'video' | 'unsupported-office' | 'archive';

export interface DetectedFileType {
  kind: FileKind;
  category: FileCategory;
  mime: string;
}

const ascii = (bytes: Uint8Array, start: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

const found = (kind: FileKind, category: FileCategory, mime: string): DetectedFileType => ({ kind, category, mime });

/** PDF readers accept junk before the header (up to 1024 bytes), so the header is searched for. */
function isPdf(bytes: Uint8Array): boolean {
  return ascii(bytes, 0, 1024).includes('%PDF-');
}

/** "BM" alone is too common a start; the DIB header size must also be one of the known ones. */
function isBmp(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, [0x42, 0x4d]) || bytes.length < 18) return false;
  const dibHeaderSize =
    (bytes[14] ?? 0) | ((bytes[15] ?? 0) << 8) | ((bytes[16] ?? 0) << 16) | ((bytes[17] ?? 0) << 24);
  return [12, 40, 52, 56, 64, 108, 124].includes(dibHeaderSize);
}

/** MPEG audio without an ID3 tag starts with a frame sync: 11 set bits, a valid layer and bitrate. */
function isMpegAudioFrame(bytes: Uint8Array): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff) return false;
  const second = bytes[1] ?? 0;
  const third = bytes[2] ?? 0;
  const syncOk = (second & 0xe0) === 0xe0;
  const layer = (second >> 1) & 0x03;
  const bitrateIndex = third >> 4;
  const sampleRateIndex = (third >> 2) & 0x03;
  return syncOk && layer !== 0 && bitrateIndex !== 0x0f && sampleRateIndex !== 0x03;
}

/** ISO base media (MP4, QuickTime, M4A): a box type at offset 4, with the brand telling them apart. */
function isoMediaKind(bytes: Uint8Array): DetectedFileType | null {
  const boxType = ascii(bytes, 4, 4);
  if (boxType === 'ftyp') {
    const brand = ascii(bytes, 8, 4);
    if (brand === 'qt  ') return found('mov', 'video', 'video/quicktime');
    if (brand === 'M4A ' || brand === 'M4B ') return found('m4a', 'audio', 'audio/mp4');
    return found('mp4', 'video', 'video/mp4');
  }
  // Old QuickTime files start directly with these atoms.
  if (['moov', 'mdat', 'wide', 'free', 'pnot'].includes(boxType)) return found('mov', 'video', 'video/quicktime');
  return null;
}

/** Office Open XML is a ZIP whose entry names (stored uncompressed in the headers) give it away. */
function zipKind(bytes: Uint8Array): DetectedFileType {
  const names = ascii(bytes, 0, Math.min(bytes.length, 64 * 1024));
  if (names.includes('word/'))
    return found(
      'docx',
      'unsupported-office',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  if (names.includes('xl/'))
    return found('xlsx', 'unsupported-office', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  if (names.includes('ppt/'))
    return found(
      'pptx',
      'unsupported-office',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    );
  return found('zip', 'archive', 'application/zip');
}

// The root elements of EN 16931 e-invoices (CII, ZUGFeRD 1.0 CII, UBL) and their namespaces.
const EINVOICE_ROOT = /^<(?:[\w.-]+:)?(CrossIndustryInvoice|CrossIndustryDocument|Invoice|CreditNote)[\s>/]/;
const EINVOICE_NAMESPACE =
  /urn:un:unece:uncefact:data:standard:|urn:ferd:|urn:oasis:names:specification:ubl:schema:xsd:/;

/**
 * An XML file whose root element is an e-invoice's, in its namespace. Only the first 4 KB are
 * looked at: the XML declaration, comments and a byte order mark may come before the root.
 */
function isEInvoiceXml(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8').decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  const rest = head.replace(/^\s*(?:<\?[^>]*\?>\s*|<!--[\s\S]*?-->\s*)*/, '');
  return EINVOICE_ROOT.test(rest) && EINVOICE_NAMESPACE.test(rest.slice(0, rest.indexOf('>') + 1));
}

/** Detects the type from the content only; null when it is none of the known types (or empty). */
export function detectFileType(bytes: Uint8Array): DetectedFileType | null {
  if (bytes.length < 4) return null;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return found('png', 'image', 'image/png');
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return found('jpeg', 'image', 'image/jpeg');
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) {
    return found('tiff', 'image', 'image/tiff');
  }
  const head6 = ascii(bytes, 0, 6);
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return found('gif', 'image', 'image/gif');
  if (ascii(bytes, 0, 4) === 'RIFF') {
    const format = ascii(bytes, 8, 4);
    if (format === 'WEBP') return found('webp', 'image', 'image/webp');
    if (format === 'WAVE') return found('wav', 'audio', 'audio/wav');
  }
  if (ascii(bytes, 0, 4) === 'OggS') return found('ogg', 'audio', 'audio/ogg');
  if (ascii(bytes, 0, 4) === 'fLaC') return found('flac', 'audio', 'audio/flac');
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    // EBML: the DocType element near the start says webm or matroska.
    return ascii(bytes, 0, 64).includes('webm')
      ? found('webm', 'video', 'video/webm')
      : found('mkv', 'video', 'video/x-matroska');
  }
  const iso = isoMediaKind(bytes);
  if (iso) return iso;
  if (ascii(bytes, 0, 3) === 'ID3' || isMpegAudioFrame(bytes)) return found('mp3', 'audio', 'audio/mpeg');
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return zipKind(bytes);
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return found('legacy-office', 'unsupported-office', 'application/x-ole-storage');
  }
  if (isBmp(bytes)) return found('bmp', 'image', 'image/bmp');
  if (isPdf(bytes)) return found('pdf', 'document', 'application/pdf');
  if (isEInvoiceXml(bytes)) return found('einvoice-xml', 'document', 'application/xml');
  return null;
}
