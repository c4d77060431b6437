// SdTask/ResultUrl: a short-lived download URL of the task's processing result — the file the
// export stage delivered (the reviewed result, newest successful delivery). A task whose result
// was not delivered yet has none: NotReadyYet (4), never a URL that would fail later.
import type { Db } from '../../db/database.js';
import type { ResultsScope } from '../../db/repositories/results.js';
import type { TaskRow } from '../../db/schema.js';
import { INTEGRATION_STATUS } from '../tasks/flags.js';
import { signedFileUrl } from './signed-urls.js';
import { notReadyYet } from './viewer-task.js';

export async function resultUrl(db: Db, origin: string, scope: ResultsScope, task: TaskRow): Promise<string> {
  const delivered = (await scope.integrations(task.id)).find(
    (row) => row.status === INTEGRATION_STATUS.Successful && row.result_blob_id,
  );
  const blob = delivered?.result_blob_id ? await scope.blob(delivered.result_blob_id) : undefined;
  if (!blob) {
    throw notReadyYet('The task has no result file yet: the result is delivered when its review is finished.');
  }
  return signedFileUrl(db, origin, {
    blobId: blob.id,
    tenantId: scope.tenantId,
    fileName: blob.file_name,
    contentType: blob.content_type,
    disposition: 'attachment',
  });
}
