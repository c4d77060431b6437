/**
 * The checks a profile picture passes before it is sent, the same the server applies (it also
 * reads the bytes, so a file that only claims to be an image is refused there), and its base64.
 */

/** Largest picture the server accepts (User/ChangePicture), in bytes. */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export type PictureProblem = 'tooLarge' | 'wrongType';

export function pictureProblem(file: Pick<File, 'size' | 'type'>): PictureProblem | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > MAX_PICTURE_BYTES) return 'tooLarge';
  return null;
}

/** The file's bytes as base64, without a data-URL prefix. */
export async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode with millions of arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
