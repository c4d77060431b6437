/**
 * The summary of a recording beside its transcript: request one (style, length, key frames of a
 * video, with what it costs), follow it while it is made, then read it. An extractive summary's
 * sentences carry the time they were said and play the recording from there; so do key frames.
 * The panel says how the summary was made, so a quote is never taken for a paraphrase — also when
 * the language model failed and the quotes were made instead. A summary being made can be canceled;
 * a person can also write the summary themselves (Uploaded). Every state of the spec (0–6) shows.
 */
import { Button, Checkbox, clockTime, Select, useUiTranslation } from '@reviewdesk/ui';
import { useId, useState } from 'react';
import type { EditorKey } from '../i18n/resources.js';
import { useEditorStrings } from '../i18n/useEditorStrings.js';
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

/**
 * Test ids: `summary.panel`, `summary.request`, `summary.cancel`, `summary.write`, `summary.upload.text`,
 * `summary.upload.save`, `summary.state` (`data-state`), `summary.method`, `summary.text`,
 * `summary.line.<n>`, `summary.frame.<n>`.
 */
export function SummaryPanel(props: SummaryPanelProps) {
  // The panel also renders on its own (a host's summary tab): it brings the editor's strings.
  return useEditorStrings() ? <SummaryPanelContent {...props} /> : null;
}

function SummaryPanelContent({ taskId, isVideo = false, onSeek, pollMs }: SummaryPanelProps) {
  const { t } = useEditorTranslation();
  const { t: ui } = useUiTranslation();
  const { available, summary, cost, request, cancel, upload } = useTaskSummary(taskId, pollMs);
  const current = summary.data ?? null;
  const [style, setStyle] = useState(String(current?.summaryStyle ?? 0));
  const [length, setLength] = useState(String(current?.summaryLength ?? 0));
  const [frames, setFrames] = useState(isVideo);
  const [writing, setWriting] = useState(false);
  const [written, setWritten] = useState('');
  const writeId = useId();

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
            {ui('common.retry')}
          </Button>
        </div>
      );
    }
    if (!available.data) return <p className="rd-transcript-summary__status">{t('summary.unavailable')}</p>;
    return (
      <>
        <SummaryState summary={current} onSeek={onSeek} />
        {current?.state === SUMMARY_STATE.Processing ? (
          <Button size="sm" loading={cancel.isPending} onClick={() => cancel.mutate()} data-testid="summary.cancel">
            {t('summary.cancel')}
          </Button>
        ) : null}
        {cancel.isError ? (
          <p role="alert" className="rd-transcript-summary__error">
            {t('summary.cancelError')}
          </p>
        ) : null}
        {current?.state === SUMMARY_STATE.Processing ? null : writing ? (
          <form
            className="rd-transcript-summary__form"
            onSubmit={(event) => {
              event.preventDefault();
              if (!written.trim()) return;
              upload.mutate({ taskId, summary: written }, { onSuccess: () => setWriting(false) });
            }}
          >
            <div className="rd-field">
              <label className="rd-field__label" htmlFor={`${writeId}-text`}>
                {t('summary.writeLabel')}
              </label>
              <textarea
                id={`${writeId}-text`}
                className="rd-input rd-focusable"
                aria-describedby={`${writeId}-hint`}
                value={written}
                maxLength={20_000}
                rows={6}
                onChange={(event) => setWritten(event.target.value)}
                data-testid="summary.upload.text"
              />
              <p id={`${writeId}-hint`} className="rd-transcript-summary__hint">
                {t('summary.writeHint')}
              </p>
            </div>
            <Button
              type="submit"
              variant="primary"
              size="sm"
              loading={upload.isPending}
              disabled={!written.trim()}
              data-testid="summary.upload.save"
            >
              {t('summary.save')}
            </Button>
            <Button size="sm" onClick={() => setWriting(false)}>
              {t('summary.discard')}
            </Button>
            {upload.isError ? (
              <p role="alert" className="rd-transcript-summary__error">
                {t('summary.uploadError')}
              </p>
            ) : null}
          </form>
        ) : (
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
                {t('summary.cost', {
                  count: cost.data.costsInCredits,
                  credits: cost.data.costsInCredits.toLocaleString(),
                })}
              </p>
            ) : null}
            <Button type="submit" variant="primary" size="sm" loading={request.isPending} data-testid="summary.request">
              {current ? t('summary.regenerate') : t('summary.request')}
            </Button>
            <Button
              size="sm"
              onClick={() => {
                setWritten(current?.state === SUMMARY_STATE.Uploaded ? (current.summary ?? '') : '');
                setWriting(true);
              }}
              data-testid="summary.write"
            >
              {t('summary.write')}
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

/** How a summary that ended without text shows (states 2–5): its words and whether it is an error. */
interface Ended {
  state: string;
  key: EditorKey;
  alert: boolean;
}
const FAILED: Ended = { state: 'failed', key: 'summary.failed', alert: true };
const ENDED: Record<number, Ended> = {
  [SUMMARY_STATE.Failed]: FAILED,
  [SUMMARY_STATE.Timeout]: { state: 'timeout', key: 'summary.timeout', alert: true },
  [SUMMARY_STATE.CanceledByUser]: { state: 'canceled-by-user', key: 'summary.canceledByUser', alert: false },
  [SUMMARY_STATE.CanceledExternally]: { state: 'canceled-externally', key: 'summary.canceledExternally', alert: true },
};

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
    case SUMMARY_STATE.Uploaded:
      break;
    default: {
      const ended = ENDED[summary.state] ?? FAILED;
      return (
        <div
          role={ended.alert ? 'alert' : 'status'}
          className={ended.alert ? 'rd-transcript-summary__error' : 'rd-transcript-summary__status'}
          data-testid="summary.state"
          data-state={ended.state}
        >
          <p>{t(ended.key)}</p>
          {summary.failureMessage ? <p className="rd-transcript-summary__hint">{summary.failureMessage}</p> : null}
        </div>
      );
    }
  }
  const lines = summaryLines(summary.summary);
  const uploaded = summary.state === SUMMARY_STATE.Uploaded;
  // An extractive summary that carries a failure was made because the language model failed.
  const fallback = summary.method === 'extractive' && Boolean(summary.failureMessage);
  return (
    <div data-testid="summary.state" data-state={uploaded ? 'uploaded' : 'processed'}>
      <p
        className="rd-transcript-summary__method"
        data-testid="summary.method"
        data-method={uploaded ? 'uploaded' : fallback ? 'extractive-fallback' : (summary.method ?? '')}
      >
        {uploaded
          ? t('summary.uploaded')
          : summary.method === 'language-model'
            ? t('summary.languageModel', { model: summary.modelName ?? '' })
            : fallback
              ? t('summary.extractiveFallback')
              : t('summary.extractive')}
      </p>
      {fallback ? <p className="rd-transcript-summary__hint">{summary.failureMessage}</p> : null}
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
