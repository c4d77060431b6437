/**
 * A recording opened from the list. Until the transcript editor exists the app says so plainly
 * and offers what works for a recording today: the transcript exports (Transcript/Export). It
 * takes no checkout: nothing here edits the task.
 */
import { type EnumMemberName, enumCodeOf, enumMembers } from '@reviewdesk/api-client';
import {
  Button,
  EmptyState,
  saveFile,
  useApiClient,
  useNotices,
  useServerMessages,
  useUiTranslation,
} from '@reviewdesk/ui';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useWebTranslation } from '../../i18n/useWebTranslation';

type TranscriptExportType = EnumMemberName<'TranscriptExportType'>;

/** Props of {@link MediaTaskPage}. */
export interface MediaTaskPageProps {
  taskId: string;
  /** The task's name, shown as the page title. */
  displayName: string;
  /** Whether the server implements Transcript/Export (Server/Capabilities). */
  canExport: boolean;
}

/** Test ids: `media-task`, `media-task.export.<Txt|Word|Srt|Vtt|Json>`, `media-task.back`. */
export function MediaTaskPage({ taskId, displayName, canExport }: MediaTaskPageProps) {
  const api = useApiClient();
  const { t } = useWebTranslation();
  const { t: ui } = useUiTranslation();
  const { show } = useNotices();
  const { errorMessage } = useServerMessages();
  const exportTranscript = useMutation({
    mutationFn: async (type: TranscriptExportType) =>
      (
        await api.call('Transcript_Export', {
          params: { path: { taskId } },
          body: { type: enumCodeOf('TranscriptExportType', type) },
        })
      ).data,
    onSuccess: (file) => saveFile(file),
    onError: (error) => show({ tone: 'error', message: errorMessage(error).message }),
  });

  return (
    <section className="rd-app-page" data-testid="media-task">
      <h1 className="rd-app-page__title">{displayName}</h1>
      <EmptyState
        title={t('mediaTask.title')}
        description={t('mediaTask.description')}
        icon={<span aria-hidden="true" className="rd-app-placeholder__mark" />}
      />
      {canExport ? (
        <section className="rd-app-section" aria-labelledby="rd-app-media-exports">
          <h2 id="rd-app-media-exports" className="rd-app-page__subtitle">
            {t('mediaTask.exports')}
          </h2>
          <ul className="rd-app-shortcuts">
            {enumMembers('TranscriptExportType').map(({ name }) => (
              <li key={name}>
                <Button
                  disabled={exportTranscript.isPending}
                  data-testid={`media-task.export.${name}`}
                  onClick={() => exportTranscript.mutate(name)}
                >
                  {ui(`transcriptExportType.${name}`)}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Link to="/task/list" className="rd-focusable" data-testid="media-task.back">
        {t('mediaTask.backToList')}
      </Link>
    </section>
  );
}
