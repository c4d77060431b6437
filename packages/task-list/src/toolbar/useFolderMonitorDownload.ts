/**
 * The folder monitor's download (SdTask/GetFolderMonitorUrl, permission Task.DownloadFolderMonitor):
 * the program a person runs on their own computer to import the files put in a folder. Offered
 * only when the person may download it and the server implements the call.
 */
import type { ApiCallError } from '@reviewdesk/api-client';
import { useApiClient, useCan } from '@reviewdesk/ui';
import { useCallback } from 'react';
import type { SupportsOperation } from '../model/operations';

export function useFolderMonitorDownload(
  supports: SupportsOperation,
  onError: (error: ApiCallError | Error) => void,
): (() => void) | undefined {
  const api = useApiClient();
  const can = useCan();
  const download = useCallback(() => {
    void (async () => {
      try {
        const { data } = await api.GET('/api/v{version}/SdTask/GetFolderMonitorUrl');
        // A download, not a page: the current page stays where it is.
        const link = document.createElement('a');
        link.href = data;
        link.download = '';
        link.rel = 'noopener';
        link.click();
      } catch (error) {
        onError(error as ApiCallError);
      }
    })();
  }, [api, onError]);
  return can('Task.DownloadFolderMonitor') && supports('SdTask_GetFolderMonitorUrl') ? download : undefined;
}
