// JSON export: the reviewed result (or transcript) as the API returns it, pretty-printed so a
// person opening the file can read it.
import { safeFileName } from '../file-names.js';
import type { ExportFile } from './types.js';

export function toJson(value: unknown, displayName: string | null | undefined): ExportFile {
  return {
    fileName: safeFileName(displayName, 'json'),
    contentType: 'application/json; charset=utf-8',
    bytes: new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`),
  };
}
