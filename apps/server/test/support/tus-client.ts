// The tus client side of the upload tests that talk to more than one server (replicas, processes):
// create an upload on one origin, send chunks and read the offset on any.
import { expect } from 'vitest';

/** The same path on another origin (each replica serves every upload and signed URL). */
export const onOrigin = (origin: string, url: string) => `${origin}${new URL(url).pathname}`;

export const tusHeaders = (token: string, extra: Record<string, string> = {}) => ({
  'Tus-Resumable': '1.0.0',
  Authorization: `Bearer ${token}`,
  ...extra,
});

/** Tus `Upload-Metadata` for a file to import into a workspace. */
export function uploadMetadata(workspaceId: string, fileName: string, contentType: string): string {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  return `workspaceId ${b64(workspaceId)},filename ${b64(fileName)},filetype ${b64(contentType)}`;
}

export const patchUpload = (token: string, url: string, offset: number, body: Buffer) =>
  fetch(url, {
    method: 'PATCH',
    headers: tusHeaders(token, { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset) }),
    body,
  });

export const uploadOffset = async (token: string, url: string) =>
  Number((await fetch(url, { method: 'HEAD', headers: tusHeaders(token) })).headers.get('upload-offset'));

/** Creates an upload of `length` bytes on `origin`; returns its location. */
export async function createUpload(origin: string, token: string, length: number, metadata: string): Promise<string> {
  const created = await fetch(`${origin}/files/`, {
    method: 'POST',
    headers: tusHeaders(token, { 'Upload-Length': String(length), 'Upload-Metadata': metadata }),
  });
  expect(created.status).toBe(201);
  return created.headers.get('location') as string;
}
