/**
 * Exports the task (Viewer/Export) after saving what is pending, and hands the file to the browser
 * through a link inside the viewer's own element, so nothing is added to the host's body.
 */
import { isApiError } from '@reviewdesk/api-client';
import { useApiClient } from '@reviewdesk/ui';
import { useCallback } from 'react';
import { useViewer } from '../context.js';

/** How long the downloaded file's object URL stays valid: the browser has started the download by then. */
const DOWNLOAD_URL_LIFETIME_MS = 10_000;

export function useExport(): (type: number, typeName: string) => Promise<void> {
  const client = useApiClient();
  const { session, root } = useViewer();
  return useCallback(
    async (type: number, typeName: string) => {
      const taskId = session.getState().init?.taskId;
      if (!taskId) return;
      try {
        await session.getState().flush();
        const { data } = await client.call('Viewer_Export', { params: { path: { taskId, type: type as 0 } } });
        const link = Object.assign(document.createElement('a'), {
          href: URL.createObjectURL(data.blob),
          download: data.fileName,
        });
        link.hidden = true;
        root.current?.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(link.href), DOWNLOAD_URL_LIFETIME_MS);
      } catch (error) {
        session.getState().reportError({
          operation: 'export',
          message: isApiError(error) ? error.message : `${typeName}: ${String(error)}`,
          cause: error,
        });
      }
    },
    [client, session, root],
  );
}
