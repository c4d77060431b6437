/**
 * Above the transcript editor: read the transcript in another language. The translation page
 * (TranslationTaskPage with `translateTo`) asks the server's translation engine for it. Only the
 * languages the engine offers from the recording's language are listed (Server/Capabilities); a
 * server that cannot say gets the interface languages, and refuses a pair it lacks with its reasons.
 */
import { LANGUAGES, Select, type TranslationPair, useServerCapabilities } from '@reviewdesk/ui';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useWebTranslation } from '../../i18n/useWebTranslation';

/** "en-US" → "en": pairs and cultures compare by language. */
const languageOf = (code: string) => code.trim().toLowerCase().split(/[-_]/)[0] ?? '';

/**
 * The languages a recording in `from` (a culture or language code, when the workspace says) can be
 * read in: the engine's directions from it, or every direction's target when the language is not
 * known; the interface languages when the server does not list its pairs (`null`).
 */
export function translationTargets(pairs: readonly TranslationPair[] | null, from: string | null): string[] {
  const source = from ? languageOf(from) : null;
  const targets = pairs
    ? pairs.filter((pair) => !source || languageOf(pair.from) === source).map((pair) => languageOf(pair.to))
    : [...LANGUAGES];
  return [...new Set(targets)].filter((code) => code && code !== source);
}

/** Test ids: `transcript-translation`, `transcript-translation.language`, `transcript-translation.open`. */
export function TranscriptTranslationBar({
  taskId,
  workspaceId,
  recordingLanguage,
}: {
  taskId: string;
  workspaceId: string;
  /** The workspace's transcript language, when it has one. */
  recordingLanguage?: string | null;
}) {
  const { t, language } = useWebTranslation();
  const { supports, translationPairs } = useServerCapabilities();
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'language' });
    return translationTargets(translationPairs, recordingLanguage ?? null)
      .map((code) => ({ value: code, label: names.of(code) ?? code }))
      .sort((a, b) => a.label.localeCompare(b.label, language));
  }, [language, translationPairs, recordingLanguage]);
  const [chosen, setChosen] = useState<string | null>(null);
  // The reader's own language when it is offered, else the first one offered.
  const target = chosen ?? options.find((o) => o.value === language)?.value ?? options[0]?.value ?? null;
  if (!supports('Viewer_Translation') || !target) return null;
  const query = new URLSearchParams({ taskId, workspaceId, translateTo: target });
  return (
    <div className="rd-app-viewer__actions" data-testid="transcript-translation">
      <Select
        label={t('translationTask.readIn')}
        options={options}
        value={target}
        onChange={(event) => setChosen(event.target.value)}
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
