/**
 * Above the transcript editor: read the transcript in another language. The translation page
 * (TranslationTaskPage with `translateTo`) asks the server's translation engine for it; a language
 * the server does not translate is refused there, naming the pairs it does.
 */
import { LANGUAGES, Select, useServerCapabilities } from '@reviewdesk/ui';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useWebTranslation } from '../../i18n/useWebTranslation';

/** Test ids: `transcript-translation`, `transcript-translation.language`, `transcript-translation.open`. */
export function TranscriptTranslationBar({ taskId, workspaceId }: { taskId: string; workspaceId: string }) {
  const { t, language } = useWebTranslation();
  const { supports } = useServerCapabilities();
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'language' });
    return LANGUAGES.map((code) => ({ value: code, label: names.of(code) ?? code }));
  }, [language]);
  const [target, setTarget] = useState<string>(language === 'en' ? 'es' : language);
  if (!supports('Viewer_Translation')) return null;
  const query = new URLSearchParams({ taskId, workspaceId, translateTo: target });
  return (
    <div className="rd-app-viewer__actions" data-testid="transcript-translation">
      <Select
        label={t('translationTask.readIn')}
        options={options}
        value={target}
        onChange={(event) => setTarget(event.target.value)}
        data-testid="transcript-translation.language"
      />
      <Link
        className="rd-button rd-button--secondary rd-button--md rd-focusable"
        to={`/task/viewer/transcripts?${query}`}
        data-testid="transcript-translation.open"
      >
        {t('translationTask.translate')}
      </Link>
    </div>
  );
}
