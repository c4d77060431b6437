// What a new task's file must be: of a type the workspace accepts, decided from its bytes (the
// name and the browser's MIME type are only what the uploader claims), and within the size limit.
// The uploaded name is kept as data only, cleaned of what could mislead a reader.
import { TaskErrorCode } from '../../contract/generated/enums.js';
import { type DetectedFileType, detectFileType, type FileKind } from '../../formats/file-type.js';
import { fail } from './command-results.js';
import type { WorkspaceRules } from './workspace-rules.js';

/** Extensions that stand for a detected kind (a workspace lists extensions). */
const EXTENSIONS: Record<FileKind, string[]> = {
  pdf: ['.pdf'],
  png: ['.png'],
  jpeg: ['.jpg', '.jpeg'],
  tiff: ['.tif', '.tiff'],
  gif: ['.gif'],
  webp: ['.webp'],
  bmp: ['.bmp'],
  mp3: ['.mp3'],
  wav: ['.wav'],
  mp4: ['.mp4'],
  mov: ['.mov'],
  m4a: ['.m4a'],
  ogg: ['.ogg'],
  flac: ['.flac'],
  webm: ['.webm'],
  mkv: ['.mkv'],
  docx: ['.docx'],
  xlsx: ['.xlsx'],
  pptx: ['.pptx'],
  'legacy-office': ['.doc', '.xls', '.ppt'],
  zip: ['.zip'],
  'einvoice-xml': ['.xml'],
};

/** A name safe to show and keep: no folders, no control characters, at most 255 characters. */
export function cleanFileName(name: string | null | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // Control characters (C0, DEL, C1) and the bidirectional embeddings, overrides and isolates
  // (U+202A–U+202E, U+2066–U+2069), which make `invoice\u202Efdp.exe` show as `invoiceexe.pdf`.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  // Cut by code points, so that a character outside the BMP is never split into a lone surrogate.
  return Array.from(cleaned).slice(0, 255).join('');
}

export const tooLarge = (maxBytes: number) =>
  fail(
    TaskErrorCode.MaximumFileSize,
    `The file is larger than this workspace allows (${maxBytes.toLocaleString('en-US')} bytes).`,
  );

/** The detected type of a file's first bytes, if the workspace accepts it; else UnsupportedExtensionsError. */
export function acceptedFileType(head: Uint8Array, rules: WorkspaceRules): DetectedFileType {
  const detected = detectFileType(head);
  if (!detected) {
    throw fail(
      TaskErrorCode.UnsupportedExtensionsError,
      'The content of the file is not of a type that can be processed, whatever its name says.',
    );
  }
  const extensions = EXTENSIONS[detected.kind];
  if (!extensions.some((ext) => rules.supportedFileTypes.includes(ext))) {
    throw fail(
      TaskErrorCode.UnsupportedExtensionsError,
      `This workspace accepts ${rules.supportedFileTypes.join(', ') || 'no files'}; the file is ${extensions[0]} (${detected.mime}).`,
    );
  }
  return detected;
}
