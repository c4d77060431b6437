// Declared pixel dimensions read straight from image headers, before any decoder sees the file. A
// 44-byte GIF can declare 65535×10751 pixels; decoders allocate for what is declared, so the size
// is checked first (decompression-bomb guard).

export interface Dimensions {
  width: number;
  height: number;
}

const u16be = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const u16le = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
const u24le = (bytes: Uint8Array, at: number) => u16le(bytes, at) | ((bytes[at + 2] ?? 0) << 16);
const u32be = (bytes: Uint8Array, at: number) => u16be(bytes, at) * 65536 + u16be(bytes, at + 2);
const i32le = (bytes: Uint8Array, at: number) => u16le(bytes, at) | (u16le(bytes, at + 2) << 16);

/** PNG: IHDR is always the first chunk. */
function png(bytes: Uint8Array): Dimensions | null {
  if (bytes.length < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
  return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
}

/** GIF: the logical screen and every frame's image descriptor; a frame may be larger than the screen. */
function gif(bytes: Uint8Array): Dimensions | null {
  if (bytes.length < 10) return null;
  let width = u16le(bytes, 6);
  let height = u16le(bytes, 8);
  const flags = bytes[10] ?? 0;
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  while (at < bytes.length) {
    const marker = bytes[at];
    if (marker === 0x2c) {
      width = Math.max(width, u16le(bytes, at + 5));
      height = Math.max(height, u16le(bytes, at + 7));
      const localFlags = bytes[at + 9] ?? 0;
      at += 10 + (localFlags & 0x80 ? 3 * 2 ** ((localFlags & 0x07) + 1) : 0);
      at += 1; // LZW minimum code size
      at = skipSubBlocks(bytes, at);
    } else if (marker === 0x21) {
      at = skipSubBlocks(bytes, at + 2);
    } else {
      break; // trailer (0x3b) or garbage
    }
  }
  return { width, height };
}

function skipSubBlocks(bytes: Uint8Array, start: number): number {
  let at = start;
  while (at < bytes.length) {
    const size = bytes[at] ?? 0;
    at += 1 + size;
    if (size === 0) break;
  }
  return at;
}

/** JPEG: the first start-of-frame marker (SOF0…SOF15 except DHT/JPG/DAC). */
function jpeg(bytes: Uint8Array): Dimensions | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) {
      at++;
      continue;
    }
    const marker = bytes[at + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { width: u16be(bytes, at + 7), height: u16be(bytes, at + 5) };
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) {
      at += marker === 0xff ? 1 : 2;
      continue;
    }
    at += 2 + u16be(bytes, at + 2);
  }
  return null;
}

function bmp(bytes: Uint8Array): Dimensions | null {
  if (bytes.length < 26) return null;
  if (u16le(bytes, 14) === 12) return { width: u16le(bytes, 18), height: u16le(bytes, 20) };
  return { width: Math.abs(i32le(bytes, 18)), height: Math.abs(i32le(bytes, 22)) };
}

function webp(bytes: Uint8Array): Dimensions | null {
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === 'VP8X') return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
  if (chunk === 'VP8L') {
    const bits = u16le(bytes, 21) | (u16le(bytes, 23) << 16);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  return null;
}

/** Declared dimensions for the formats this module knows; null when the header is unreadable or the format unknown here. */
export function readDeclaredDimensions(kind: string, bytes: Uint8Array): Dimensions | null {
  switch (kind) {
    case 'png':
      return png(bytes);
    case 'gif':
      return gif(bytes);
    case 'jpeg':
      return jpeg(bytes);
    case 'bmp':
      return bmp(bytes);
    case 'webp':
      return webp(bytes);
    default:
      return null;
  }
}

/** Formats whose header this module reads: for them an unreadable header means a damaged file. */
export const HEADER_CHECKED_KINDS: ReadonlySet<string> = new Set(['png', 'gif', 'jpeg', 'bmp', 'webp']);
