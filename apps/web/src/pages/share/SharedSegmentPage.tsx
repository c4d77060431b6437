/**
 * /share/segment/:accessKey — the public page of a shared media segment (product-spec §1): no
 * sign-in, laid out for a phone first. It plays the segment's own file (the server never gives out
 * the recording around it) with its transcript words, the word being spoken marked. While the
 * segment is being prepared the page asks again every few seconds; a failed rendering, an unknown
 * link and an expired share each get a page of their own. Once the share is known, the page speaks
 * the language it was shared in (the sharer's, or the one they chose for the recipients) rather
 * than whatever the visitor's browser last used here; before that, the app's own.
 */
import { isApiError } from '@reviewdesk/api-client';
import {
  CULTURES,
  EmptyState,
  ErrorState,
  LoadingState,
  toLanguage,
  useApiClient,
  useReviewdesk,
} from '@reviewdesk/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { WEB_NAMESPACE, type WebKey } from '../../i18n/resources';
import { useWebTranslation } from '../../i18n/useWebTranslation';

const GENERATING = 10;
const FAILED = 20;
/** How often a segment being prepared is asked for again. */
const POLL_MS = 3000;

/** Test ids: `shared-segment`, `shared-segment.media`, `shared-segment.words`, `shared-segment.gone`, `shared-segment.unknown`, `shared-segment.preparing`, `shared-segment.failed`. */
export function SharedSegmentPage() {
  const { accessKey = '' } = useParams();
  const app = useWebTranslation();
  const { i18n } = useReviewdesk();
  const api = useApiClient();
  const [time, setTime] = useState(0);
  const segment = useQuery({
    ...api.queryOptions('get', '/api/v{version}/SdTaskShare/Public/{accessKey}', { params: { path: { accessKey } } }),
    retry: false,
    refetchInterval: (query) => (query.state.data?.shareStatus === GENERATING ? POLL_MS : false),
  });

  const sharedIn = segment.data?.language ? toLanguage(segment.data.language) : app.language;
  const t = (key: WebKey, options: Record<string, unknown> = {}) =>
    sharedIn === app.language ? app.t(key, options) : i18n.t(key, { ...options, ns: WEB_NAMESPACE, lng: sharedIn });

  if (segment.isPending) return <LoadingState />;
  if (segment.isError) {
    const status = isApiError(segment.error) ? segment.error.status : 0;
    if (status === 410) {
      return (
        <section className="rd-shared-segment" data-testid="shared-segment.gone">
          <EmptyState title={t('sharedSegment.goneTitle')} description={t('sharedSegment.goneDescription')} />
        </section>
      );
    }
    if (status === 404 || status === 400) {
      return (
        <section className="rd-shared-segment" data-testid="shared-segment.unknown">
          <EmptyState title={t('sharedSegment.unknownTitle')} description={t('sharedSegment.unknownDescription')} />
        </section>
      );
    }
    return (
      <section className="rd-shared-segment">
        <ErrorState description={t('sharedSegment.loadFailed')} onRetry={() => void segment.refetch()} />
      </section>
    );
  }
  const data = segment.data;
  if (data.shareStatus === GENERATING || (data.shareStatus !== FAILED && !data.mediaUrl)) {
    return (
      <section className="rd-shared-segment" data-testid="shared-segment.preparing">
        <LoadingState label={t('sharedSegment.preparing')} />
      </section>
    );
  }
  if (data.shareStatus === FAILED) {
    return (
      <section className="rd-shared-segment" data-testid="shared-segment.failed">
        <EmptyState title={t('sharedSegment.failedTitle')} description={t('sharedSegment.failedDescription')} />
      </section>
    );
  }
  const Media = data.isVideo ? 'video' : 'audio';
  return (
    <article className="rd-shared-segment" data-testid="shared-segment" lang={sharedIn}>
      <h1 className="rd-shared-segment__title">{data.taskName}</h1>
      {data.shareDescription ? <p className="rd-shared-segment__description">{data.shareDescription}</p> : null}
      <Media
        className="rd-shared-segment__media"
        src={data.mediaUrl ?? undefined}
        controls
        playsInline
        preload="metadata"
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
        data-testid="shared-segment.media"
      />
      <p className="rd-shared-segment__words" data-testid="shared-segment.words">
        {data.words.map((word, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: words repeat and never move
            key={index}
            className="rd-shared-segment__word"
            aria-current={time >= word.start && time < word.end ? 'true' : undefined}
          >
            {word.text}{' '}
          </span>
        ))}
      </p>
      <p className="rd-shared-segment__expires">
        {t('sharedSegment.expires', {
          date: new Intl.DateTimeFormat(CULTURES[sharedIn], { dateStyle: 'long', timeStyle: 'short' }).format(
            new Date(data.expiresOn),
          ),
        })}
      </p>
    </article>
  );
}
