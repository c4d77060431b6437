/**
 * A Translation task opened from the list or a link: its text in the target language beside the
 * text it was translated from, page by page (Viewer/Translation), and the downloads in the export
 * formats (Viewer/Export). Read-only: translations have no review in the system (product-spec §4),
 * so nothing here checks the task out. Until the task is translated the page says so and looks
 * again every 20 s. With `outputLanguage`, a transcript read in that language instead: paragraph
 * by paragraph with its time (a link back to the editor at that moment) and speaker.
 */
import { type EnumMemberName, enumCodeOf, isApiError } from '@reviewdesk/api-client';
import {
  Button,
  ErrorState,
  LoadingState,
  saveFile,
  useApiClient,
  useNotices,
  useServerMessages,
} from '@reviewdesk/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { useWebTranslation } from '../../i18n/useWebTranslation';

type ExportType = EnumMemberName<'ExportType'>;

/** The export formats that carry a translation (the anonymised and e-invoice ones do not). */
export const TRANSLATION_EXPORT_TYPES = [
  'Word',
  'Excel',
  'Csv',
  'Json',
  'Xml',
] as const satisfies readonly ExportType[];

/** How often a task still being translated is looked at again. */
const NOT_READY_POLL_MS = 20_000;

/** TaskErrorCode NotReadyYet: the task is not translated yet. */
const NOT_READY_YET = 4;

const isNotReadyYet = (error: unknown) =>
  isApiError(error) &&
  (error.result as { errors?: { code?: unknown }[] } | null)?.errors?.some((e) => e.code === NOT_READY_YET) === true;

/** Props of {@link TranslationTaskPage}. */
export interface TranslationTaskPageProps {
  taskId: string;
  /** The task's name, shown as the page title. */
  displayName: string;
  /** Whether the server implements Viewer/Export (Server/Capabilities). */
  canExport: boolean;
  /** A transcript's: the language to read it in (the server translates it now). */
  outputLanguage?: string | null;
  /** A transcript's: the workspace, for the links back to the editor. */
  workspaceId?: string;
}

/** "1:05" or "1:02:05" for a time in seconds. */
function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The paragraphs of a passage: blank lines separate them. */
const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/**
 * Test ids: `translation-task`, `translation-task.pending`, `translation-task.passage.<page>`
 * (with `translation-task.source` and `translation-task.text` inside),
 * `translation-task.export.<Word|Excel|Csv|Json|Xml>`, `translation-task.back`.
 */
