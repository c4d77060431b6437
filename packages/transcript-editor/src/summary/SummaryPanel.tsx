/**
 * The summary of a recording beside its transcript: request one (style, length, key frames of a
 * video, with what it costs), follow it while it is made, then read it. An extractive summary's
 * sentences carry the time they were said and play the recording from there; so do key frames.
 * The panel says how the summary was made, so a quote is never taken for a paraphrase.
 */
import { Button, Checkbox, clockTime, registerTranslations, Select, useReviewdesk } from '@reviewdesk/ui';
import { useState } from 'react';
import { EDITOR_NAMESPACE, editorResources } from '../i18n/resources.js';
import { useEditorTranslation } from '../i18n/useEditorTranslation.js';
import { summaryLines } from './summary-text.js';
import { SUMMARY_STATE, type Summary, useTaskSummary } from './useTaskSummary.js';

export interface SummaryPanelProps {
  taskId: string;
  /** The recording is a video: key frames can be asked for. */
  isVideo?: boolean;
  /** Play the recording from this time (seconds). */
  onSeek?: (seconds: number) => void;
  /** Polling interval while the summary is being made (ms); 20 s by default. */
  pollMs?: number;
}

/** Test ids: `summary.panel`, `summary.request`, `summary.state`, `summary.text`, `summary.line.<n>`, `summary.frame.<n>`. */
export function SummaryPanel({ taskId, isVideo = false, onSeek, pollMs }: SummaryPanelProps) {
  const { i18n } = useReviewdesk();
  // The panel also renders on its own (a host's summary tab): registered during render, idempotent.
  if (!i18n.hasResourceBundle('en', EDITOR_NAMESPACE)) registerTranslations(i18n, EDITOR_NAMESPACE, editorResources);
  const { t } = useEditorTranslation();
  const { available, summary, cost, request } = useTaskSummary(taskId, pollMs);
  const current = summary.data ?? null;
  const [style, setStyle] = useState(String(current?.summaryStyle ?? 0));
  const [length, setLength] = useState(String(current?.summaryLength ?? 0));
  const [frames, setFrames] = useState(isVideo);

  const body = () => {
    if (available.isPending || (available.data && summary.isPending)) {
      return (
        <p role="status" className="rd-transcript-summary__status">
          {t('summary.loading')}
        </p>
      );
    }
    if (available.isError || summary.isError) {
      return (
        <div role="alert" className="rd-transcript-summary__status">
          <p>{t('summary.loadError')}</p>
          <Button size="sm" onClick={() => void (available.isError ? available.refetch() : summary.refetch())}>
            {t('summary.retry')}
          </Button>
        </div>
      );
    }
    if (!available.data) return <p className="rd-transcript-summary__status">{t('summary.unavailable')}</p>;
    return (
      <>
        <SummaryState summary={current} onSeek={onSeek} />
        {current?.state === SUMMARY_STATE.Processing ? null : (
          <form
            className="rd-transcript-summary__form"
            onSubmit={(event) => {
              event.preventDefault();
              request.mutate({
                taskId,
                style: Number(style) as Summary['summaryStyle'] & number,
                length: Number(length) as Summary['summaryLength'] & number,
                includedFrames: frames && isVideo ? 1 : 0,
              });
            }}
          >
            <Select
              label={t('summary.style')}
              value={style}
              onChange={(event) => setStyle(event.target.value)}
              options={[
                { value: '0', label: t('summary.styleNeutral') },
                { value: '1', label: t('summary.styleCasual') },
                { value: '2', label: t('summary.styleFormal') },
              ]}
              data-testid="summary.style"
            />
            <Select
              label={t('summary.length')}
              value={length}
              onChange={(event) => setLength(event.target.value)}
              options={[
                { value: '1', label: t('summary.lengthShort') },
                { value: '0', label: t('summary.lengthMedium') },
                { value: '2', label: t('summary.lengthLong') },
              ]}
              data-testid="summary.length"
            />
            {isVideo ? (
              <Checkbox
                label={t('summary.keyFrames')}
                checked={frames}
                onChange={(event) => setFrames(event.target.checked)}
              />
            ) : null}
            {cost.data ? (
              <p className="rd-transcript-summary__hint" data-testid="summary.cost">
                {t('summary.cost', { credits: cost.data.costsInCredits.toLocaleString() })}
              </p>
            ) : null}
            <Button type="submit" variant="primary" size="sm" loading={request.isPending} data-testid="summary.request">
              {current ? t('summary.regenerate') : t('summary.request')}
            </Button>
            {request.isError ? (
              <p role="alert" className="rd-transcript-summary__error">
                {request.error instanceof Error && request.error.message
                  ? `${t('summary.requestError')} ${(request.error as { result?: { message?: string } }).result?.message ?? ''}`.trim()
                  : t('summary.requestError')}
              </p>
            ) : null}
          </form>
        )}
      </>
    );
  };

  return (
    <section className="rd-transcript-summary" aria-labelledby={`rd-summary-${taskId}`} data-testid="summary.panel">
      <h2 id={`rd-summary-${taskId}`} className="rd-transcript-summary__title">
        {t('summary.title')}
      </h2>
      {body()}
    </section>
  );
}

