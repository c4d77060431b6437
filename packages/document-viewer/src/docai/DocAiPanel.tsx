/**
 * DocAI in the viewer's side panel: ask about the task, read the answer with the passages it is
 * based on, open a passage to see its box on its page. The panel says how each answer was made —
 * the passages quoted (no language model is configured) or written by a language model from them.
 * Shown to people with Task.AccessChatbot; nothing is fetched until it is opened.
 */
import { Button, useCan } from '@reviewdesk/ui';
import { type FormEvent, useState } from 'react';
import { useViewerTranslation } from '../i18n/useViewerTranslation.js';
import type { ActionContext } from '../viewer/actions.js';
import { useSession } from '../viewer/context.js';
import { unitScale } from '../viewer/derived.js';
import { CITATION_BOX_ID, citationStoreOf } from './citation-store.js';
import { type ChatReference, useDocAi } from './useDocAi.js';

export interface DocAiPanelProps {
  ctx: ActionContext;
}

export function DocAiPanel({ ctx }: DocAiPanelProps) {
  const { t } = useViewerTranslation();
  const can = useCan();
  const taskId = useSession((s) => s.taskId);
  const workspaceId = useSession((s) => s.init?.workspaceConfig.id ?? null);
  const [open, setOpen] = useState(false);
  if (!taskId || !workspaceId || !can('Task.AccessChatbot')) return null;
  return (
    <section className="rd-viewer-docai" aria-label={t('docai.label')} data-testid="docai">
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        onClick={() => setOpen((now) => !now)}
        data-testid="docai.toggle"
      >
        {t('docai.title')}
      </Button>
      {open ? <Conversation ctx={ctx} taskId={taskId} workspaceId={workspaceId} /> : null}
    </section>
  );
}

function Conversation({ ctx, taskId, workspaceId }: { ctx: ActionContext; taskId: string; workspaceId: string }) {
  const { t } = useViewerTranslation();
  const { configured, turns, ask } = useDocAi(taskId, workspaceId);
  const ocr = useSession((s) => s.ocr);
  const [question, setQuestion] = useState('');

  const openReference = (reference: ChatReference) => {
    if (!reference.pageNumber) return;
    const page = reference.pageNumber;
    const b = reference.boundingBox;
    if (b) {
      const scale = unitScale(ocr[page]);
      citationStoreOf(ctx.ui)
        .getState()
        .show({
          pageNumber: page,
          box: { left: b.x * scale, top: b.y * scale, width: b.width * scale, height: b.height * scale },
          label: reference.text,
        });
      // After the pages drew the box: scroll it into view.
      requestAnimationFrame(() => ctx.pages.current?.scrollToBox(CITATION_BOX_ID));
    } else {
      citationStoreOf(ctx.ui).getState().show(null);
      ctx.pages.current?.scrollToPage(page);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = question.trim();
    if (!query || ask.isPending) return;
    setQuestion('');
    ask.mutate(query);
  };

  if (configured.isPending) return <p role="status">{t('docai.loading')}</p>;
  if (configured.isError || !configured.data) return <p>{t('docai.unavailable')}</p>;
  return (
    <div className="rd-viewer-docai__body">
      <ol className="rd-viewer-docai__turns" aria-live="polite" data-testid="docai.turns">
        {turns.map((turn, index) => (
          <li
            key={turn.id}
            className={`rd-viewer-docai__turn rd-viewer-docai__turn--${turn.role}`}
            data-testid={`docai.turn.${index}`}
          >
            <span className="rd-viewer-docai__who">{turn.role === 'user' ? t('docai.you') : t('docai.assistant')}</span>
            {turn.role === 'assistant' && turn.references?.length === 0 ? (
              <p>{t('docai.noPassage')}</p>
            ) : (
              <p className="rd-viewer-docai__content">{turn.content}</p>
            )}
            {turn.method ? (
              <p className="rd-viewer-docai__method" data-method={turn.method}>
                {turn.method === 'extractive' ? t('docai.extractive') : t('docai.languageModel')}
              </p>
            ) : null}
            {turn.references && turn.references.length > 0 ? (
              <ul className="rd-viewer-docai__references" aria-label={t('docai.sources')}>
                {turn.references.map((reference, n) => (
                  <li
                    key={`${reference.taskId}|${reference.pageNumber ?? ''}|${reference.startTimeSeconds ?? ''}|${reference.text}`}
                  >
                    <button
                      type="button"
                      className="rd-viewer-docai__reference"
                      onClick={() => openReference(reference)}
                      disabled={!reference.pageNumber}
                      data-testid={`docai.reference.${index}.${n}`}
                    >
                      <span className="rd-viewer-docai__where">
                        {reference.pageNumber ? t('docai.page', { page: String(reference.pageNumber) }) : ''}
                      </span>
                      <q>{reference.text}</q>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
        {ask.isPending ? (
          <li role="status" className="rd-viewer-docai__turn">
            {t('docai.thinking')}
          </li>
        ) : null}
      </ol>
      {ask.isError ? (
        <p role="alert" className="rd-viewer-docai__error">
          {t('docai.error')}
        </p>
      ) : null}
      <form className="rd-viewer-docai__form" onSubmit={submit}>
        <label className="rd-visually-hidden" htmlFor={`rd-docai-${taskId}`}>
          {t('docai.question')}
        </label>
        <input
          id={`rd-docai-${taskId}`}
          className="rd-viewer-docai__input"
          value={question}
          placeholder={t('docai.placeholder')}
          onChange={(event) => setQuestion(event.target.value)}
          data-testid="docai.question"
        />
        <Button type="submit" size="sm" variant="primary" loading={ask.isPending} data-testid="docai.ask">
          {t('docai.ask')}
        </Button>
      </form>
    </div>
  );
}