export function TranslationTaskPage({
  taskId,
  displayName,
  canExport,
  outputLanguage = null,
  workspaceId,
}: TranslationTaskPageProps) {
  const transcript = outputLanguage !== null;
  const api = useApiClient();
  const { t, language } = useWebTranslation();
  const { show } = useNotices();
  const { errorMessage } = useServerMessages();
  const translation = useQuery({
    ...api.queryOptions('get', '/api/v{version}/Viewer/Translation/{taskId}', {
      params: { path: { taskId }, query: transcript ? { outputLanguage } : {} },
    }),
    retry: false,
    refetchInterval: (query) => (isNotReadyYet(query.state.error) ? NOT_READY_POLL_MS : false),
  });
  const exportTask = useMutation({
    mutationFn: async (type: ExportType) =>
      (
        await api.call('Viewer_Export', {
          params: { path: { taskId, type: enumCodeOf('ExportType', type) } },
        })
      ).data,
    onSuccess: (file) => saveFile(file),
    onError: (error) => show({ tone: 'error', message: errorMessage(error).message }),
  });
  const languageName = useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'language' });
    return (code: string) => {
      try {
        return names.of(code) ?? code;
      } catch {
        return code;
      }
    };
  }, [language]);

  let body: ReactNode;
  if (translation.isPending) body = <LoadingState />;
  else if (translation.isError && isNotReadyYet(translation.error)) {
    body = (
      <p className="rd-app-page__lead" role="status" data-testid="translation-task.pending">
        {t('translationTask.pending')}
      </p>
    );
  } else if (translation.isError) {
    const { message, detail } = errorMessage(translation.error);
    body = (
      <ErrorState
        title={t('translationTask.loadFailed')}
        description={detail ? `${message} ${detail}` : message}
        onRetry={() => void translation.refetch()}
      />
    );
  } else {
    const { inputLanguage, outputLanguage, engine, passages } = translation.data;
    const from = languageName(inputLanguage);
    const to = languageName(outputLanguage);
    body = (
      <>
        <p className="rd-app-page__lead">{t('translationTask.lead', { from, to, engine })}</p>
        {canExport && !transcript ? (
          <section className="rd-app-section" aria-labelledby="rd-app-translation-exports">
            <h2 id="rd-app-translation-exports" className="rd-app-page__subtitle">
              {t('translationTask.exports')}
            </h2>
            <ul className="rd-app-shortcuts">
              {TRANSLATION_EXPORT_TYPES.map((name) => (
                <li key={name}>
                  <Button
                    disabled={exportTask.isPending}
                    data-testid={`translation-task.export.${name}`}
                    onClick={() => exportTask.mutate(name)}
                  >
                    {t(`translationTask.exportTypes.${name}`)}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {passages.map((passage, index) => {
          const where =
            passage.pageNumber !== null
              ? t('translationTask.page', { page: passage.pageNumber })
              : passage.startTimeSeconds !== null
                ? passage.speakerName
                  ? t('translationTask.spokenBy', {
                      time: clock(passage.startTimeSeconds),
                      speaker: passage.speakerName,
                    })
                  : t('translationTask.spokenAt', { time: clock(passage.startTimeSeconds) })
                : t('translationTask.passage', { number: index + 1 });
          const listen =
            passage.startTimeSeconds !== null
              ? `/task/viewer/transcripts?${new URLSearchParams({ taskId, ...(workspaceId ? { workspaceId } : {}), time: String(passage.startTimeSeconds) })}`
              : null;
          const headingId = `rd-app-translation-${index}`;
          return (
            <section
              key={`${passage.pageNumber ?? ''}@${passage.startTimeSeconds ?? ''}`}
              className="rd-app-translation"
              aria-labelledby={headingId}
              data-testid={`translation-task.passage.${passage.pageNumber ?? index + 1}`}
            >
              <h2 id={headingId} className="rd-app-page__subtitle">
                {listen ? (
                  <Link to={listen} className="rd-focusable" title={t('translationTask.listen')}>
                    {where}
                  </Link>
                ) : (
                  where
                )}
              </h2>
              <div className="rd-app-translation__columns">
                <div className="rd-app-translation__column">
                  <h3 className="rd-app-translation__language">{t('translationTask.original', { language: from })}</h3>
                  <div lang={inputLanguage} data-testid="translation-task.source">
                    {paragraphsOf(passage.sourceText).map((paragraph, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a read-only text never move
                      <p key={i}>{paragraph}</p>
                    ))}
                  </div>
                </div>
                <div className="rd-app-translation__column">
                  <h3 className="rd-app-translation__language">{t('translationTask.translated', { language: to })}</h3>
                  <div lang={outputLanguage} data-testid="translation-task.text">
                    {paragraphsOf(passage.text).map((paragraph, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a read-only text never move
                      <p key={i}>{paragraph}</p>
                    ))}
                  </div>
                </div>
              </div>
            </section>
          );
        })}
      </>
    );
  }

  return (
    <section className="rd-app-page" data-testid="translation-task">
      <h1 className="rd-app-page__title">{displayName}</h1>
      <p className="rd-app-page__lead">
        {transcript ? t('translationTask.transcriptNote') : t('translationTask.readOnly')}
      </p>
      {body}
      {transcript ? (
        <Link
          to={`/task/viewer/transcripts?${new URLSearchParams({ taskId, ...(workspaceId ? { workspaceId } : {}) })}`}
          className="rd-focusable"
          data-testid="translation-task.back"
        >
          {t('translationTask.backToTranscript')}
        </Link>
      ) : (
        <Link to="/task/list" className="rd-focusable" data-testid="translation-task.back">
          {t('translationTask.backToList')}
        </Link>
      )}
    </section>
  );
}
