// Image pages: the API wants the bearer token, which an <img src> cannot send, so the image is
// fetched with the headers and shown through an object URL that is revoked on unmount.
import { useEffect, useState } from 'react';
import type { PageFile } from './types';

export type ObjectUrlState =
  | { status: 'loading' }
  | { status: 'ready'; url: string }
  | { status: 'error'; error: Error };

export function useImageUrl(file: PageFile, enabled: boolean): ObjectUrlState {
  const [state, setState] = useState<ObjectUrlState>({ status: 'loading' });
  const headersKey = file.httpHeaders ? JSON.stringify(file.httpHeaders) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: headers compared by value (headersKey)
  useEffect(() => {
    if (!enabled) return;
    if (!file.httpHeaders) {
      setState({ status: 'ready', url: file.url });
      return;
    }
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ status: 'loading' });
    fetch(file.url, { headers: file.httpHeaders, signal: controller.signal })
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.blob();
      })
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ status: 'ready', url: objectUrl });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file.url, headersKey, enabled]);
  return state;
}