function SummaryState({
  summary,
  onSeek,
}: {
  summary: Summary | null;
  onSeek?: ((seconds: number) => void) | undefined;
}) {
  const { t } = useEditorTranslation();
  if (!summary) {
    return (
      <p className="rd-transcript-summary__status" data-testid="summary.state" data-state="none">
        {t('summary.none')}
      </p>
    );
  }
  switch (summary.state) {
    case SUMMARY_STATE.Processing:
      return (
        <div
          role="status"
          className="rd-transcript-summary__status"
          data-testid="summary.state"
          data-state="processing"
        >
          <span className="rd-spinner" aria-hidden="true" />
          <span>{t('summary.processing', { progress: String(summary.progress ?? 0) })}</span>
          <p className="rd-transcript-summary__hint">{t('summary.polling')}</p>
        </div>
      );
    case SUMMARY_STATE.Processed:
      break;
    default: {
      const key =
        summary.state === SUMMARY_STATE.Timeout
          ? 'summary.timeout'
          : summary.state === SUMMARY_STATE.Failed
            ? 'summary.failed'
            : 'summary.cancelled';
      return (
        <div role="alert" className="rd-transcript-summary__error" data-testid="summary.state" data-state="failed">
          <p>{t(key)}</p>
          {summary.failureMessage ? <p className="rd-transcript-summary__hint">{summary.failureMessage}</p> : null}
        </div>
      );
    }
  }
  const lines = summaryLines(summary.summary);
  return (
    <div data-testid="summary.state" data-state="processed">
      <p className="rd-transcript-summary__method" data-testid="summary.method" data-method={summary.method ?? ''}>
        {summary.method === 'language-model'
          ? t('summary.languageModel', { model: summary.modelName ?? '' })
          : t('summary.extractive')}
      </p>
      <ul className="rd-transcript-summary__text" data-testid="summary.text">
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one summary never move.
          <li key={index} data-testid={`summary.line.${index}`}>
            {line.time !== null ? (
              <button
                type="button"
                className="rd-transcript-summary__time"
                aria-label={t('summary.playFrom', { time: clockTime(line.time) })}
                onClick={() => onSeek?.(line.time as number)}
              >
                {clockTime(line.time)}
              </button>
            ) : null}
            <span>{line.text}</span>
          </li>
        ))}
      </ul>
      {summary.keyFrames && summary.keyFrames.length > 0 ? (
        <figure className="rd-transcript-summary__frames">
          <figcaption>{t('summary.frames')}</figcaption>
          <ul>
            {summary.keyFrames.map((frame, index) => (
              <li key={frame.url}>
                <button
                  type="button"
                  onClick={() => onSeek?.(frame.timeSeconds)}
                  data-testid={`summary.frame.${index}`}
                  aria-label={t('summary.playFrom', { time: clockTime(frame.timeSeconds) })}
                >
                  <img src={frame.url} alt={t('summary.frameAt', { time: clockTime(frame.timeSeconds) })} />
                </button>
              </li>
            ))}
          </ul>
        </figure>
      ) : null}
      {summary.disclaimer ? <p className="rd-transcript-summary__hint">{summary.disclaimer}</p> : null}
    </div>
  );
}
