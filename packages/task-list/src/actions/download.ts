/** Offers a file answer (name from Content-Disposition) as a real browser download. */
import type { FileDownload } from '@reviewdesk/api-client';

export function saveFile(file: FileDownload): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; revoking at once cancels the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
