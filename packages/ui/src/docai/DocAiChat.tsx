/**
 * The DocAI conversation about one task, shared by the editors: ask a question, read the answer
 * with the passages it is based on, open a passage. What a passage is called and what opening it
 * does belong to the editor showing the chat — the document viewer names the page and draws the
 * line's box; the transcript editor names the time and plays the recording from there. The chat
 * says how each answer was made: the passages quoted (no language model is configured) or written
 * by a language model from them. Nothing is fetched until the chat is shown.
 */
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../components/Button/Button';
import { useDocAiTranslation } from './i18n';
import { type ChatReference, useDocAi } from './useDocAi';

export interface DocAiChatProps {
  taskId: string;
  workspaceId: string;
  /** What is asked about, for the words that name it ("this document", "this recording"). */
  subject: 'document' | 'recording';
  /**
   * Where a cited passage is, in the editor's words ("Page 2", "at 1:23"); null when the editor
   * cannot open it (the passage is then shown, not offered as a link).
   */
  citationPlace: (reference: ChatReference) => string | null;
  /** Opens a cited passage in the editor. */
  onOpenCitation: (reference: ChatReference) => void;
}

/**
 * Test ids: `docai.turns`, `docai.turn.<n>`, `docai.reference.<turn>.<n>`, `docai.question`,
 * `docai.ask`.
 */
export function DocAiChat({ taskId, workspaceId, subject, citationPlace, onOpenCitation }: DocAiChatProps) {
  const { t } = useDocAiTranslation();
  const { configured, turns, ask } = useDocAi(taskId, workspaceId);
  const [question, setQuestion] = useState('');
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = question.trim();
    if (!query || ask.isPending) return;
    setQuestion('');
    ask.mutate(query);
  };

  if (configured.isPending) return <p role="status">{t('loading')}</p>;
  if (configured.isError || !configured.data) return <p>{t('unavailable')}</p>;
  return (
    <div className="rd-docai" data-subject={subject}>
      <ol className="rd-docai__turns" aria-live="polite" data-testid="docai.turns">
        {turns.map((turn, index) => (
          <li
            key={turn.id}
            className={`rd-docai__turn rd-docai__turn--${turn.role}`}
            data-testid={`docai.turn.${index}`}
          >
            <span className="rd-docai__who">{turn.role === 'user' ? t('you') : t('assistant')}</span>
            {turn.role === 'assistant' && turn.references?.length === 0 ? (
              <p>{t(`${subject}.noPassage`)}</p>
            ) : (
              <p className="rd-docai__content">{turn.content}</p>
            )}
            {turn.method ? (
              <p className="rd-docai__method" data-method={turn.method}>
                {turn.method === 'extractive' ? t(`${subject}.extractive`) : t('languageModel')}
              </p>
            ) : null}
            {turn.references && turn.references.length > 0 ? (
              <ul className="rd-docai__references" aria-label={t('sources')}>
                {turn.references.map((reference, n) => {
                  const place = citationPlace(reference);
                  return (
                    <li
                      key={`${reference.taskId}|${reference.pageNumber ?? ''}|${reference.startTimeSeconds ?? ''}|${reference.text}`}
                    >
                      <button
                        type="button"
                        className="rd-docai__reference"
                        onClick={() => onOpenCitation(reference)}
                        disabled={place === null}
                        data-testid={`docai.reference.${index}.${n}`}
                      >
                        <span className="rd-docai__where">{place ?? ''}</span>
                        <q>{reference.text}</q>
                      </button>
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </li>
        ))}
        {ask.isPending ? (
          <li role="status" className="rd-docai__turn">
            {t(`${subject}.thinking`)}
          </li>
        ) : null}
      </ol>
      {ask.isError ? (
        <p role="alert" className="rd-docai__error">
          {t('error')}
        </p>
      ) : null}
      <form className="rd-docai__form" onSubmit={submit}>
        <label className="rd-visually-hidden" htmlFor={inputId}>
          {t(`${subject}.question`)}
        </label>
        <input
          id={inputId}
          className="rd-docai__input"
          value={question}
          placeholder={t(`${subject}.placeholder`)}
          onChange={(event) => setQuestion(event.target.value)}
          data-testid="docai.question"
        />
        <Button type="submit" size="sm" variant="primary" loading={ask.isPending} data-testid="docai.ask">
          {t('ask')}
        </Button>
      </form>
    </div>
  );
}
